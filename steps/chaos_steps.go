package steps

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/scenario"
)

// faultPhrases are the phrases that inject and heal faults through the
// chaos engine, registered with the others by definitions. A fault kind
// needs a phrase of its own only where the generic one ("I inject KIND on
// "S"", options as `saltlab chaos` takes them) reads badly in a feature;
// its phrase goes here, beside its registration.
func faultPhrases() []def {
	out := make([]def, 0, len(faultDefs()))
	for _, f := range faultDefs() {
		out = append(out, f.def)
	}
	return out
}

// faultDef is a fault phrase and the kind it injects: "" for a heal or a
// check, kindInGroup for the generic phrase, whose first group names it.
type faultDef struct {
	def
	kind string
}

const kindInGroup = "<group 1>"

func faultDefs() []faultDef {
	return []faultDef{
		{def{`^I inject ([a-z][a-z-]*) on "([^"]+)"(?: with (.+))?$`, injectFault}, kindInGroup},
		{def{`^I pause "([^"]+)"$`, pauseService}, string(chaos.KindPause)},
		{def{`^I resume "([^"]+)"$`, resumeService}, ""},
		{def{`^I isolate "([^"]+)" from the network$`, isolateService}, string(chaos.KindIsolate)},
		{def{`^I partition "([^"]+)" from "([^"]+)"$`, partitionServices}, string(chaos.KindPartition)},
		{def{`^I drop what "([^"]+)" sends to "([^"]+)"$`, dropOneWay}, string(chaos.KindPartition)},
		{def{`^I block port (\d+) on "([^"]+)"$`, blockPort}, string(chaos.KindPortBlock)},
		{def{`^I add (\d+)ms latency to "([^"]+)"$`, addLatency}, string(chaos.KindLatency)},
		{def{`^I freeze the "([^"]+)" process on "([^"]+)"$`, freezeProcess}, string(chaos.KindProcStop)},
		{def{`^I kill the "([^"]+)" process on "([^"]+)"$`, killProcess}, string(chaos.KindProcKill)},
		{def{`^I make "([^"]+)" unresolvable on "([^"]+)"$`, breakDNS}, string(chaos.KindDNS)},
		{def{`^all faults are healed$`, healAllFaults}, ""},
		{def{`^every minion runs on another node than "([^"]+)"$`, minionsElsewhere}, ""},
		{def{`^the node of "([^"]+)" is lost$`, loseNode}, string(chaos.KindNodePause)},
		{def{`^within (\d+) s the swarm marks the node of "([^"]+)" down$`, nodeMarkedDown}, ""},
		{def{`^the node of "([^"]+)" comes back$`, nodeBack}, ""},
	}
}

// injectFault is the generic phrase: any kind of the chaos registry, or
// an alias, on a service or a group, with its options in words ("--delay
// 200ms --ports 4505"), read by the registry as `saltlab chaos` reads
// its flags.
func injectFault(ctx context.Context, kind, service, options string) error {
	names, err := worldFrom(ctx).Lab.Roles().ServicesNamed(service)
	if err != nil {
		return err
	}
	s, err := chaos.ParseWords(kind, names, strings.Fields(options))
	if err != nil {
		return err
	}
	desc := kind + " on " + service
	if options != "" {
		desc += " with " + options
	}
	return inject(ctx, s, desc)
}

// errNoChaos is returned by fault steps when the runner gave no engine.
var errNoChaos = errors.New("this run has no chaos engine (scenario.Deps.Chaos is nil)")

// inject runs one fault through the engine and marks when it took effect.
func inject(ctx context.Context, s chaos.Spec, desc string) error {
	w := worldFrom(ctx)
	if w.Chaos == nil {
		return fmt.Errorf("%s: %w", desc, errNoChaos)
	}
	var err error
	if s.Targets, err = w.Lab.Roles().ServicesNamed(s.Targets...); err != nil {
		return fmt.Errorf("%s: %w", desc, err)
	}
	if s.Peers, err = w.Lab.Roles().ServicesNamed(s.Peers...); err != nil {
		return fmt.Errorf("%s: %w", desc, err)
	}
	if s.Name != "" {
		if s.Name, err = w.Lab.Roles().ServiceNamed(s.Name); err != nil {
			return fmt.Errorf("%s: %w", desc, err)
		}
	}
	for _, t := range append(append([]string(nil), s.Targets...), s.Peers...) {
		if !contains(w.Lab.Services(), t) {
			return fmt.Errorf("%s: no service %q; the lab has %v", desc, t, w.Lab.Services())
		}
	}
	s.Scenario = w.Name
	if _, err := w.Chaos.Inject(ctx, s); err != nil {
		if errors.Is(err, chaos.ErrUnsupported) {
			// A host without the kernel feature skips the scenario, saying why.
			w.Warnf("SKIPPED: %v", err)
			return fmt.Errorf("%w: %s: %v", godog.ErrSkip, desc, err)
		}
		return fmt.Errorf("%s: %w", desc, err)
	}
	markFault(w, desc)
	return nil
}

// markFault dates the fault later bounds are measured from and tells it.
func markFault(w *world, desc string) {
	w.Faultf("%s at %s", desc, w.NoteFault().Format("15:04:05.000"))
}

// markHeal dates a heal later bounds are measured from; the fault ledger
// tells the heal itself, so this is a detail.
func markHeal(w *world, desc string) {
	w.Logf("%s at %s", desc, w.NoteFault().Format("15:04:05.000"))
}

// pauseService pauses one service or a group ("the minions"): one
// recorded fault per container, so each is healed on its own.
func pauseService(ctx context.Context, service string) error {
	names, err := worldFrom(ctx).Lab.Roles().ServicesNamed(service)
	if err != nil {
		return err
	}
	for _, n := range names {
		if err := inject(ctx, chaos.Spec{Kind: chaos.KindPause, Targets: []string{n}}, n+" paused"); err != nil {
			return err
		}
	}
	return nil
}

// resumeService heals the pending pauses of one service or a group and
// leaves every other fault in place.
func resumeService(ctx context.Context, service string) error {
	w := worldFrom(ctx)
	names, err := w.Lab.Roles().ServicesNamed(service)
	if err != nil {
		return err
	}
	for _, n := range names {
		id := -1
		for _, e := range w.Ledger.Pending() {
			if e.Target == n && e.Kind == chaos.KindPause {
				id = e.ID
			}
		}
		if id < 0 {
			return fmt.Errorf("resume %s: no pending pause of it in this scenario; pause it first with: I pause %q", n, n)
		}
		if err := w.Ledger.Undo(ctx, scenario.Undoer(w.Lab, w.Chaos), id); err != nil {
			return fmt.Errorf("resume %s: %w", n, err)
		}
	}
	markHeal(w, service+" resumed")
	return nil
}

func isolateService(ctx context.Context, service string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindIsolate, Targets: []string{service}}, service+" isolated")
}

func partitionServices(ctx context.Context, a, b string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindPartition, Targets: roles.SplitNames(a), Peers: roles.SplitNames(b)}, a+" partitioned from "+b)
}

func dropOneWay(ctx context.Context, a, b string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindPartition, Targets: roles.SplitNames(a), Peers: roles.SplitNames(b), OneWay: true}, "what "+a+" sends to "+b+" dropped")
}

func blockPort(ctx context.Context, port, service string) error {
	p, err := strconv.Atoi(port)
	if err != nil {
		return fmt.Errorf("block port %q: not a number", port)
	}
	return inject(ctx, chaos.Spec{Kind: chaos.KindPortBlock, Targets: []string{service}, Ports: []int{p}}, fmt.Sprintf("port %d of %s blocked", p, service))
}

func addLatency(ctx context.Context, ms, service string) error {
	n, err := strconv.Atoi(ms)
	if err != nil {
		return fmt.Errorf("add latency %qms: not a number", ms)
	}
	d := time.Duration(n) * time.Millisecond
	return inject(ctx, chaos.Spec{Kind: chaos.KindLatency, Targets: []string{service}, Delay: d}, fmt.Sprintf("%v latency on %s", d, service))
}

func freezeProcess(ctx context.Context, process, service string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindProcStop, Targets: []string{service}, Process: process}, process+" on "+service+" frozen (SIGSTOP)")
}

func killProcess(ctx context.Context, process, service string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindProcKill, Targets: []string{service}, Process: process, Signal: "KILL"}, process+" on "+service+" killed")
}

func breakDNS(ctx context.Context, name, service string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindDNS, Targets: []string{service}, Name: name}, name+" stops resolving on "+service)
}

// healAllFaults undoes the scenario's faults now (newest first); later
// bounds are measured from the heal.
func healAllFaults(ctx context.Context) error {
	w := worldFrom(ctx)
	if err := w.Ledger.UndoAll(ctx, scenario.Undoer(w.Lab, w.Chaos)); err != nil {
		return fmt.Errorf("heal all faults: %w", err)
	}
	markHeal(w, "faults healed")
	return nil
}
