// Package chaostest starts a small lab of plain containers from the base
// image for the chaos engine's Docker tests: "server" stands in for a
// master, "client" and "other" for minions (compiled only with the docker
// build tag). Its table of fault kinds, Kinds, is compiled always, so that
// a unit test holds it to the chaos registry without Docker.
package chaostest

import (
	"slices"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// Kind is one fault kind of the undo tests: the fault on the fixture and
// where the state it may change is observed (Fixture.Observe).
type Kind struct {
	Kind   fault.Kind
	Target string // the fixture service it acts on
	// Args are the arguments of `saltlab chaos` after the kind; nil for a
	// kind the command does not offer (key-action), injected with Spec.
	Args []string
	Spec chaos.Spec
	// Files are directories of the target whose entries (names, types,
	// modes, sizes, contents) the fault touches.
	Files []string
	// Swarm marks a kind that acts on a swarm node (chaos.Def.Swarm): the
	// fixture, a compose lab, refuses it; its undo is tested on a swarm
	// (internal/swarm/nodefault's Docker test).
	Swarm bool
}

// KeyActionMinion is the minion whose key the key-action row moves; the
// test puts an accepted key for it on "server" first.
const KeyActionMinion = "m1"

// rows are the kinds whose undo test cannot take the default row. The
// lifecycle faults act on "other", whose PID 1 is sleep: "server"'s start
// script makes a new key pair each time it starts.
var rows = []Kind{
	{Kind: chaos.KindStop, Target: "other", Args: []string{"other"}},
	{Kind: chaos.KindKill, Target: "other", Args: []string{"other"}},
	{Kind: chaos.KindPause, Target: "other", Args: []string{"other"}},
	{Kind: chaos.KindRestart, Target: "other", Args: []string{"other"}},
	{Kind: chaos.KindProcKill, Target: "server", Args: []string{"server", "--process", "nginx"}},
	{Kind: chaos.KindProcStop, Target: "server", Args: []string{"server", "--process", "nginx"}},
	{Kind: chaos.KindIsolate, Target: "server", Args: []string{"server"}},
	{Kind: chaos.KindPartition, Target: "server", Args: []string{"server", "--from", "client"}},
	{Kind: chaos.KindPortBlock, Target: "server", Args: []string{"server", "--ports", "4505"}},
	{Kind: chaos.KindLatency, Target: "server", Args: []string{"server", "--delay", "200ms", "--ports", "4505"}},
	{Kind: chaos.KindLoss, Target: "server", Args: []string{"server", "--percent", "50"}},
	{Kind: chaos.KindBandwidth, Target: "server", Args: []string{"server", "--rate", "1mbit"}},
	{Kind: chaos.KindDNS, Target: "client", Args: []string{"client", "--name", "server"}},
	{Kind: chaos.KindDiskFull, Target: "server", Args: []string{"server", "--path", "/dev/shm"}, Files: []string{"/dev/shm"}},
	{Kind: chaos.KindKeyReplace, Target: "server", Args: []string{"server"}, Files: []string{chaos.DefaultPKIDir}},
	{Kind: chaos.KindKeyAction, Target: "server", Files: []string{chaos.DefaultPKIDir},
		Spec: chaos.Spec{Kind: chaos.KindKeyAction, Targets: []string{"server"}, Minion: KeyActionMinion, KeyOp: "reject"}},
}

// Kinds has a row for every kind of the chaos registry, in its order: the
// kind's row above, or by default the kind on "server" through `saltlab
// chaos` with the options it cannot do without at their usage examples.
// A new kind is undo-tested without a row here; it needs one only when
// that default does not fit the fixture.
func Kinds() []Kind {
	var out []Kind
	for _, d := range chaos.Defs() {
		i := slices.IndexFunc(rows, func(k Kind) bool { return k.Kind == d.Kind })
		if i >= 0 {
			out = append(out, rows[i])
			continue
		}
		args := []string{"server"}
		for _, a := range d.Args {
			if !a.Optional {
				args = append(args, "--"+a.Name)
				if !a.Switch {
					args = append(args, a.Example)
				}
			}
		}
		out = append(out, Kind{Kind: d.Kind, Target: "server", Args: args, Swarm: d.Swarm})
	}
	return out
}
