package capacity

import (
	"time"

	"github.com/saltlab/saltlab/internal/usage"
)

// swarmMinionSim is one minion of the double's swarm mode: its own key
// pair, connections, job queue and event bus inside a shared process. A
// container of 50 used 11-20 MiB with `docker stats` (16 MiB for the
// container is counted apart), under 0.4 MiB a minion; 1 MiB leaves room
// for the job cache a suite grows.
const swarmMinionSim = 1 * mib

// swarmMinionReal is one real Salt minion in a swarm container: one
// salt-minion process (compose/lib/minion-swarm runs it with
// --disable-keepalive and jobs in threads). 200 minions of real Salt
// 3007.16 in 4 containers held 2.32-2.64 GiB a container of 50 with
// `docker stats`, 47-54 MiB a minion (run rfleet200a, 2026-11-27): 64 MiB
// leaves room for the job cache a suite grows.
const swarmMinionReal = 64 * mib

// SwarmMinionLimit is what a swarm container's memory limit allows each of
// its minions: twice a real minion's footprint (the heavier flavour: the
// lab sets the limit before it knows which runs), so a job burst is not
// what the OOM killer ends. A container sized for one minion was
// OOM-killed at its first 50 real ones (run rfleet150a).
const SwarmMinionLimit = 2 * swarmMinionReal

// SwarmStart is how long each minion of a fleet in swarms is given to
// start, by flavour (knobs.Settings.SwarmStart): every swarm starts at
// once on the host's cores. Real Salt's minions start in CPU-bound Python
// (imports, grains, the module loader, a key pair): measured on 2 cores
// with fuse-overlayfs storage, 200 minions healthy 215.7 s after the
// masters on 3007.16 (run rfleet200a) and 188.9 s on 3006.29 (rfleet200t),
// about 1.1 s a minion. Salt 3008.4 costs more: 100 minions healthy
// 200-223 s after the masters (BenchmarkFleet, 2026-11-28), 2.0 s a
// minion, and 200 were not healthy within the 1.5 s a minion allowed
// before; 2.7 s leaves a third for a busier host. The double's thousand
// generate their keys in about 66 s (benchmarks.md): 100 ms a minion, so
// a broken double fleet is still reported in minutes.
var SwarmStart = map[string]time.Duration{"real": 2700 * time.Millisecond, "sim": 100 * time.Millisecond}

// CheckFleet refuses a lab of flavour that this machine's memory cannot
// hold, before any Docker work: a fleet (--minions) is the one knob that
// makes a single lab outgrow the machine. It names the limit and how it
// was computed, and how many minions would fit.
func CheckFleet(flavor string, lab Lab, m Machine, minions int) error {
	l := For(flavor, lab, m)
	if l.Memory >= 1 {
		return nil
	}
	f := Footprints[l.Flavor]
	per := f.Minion
	if lab.SwarmMinions > 0 && f.SwarmMinion > 0 {
		per = f.SwarmMinion
	}
	fixed := l.PerLab - uint64(minions)*per
	fit := 0
	if m.Available > Reserve+fixed && per > 0 {
		fit = int((m.Available - Reserve - fixed) / per)
	}
	return usage.Errorf("validate --minions %d: this machine's memory holds no such lab: %s; use --minions %d or fewer", minions, l.Explain(), fit)
}

// HerdSignIns is how many sign-ins per second the surviving master of a
// flavour completes when a whole fleet fails over to it at once (the
// herd), measured on the 2-core test machine: a bound for a fleet's
// failover adds N / HerdSignIns (saltcfg.Minion.FleetAliveBound). The
// double: 1000 minions in 20 swarm containers, master-1 stopped while the
// fleet scenario probed master-2: the minions noticed within about 3 s
// and the last one was served 34 s after the stop, about 32 sign-ins a
// second (run fleet1000g, 2026-11-26). The herd waits on retries
// (auth_timeout, acceptance_wait_time) more than on CPU: the lab's
// containers used 45% of the two cores during one. The figure is 25,
// about 20% under the measured rate, for headroom. Real Salt has no
// figure yet (no fleet beyond one minion per container has run): its
// fleet bounds get no herd term, and say so.
var HerdSignIns = map[string]float64{"sim": 25}
