package steps

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/scenario"
)

// minionsFailBackAsConfigured: after the first master of a failover list
// came back, the minion daemons do what their master_failback says
// (salt-semantics §1.11): on, they return to master within
// saltcfg.FailbackBound (a job master publishes reaches them; their start
// event is not judged, as master restarted and its event stream may be
// watched only after the event, see masterReachesEveryMinionAgain); off,
// master reaches none of them for that whole window, as nothing moves a
// minion away from a live master. One scenario so asserts both settings:
// run it once as the topology ships (off) and once with
// `--set minion.master_failback=true`. The minions must agree on the
// setting, so one expectation holds for all of them.
func minionsFailBackAsConfigured(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return err
	}
	on, err := failbackSetting(ctx, w)
	if err != nil {
		return err
	}
	w.Logf("master_failback is %v on every minion: expecting the daemons %s %s", on, map[bool]string{true: "to return to", false: "to stay away from"}[on], master)
	failback := func(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.FailbackBound() }
	if !on {
		ref, err := w.Reference(fmt.Sprintf("expected %s to reach no minion (master_failback off)", master))
		if err != nil {
			return err
		}
		bounds, err := w.PollMinions(ctx, ref.Time, scenario.MinionPoll{BoundOf: failback, Try: pingFrom(w, master), Overlap: reachProbeEvery})
		if err != nil {
			return err
		}
		return w.Judge(checker.NameFailover, checker.FailoverParams{Since: ref.Index, F: history.SaltPingOp, Fun: "test.ping", Master: master, Bounds: bounds, Absent: true},
			"master_failback off: daemon stays away from "+master, true)
	}
	if ref, err := w.Reference("expected " + master + " to reach every minion again"); err == nil {
		w.AwaitWatched(ctx, master, ref)
	}
	ref, bounds, err := reachEveryMinion(ctx, w, master, failback)
	if err != nil {
		return err
	}
	return w.JudgeReached(ref, master, bounds, "master_failback on: daemon returns to "+master)
}

// failbackSetting reads master_failback from every minion's configuration
// and fails when they differ.
func failbackSetting(ctx context.Context, w *world) (bool, error) {
	seen := map[bool][]string{}
	for _, m := range scenario.Minions(w.Lab) {
		cfg, err := scenario.MinionConfig(ctx, w.Lab, m)
		if err != nil {
			return false, fmt.Errorf("read master_failback of %s: %w", m, err)
		}
		seen[cfg.MasterFailback] = append(seen[cfg.MasterFailback], m)
	}
	if len(seen) != 1 {
		return false, fmt.Errorf("read master_failback: the minions disagree (on: %v, off: %v); one expectation needs one setting", seen[true], seen[false])
	}
	_, on := seen[true]
	return on, nil
}
