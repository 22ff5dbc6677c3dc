package steps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltout"
	"github.com/saltlab/saltlab/internal/scenario"
)

// masterCLITimeout is the `salt -t` value used when probing one minion.
const masterCLITimeout = 3

// reachProbeEvery spaces out overlapping `salt <minion> test.ping` probes
// (scenario.MinionPoll.Overlap): a probe that reaches the minion answers within
// about a second once its CLI runs, one that misses lasts probeAttempt, so
// probes are started this often instead of one after another.
const reachProbeEvery = 4 * time.Second

// cliStartup is how long a Salt CLI may take to start and publish: real
// Salt 3008.4's `salt` published its job 3.4 s after it began on two cores
// during a failover, 6.7 s while a SIGKILLed salt-master started again
// beside it in a CI run, where another had not published when it was ended
// at 7 s (measured 2026-11-27; 1.5 s when idle); the double's takes
// milliseconds. An attempt ended before its CLI published proves nothing.
const cliStartup = 9 * time.Second

// probeAttempt bounds one probe: -t plus the CLI's start. A probe that
// misses would otherwise wait out a find_job round too (the master's
// gather_job_timeout, 10 s by default; Salt's CLI has no option to shorten
// it), and three or four such misses per minion at once, each a Python
// process in the container of the master under test, slowed the master
// being measured. An attempt ended here is still judged by the master's
// bus: a return of its job there means the master served the minion
// (checker.FailoverTime).
const probeAttempt = masterCLITimeout*time.Second + cliStartup

// saltCallServedWithinBound: every minion's salt-call test.ping succeeds,
// served by master, within the bound its own config allows for reaching
// that master (saltcfg.CallBound), measured from the last fault or, when
// the step begins later, from each minion's first call. Which
// master served is the master whose bus carried the call's return event
// (salt-call returns to the master it signed in to, with jid "req"), not
// anything the minion says about itself.
func saltCallServedWithinBound(ctx context.Context, master string) error {
	return saltCallServed(ctx, master, "")
}

// saltCallServedOrBack is saltCallServedWithinBound where back, the
// faulted master, may serve too once it is back: a killed daemon that
// its supervisor starts again 5 s later, as the users' systemd does,
// can take a salt-call back before the step gets to ask.
func saltCallServedOrBack(ctx context.Context, master, back string) error {
	return saltCallServed(ctx, master, back)
}

// saltCallServed is the two steps above; back is "" when only master may
// serve.
func saltCallServed(ctx context.Context, master, back string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	const f = history.CallPingOp
	ref, err := w.Reference("expected every minion's " + f + " to be served by " + master)
	if err != nil {
		return err
	}
	if back != "" {
		if back, rerr = w.Lab.Roles().ServiceNamed(back); rerr != nil {
			return rerr
		}
		if ref.Phase == history.End || ref.Target != back {
			return fmt.Errorf("expected %s to be the target of the scenario's last fault, which may serve once back; observed the last fault entry %d: %s %s (%s)", back, ref.Index, ref.Kind, ref.Target, ref.Phase)
		}
	}
	boundOf := func(cfg saltcfg.Minion) (saltcfg.Bound, error) {
		idx, rule, err := cfg.Position(master, scenario.Masters(w.Lab))
		if err != nil {
			return saltcfg.Bound{}, err
		}
		b := cfg.CallBound(idx)
		b.Explain = rule + ": " + b.Explain
		return b, nil
	}
	// The bound is one call's cost (checker PerCall), so it runs from now
	// when an earlier step took the time since the fault.
	start := ref.Time
	if now := time.Now(); now.After(start) {
		start = now
	}
	bounds, err := w.PollMinions(ctx, start, scenario.MinionPoll{BoundOf: boundOf, Try: func(ctx context.Context, m string, left time.Duration) bool {
		_, o := w.SaltCall(ctx, m, left, "test.ping")
		if !o.OK() {
			return false
		}
		by := w.ServedBy(ctx, o.Inv, m, "test.ping")
		_, served := by[master]
		// The faulted master serving means it is back (its supervisor
		// restarted it): every later call would go to it too, and the
		// checker judges no attempt from there on.
		_, returned := by[ref.Target]
		return served || (returned && ref.Phase != history.End)
	}})
	if err != nil {
		return err
	}
	return w.Judge(checker.NameFailover, checker.FailoverParams{Since: ref.Index, F: f, Fun: "test.ping", Master: master, Bounds: bounds, PerCall: true, OrBack: back != ""},
		"salt-call test.ping failover to "+master, false)
}

// masterReachesEveryMinion: the minion daemons fail over, so master
// publishes test.ping to each minion and gets true back, within the bound
// of the alive check (saltcfg.AliveBound). After a fault (not a heal) the
// minions moved to master, so each must also have announced itself there
// (its start event), and every return must have gone where it belongs.
func masterReachesEveryMinion(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	ref, bounds, err := reachEveryMinion(ctx, w, master, aliveBound)
	if err != nil {
		return err
	}
	errs := []error{w.Judge(checker.NameFailover, checker.FailoverParams{Since: ref.Index, F: history.SaltPingOp, Fun: "test.ping", Master: master, Bounds: bounds},
		"daemon failover: "+master+" reaches minion", false)}
	if ref.Phase == history.Start {
		errs = append(errs, w.Judge(checker.NameStartEvent, checker.StartParams{Since: ref.Index, Master: master, Bounds: bounds},
			"start event on "+master, false))
	}
	errs = append(errs, w.Judge(checker.NameDelivery, scenario.DeliveryOf(w.Lab, ref.Index, history.SaltPingOp), "", false))
	return errors.Join(errs...)
}

// reachEveryMinion polls `salt <minion> test.ping` on master for every
// minion until it returns true or the minion's bound passes.
func reachEveryMinion(ctx context.Context, w *world, master string, boundOf func(saltcfg.Minion) (saltcfg.Bound, error)) (history.Entry, map[string]checker.Bound, error) {
	ref, err := w.Reference(fmt.Sprintf("expected %s to reach every minion", master))
	if err != nil {
		return ref, nil, err
	}
	bounds, err := w.PollMinions(ctx, ref.Time, scenario.MinionPoll{BoundOf: boundOf, Try: pingFrom(w, master), Overlap: reachProbeEvery})
	return ref, bounds, err
}

// masterReachesNoMinion is the negative of masterReachesEveryMinion, held
// for the whole alive-check bound: it documents Salt behaviour where minion
// daemons do NOT fail over (e.g. salt-semantics §1.9: a master name that
// stops resolving fires no disconnect).
func masterReachesNoMinion(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	ref, err := w.Reference(fmt.Sprintf("expected %s to reach no minion", master))
	if err != nil {
		return err
	}
	bounds, err := w.PollMinions(ctx, ref.Time, scenario.MinionPoll{BoundOf: aliveBound, Try: pingFrom(w, master)})
	if err != nil {
		return err
	}
	return w.Judge(checker.NameFailover, checker.FailoverParams{Since: ref.Index, F: history.SaltPingOp, Fun: "test.ping", Master: master, Bounds: bounds, Absent: true},
		"daemon stays away from "+master, true)
}

func aliveBound(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.AliveBound() }

// pingFrom makes one recorded `salt <minion> test.ping` on master: a
// minion's poll is over once it returned true. (Holding an absence, that
// ends the poll early too: the checker judges it a failure.)
func pingFrom(w *world, master string) func(context.Context, string, time.Duration) bool {
	return func(ctx context.Context, minion string, left time.Duration) bool {
		rets, _, _ := w.SaltJob(ctx, master, minion, masterCLITimeout, min(left, probeAttempt), func(r saltout.Returns) bool { return r.True(minion) }, "test.ping")
		return rets.True(minion)
	}
}
