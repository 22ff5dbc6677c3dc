package drill

import (
	"fmt"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// faultID is incident action i's fault in the history.
func faultID(i int) string { return fmt.Sprintf("drill-%d", i) }

// openFaults are the drill's faults whose window is open in h (a start
// and no end after it), by id, with their start.
func openFaults(h []history.Entry) map[string]history.Entry {
	open := map[string]history.Entry{}
	for _, e := range h {
		if e.Type != history.Fault || !strings.HasPrefix(e.FaultID, "drill-") {
			continue
		}
		if e.Phase == history.Start {
			open[e.FaultID] = e
		} else {
			delete(open, e.FaultID)
		}
	}
	return open
}

// mendedBy are the verbs that end a fault of each kind on its target,
// from outside the container: a stopped or killed container booted, a
// paused one unpaused, and a restart, which ends them all and every
// frozen or killed daemon in it.
var mendedBy = map[history.FaultKind][]string{
	history.FaultStop:     {spec.VerbBoot, spec.VerbRestart},
	history.FaultKill:     {spec.VerbBoot, spec.VerbRestart},
	history.FaultPause:    {spec.VerbUnpause, spec.VerbRestart},
	history.FaultProcStop: {spec.VerbRestart},
	history.FaultProcKill: {spec.VerbRestart},
}

// mends says whether verb, done to a fault's target, ended it. A network
// fault (chaos.IsNetwork) lives in the target's network namespace: the
// reconnect verb undoes it, and a restart gives the container a fresh
// namespace, which leaves its rules behind in the old one.
func mends(kind history.FaultKind, verb string) bool {
	if chaos.IsNetwork(kind) {
		return verb == spec.VerbReconnect || verb == spec.VerbRestart
	}
	return slices.Contains(mendedBy[kind], verb)
}

// mendFaults records the end of each open fault of the drill on service
// that verb, just done, ended: its window closes when the learner (or a
// solution playing one) mended it, not when saltlab heals the lab at the
// drill's end, so what the checkers read of that master afterwards (its
// events, its jobs) is judged again.
func (s *Session) mendFaults(verb, service string) {
	h, err := history.Read(s.hist.Path())
	if err != nil {
		return
	}
	for id, e := range openFaults(h) {
		if e.Target == service && mends(e.Kind, verb) {
			s.hist.Append(history.Entry{Type: history.Fault, Phase: history.End, Kind: e.Kind, Target: e.Target, Program: e.Program, FaultID: id})
		}
	}
}
