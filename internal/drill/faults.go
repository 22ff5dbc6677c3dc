package drill

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/drill/spec"
)

// ChaosSpec is a drill's fault as the chaos engine takes it, checked as
// `saltlab chaos` checks its flags: a drill can hold only what the
// catalogue (and the scenarios' key actions) can inject and undo.
func ChaosSpec(f spec.Fault) (chaos.Spec, error) {
	s := chaos.Spec{Targets: []string{f.Target}, Peers: f.From, OneWay: f.OneWay, Process: f.Process, Signal: f.Signal, Ports: f.Ports, Minion: f.Minion, KeyOp: f.KeyOp, Path: f.Path}
	if f.Kind == string(chaos.KindKeyAction) {
		s.Kind = chaos.KindKeyAction
	} else {
		info, err := chaos.Lookup(f.Kind)
		if err != nil {
			return s, fmt.Errorf("fault kind %q: %w (`saltlab chaos list` names them)", f.Kind, err)
		}
		s.Kind = info.Kind
	}
	if s.Kind == chaos.KindDiskFull && s.Path == "" {
		s.Path = "/dev/shm"
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}
