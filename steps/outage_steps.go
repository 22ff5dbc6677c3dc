package steps

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/scenario"
)

// Steps for masters that go away as a whole and come back: a killed
// container, every master down, a master cold-started while the others
// stay down (issue 10, families 1, 7 and 8).

// killService kills a container (SIGKILL, no grace): unlike a stop, the
// master gets no chance to close its connections, yet the kernel of the
// dead container's network namespace is gone with it. Healed by starting it.
func killService(ctx context.Context, service string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindKill, Targets: []string{service}, Signal: "KILL"}, service+" killed (docker kill)")
}

// startServiceAgain heals the one pending stop or kill of service, leaving
// every other fault in place (a master cold-started while another stays
// down). The undo goes through the ledger, so it is recorded, and later
// bounds are measured from it.
func startServiceAgain(ctx context.Context, service string) error {
	w := worldFrom(ctx)
	service, err := w.Lab.Roles().ServiceNamed(service)
	if err != nil {
		return err
	}
	id := -1
	for _, e := range w.Ledger.Pending() {
		if e.Target == service && (e.Kind == chaos.KindStop || e.Kind == chaos.KindKill) {
			id = e.ID
		}
	}
	if id < 0 {
		return fmt.Errorf("start %s again: no pending stop or kill of it in this scenario", service)
	}
	if err := w.Ledger.Undo(ctx, scenario.Undoer(w.Lab, w.Chaos), id); err != nil {
		return fmt.Errorf("start %s again: %w", service, err)
	}
	markHeal(w, service+" started again")
	return nil
}

// masterReachesEveryMinionAgain: after the minions' masters were all down,
// master (back now) publishes test.ping to each minion and gets true back
// within the minion's reconnect bound (saltcfg.ReconnectBound): a job
// published by master reaches a minion only once the minion signed in to it
// again and subscribed (salt-semantics §1.7, §1.10). The minion's start
// event on master, when recorded before the first return, dates the
// reconnect (checker FailoverParams.SignedIn): probes published before it
// are lost, and the next one's CLI took 7.6 s to publish on a loaded
// machine, after the bound, though the minion had signed in 5 s before its
// end. The start event is not required: master's event stream can only be
// watched again after master started, so it may precede the watcher. A
// served probe is, so the poll goes on past the bound for one attempt.
func masterReachesEveryMinionAgain(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return err
	}
	ref, err := w.Reference("expected " + master + " to reach every minion again")
	if err != nil {
		return err
	}
	w.AwaitWatched(ctx, master, ref)
	reconnect := func(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.ReconnectBound() }
	bounds, err := w.PollMinions(ctx, ref.Time, scenario.MinionPoll{BoundOf: reconnect, Try: pingFrom(w, master), Overlap: reachProbeEvery, Past: probeAttempt})
	if err != nil {
		return err
	}
	return w.JudgeReachedBy(ref, master, bounds, "reconnect: "+master+" reaches minion", true)
}
