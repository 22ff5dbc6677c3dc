// Package capacity says how many labs of one topology this machine can run
// at once (`saltlab run --parallel`): at most three labs per two cores for
// the double and one per two cores for real Salt, and no more than the memory
// the host has available holds, counted per container from figures
// measured on a 2-core machine for each Salt flavour.
//
// Why these rules: a scenario mostly waits on Salt's own timers (alive
// intervals, sign-in retries), so a lab of the double idles most of the
// time, but bring-up, salt-api and the minions' key exchange are
// CPU-bound: two labs per core made them miss their bounds, three labs on
// two cores did not (the failover default selection, 22 of 22 in two runs
// of 106 s and 105 s against 229 s on one lab, idle 2-core machine,
// 2026-11-27; runs par3a, par3b). Real Salt's CLI and
// daemons are Python processes that need more: a real lab beside one lab
// of the double on 2 cores missed the alive-check bound (its `salt` CLI
// took over 4 s an attempt) in 6 of 22 scenarios, and in 1 of 26 in CI,
// where alone it passed 26 of 26 (3008.4, measured 2026-11-26); two real
// labs with the health checks at 1 s passed the failover selection but in
// 0.94 and 0.98 of one lab's time (2026-12-03): real Salt fills both cores
// alone, so a second lab only halves each lab's headroom. Memory is
// the hard limit: a lab that the kernel's OOM killer trims fails in ways
// no scenario means.
package capacity

import (
	"fmt"
	"runtime"

	"github.com/saltlab/saltlab/internal/usage"
)

const mib = 1 << 20

// Footprint is the resident memory one container of a role needs, in
// bytes, with headroom over the measured figure.
type Footprint struct {
	Master, Minion, Other uint64
	// SwarmMinion is one more minion in a swarm container (the swarm
	// layout of --minions, knobs.Layout); 0 when the flavour has none.
	SwarmMinion uint64
}

// Footprints by Salt flavour ("real", "sim"). Real Salt 3008.4, measured
// with `docker stats --no-stream` on idle labs after a scenario (see
// docs/benchmarks.md): a master with salt-api 452 MiB, a minion 156-160
// MiB, the Nginx balancer 12.5 MiB. The figures round up to 460 and 170
// MiB (a master's memory grows with its job cache and a minion's with
// each return, a few MiB over a suite), and 64 MiB for any other
// container (the balancer, an exited init, a chaos helper while a network
// fault is on). The double's figures are measured the same way on a sim
// lab and rounded up likewise.
var Footprints = map[string]Footprint{
	"real": {Master: 460 * mib, Minion: 170 * mib, Other: 64 * mib, SwarmMinion: swarmMinionReal},
	"sim":  {Master: 32 * mib, Minion: 16 * mib, Other: 64 * mib, SwarmMinion: swarmMinionSim},
}

// Pace is how many labs of a flavour a number of cores carries and keeps
// their bounds (see the package comment); an unknown flavour counts as
// real.
type Pace struct{ Labs, Cores int }

// Paces by flavour: three labs of the double per two cores, one lab of
// real Salt per two cores.
var Paces = map[string]Pace{"real": {Labs: 1, Cores: 2}, "sim": {Labs: 3, Cores: 2}}

// MaxLabs bounds --parallel whatever the machine, so a slip of the
// keyboard (--parallel 500) is refused as such rather than measured
// against memory; each lab also takes one /24 of the lab subnet pool.
const MaxLabs = 32

// Reserve is memory left to everything that is not a lab: the Docker
// engine, the saltlab process with its history and godog, the page cache
// the images are read through.
const Reserve = 1024 * mib

// Lab is one lab's containers by role, and the minions its swarm
// containers run (counted beside the containers that hold them).
type Lab struct {
	Masters, Minions, Others int
	SwarmMinions             int
}

// Machine is what the host offers: cores, and memory available now
// (MemAvailable, so what other processes hold is not counted as free).
type Machine struct {
	Cores     int
	Available uint64
}

// Limit is how many labs of a topology the machine can hold, and why.
type Limit struct {
	Cores   int    // labs the cores allow: cores x Pace, at least one
	Memory  int    // labs the memory allows
	PerLab  uint64 // one lab's memory, bytes
	Flavor  string // whose footprint was counted
	machine Machine
	lab     Lab
	foot    Footprint
}

// For computes the limit for a lab of flavour on m. An unknown flavour
// (auto) counts real Salt's footprint: auto tries real Salt first.
func For(flavor string, lab Lab, m Machine) Limit {
	f, ok := Footprints[flavor]
	if !ok {
		flavor = "real"
		f = Footprints[flavor]
	}
	per := uint64(lab.Masters)*f.Master + uint64(lab.Minions)*f.Minion + uint64(lab.Others)*f.Other +
		uint64(lab.SwarmMinions)*f.SwarmMinion
	pace := Paces[flavor]
	l := Limit{Cores: max(m.Cores*pace.Labs/pace.Cores, 1), PerLab: per, Flavor: flavor, machine: m, lab: lab, foot: f}
	if per > 0 && m.Available > Reserve {
		l.Memory = int((m.Available - Reserve) / per)
	}
	return l
}

// Default is the number of labs a run uses when --parallel is not given:
// as many as the cores allow and memory holds, at least one (a machine short of
// memory for one lab still gets the one lab it always had).
func (l Limit) Default() int {
	return max(1, min(l.Cores, l.Memory))
}

// Check refuses n labs as bad input: fewer than one, or more than memory
// holds (one lab is always allowed, as before --parallel existed). More
// labs than cores is allowed when asked for: scenarios mostly wait.
func (l Limit) Check(n int) error {
	switch {
	case n < 1:
		return usage.Errorf("validate --parallel %d: want at least 1 lab (leave it out for the default, %d here: %s)", n, l.Default(), l.Explain())
	case n > 1 && n > l.Memory:
		return usage.Errorf("validate --parallel %d: this machine's memory holds at most %d lab(s) of this topology: %s; use --parallel %d or less, or leave it out", n, l.Memory, l.Explain(), max(l.Memory, 1))
	}
	return nil
}

// Explain says how the limit was computed, in one line.
func (l Limit) Explain() string {
	pace := Paces[l.Flavor]
	return fmt.Sprintf("%d core(s) at %d %s lab(s) per %d cores allow %d lab(s); (%d MiB available - %d MiB reserve) / %d MiB per lab (%s) = %d lab(s)",
		l.machine.Cores, pace.Labs, l.Flavor, pace.Cores, l.Cores, l.machine.Available/mib, uint64(Reserve)/mib, l.PerLab/mib, l.shape(), l.Memory)
}

// shape is one lab's memory sum as Explain prints it.
func (l Limit) shape() string {
	s := fmt.Sprintf("%s Salt: %d master(s) x %d + %d minion(s) x %d + %d other(s) x %d MiB",
		l.Flavor, l.lab.Masters, l.foot.Master/mib, l.lab.Minions, l.foot.Minion/mib, l.lab.Others, l.foot.Other/mib)
	if l.lab.SwarmMinions > 0 {
		s += fmt.Sprintf(" + %d swarm minion(s) x %.1f MiB", l.lab.SwarmMinions, float64(l.foot.SwarmMinion)/mib)
	}
	return s
}

// Host reads this machine's cores and available memory.
func Host() (Machine, error) {
	avail, err := memAvailable("/proc/meminfo")
	if err != nil {
		return Machine{}, err
	}
	return Machine{Cores: runtime.NumCPU(), Available: avail}, nil
}
