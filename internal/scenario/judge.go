package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/textclip"
)

// EventLag bounds how long a return event may take to reach the history
// after the operation it belongs to completed: the master fires it before
// the caller sees the answer, so this only covers the watcher's pipe.
const EventLag = 3 * time.Second

// Judge asks checker name for its verdict on the history so far, records
// the verdict (verdicts.json) and each bounded subject as a measurement
// (measurement names them; "" adds none), and fails the step unless the
// verdict is valid, saying what was expected, what was observed and which
// history entries show it.
func (w *World) Judge(name string, params any, measurement string, absence bool) error {
	_, err := w.JudgeResult(name, params, measurement, absence)
	return err
}

// JudgeResult is Judge, also returning the checker's result (a fleet's
// step reports its spread from it).
func (w *World) JudgeResult(name string, params any, measurement string, absence bool) (checker.Result, error) {
	c, err := checker.New(name, w.Name, w.Step(), params)
	if err != nil {
		return checker.Result{}, err
	}
	c.Lab = w.History.Lab()
	w.settle(context.Background())
	h, err := w.History.Read()
	if err != nil {
		return checker.Result{}, fmt.Errorf("judge %s: %w", name, err)
	}
	if len(h) > 0 {
		c.Upto = h[len(h)-1].Index + 1
	}
	r := checker.Run(c, h)
	w.Verdicts.Add(c, r)
	for _, s := range r.Subjects {
		if measurement == "" || s.Bound == nil {
			continue
		}
		w.Measurements.Add(report.Measurement{Scenario: w.Name, Name: measurement, Subject: s.Name,
			Observed: s.Took, Bound: s.Bound.Limit, BoundExplain: s.Bound.Explain, Met: s.Verdict == checker.Valid,
			Absence: absence, Detail: fmt.Sprintf("%s: %s (%s; history entries %v)", name, s.Verdict, s.Observed, s.Evidence)})
	}
	w.Verdictf("%s: %s: %s", name, r.Verdict, textclip.Clip(r.Observed, maxLogged))
	if fails(r.Verdict, w.AllowUnknown) {
		return r, errors.New(r.Message(name, history.FileName))
	}
	return r, nil
}

// maxLogged is how much of a verdict's observation the run's log quotes:
// a fleet's verdict names up to thousands of minions; verdicts.json and
// the reports keep it whole.
const maxLogged = 2000

// fails says whether a verdict fails its step: invalid always, unknown
// unless the user accepted unknowns (an unknown proves nothing, so it is
// no pass by default).
func fails(v checker.Verdict, allowUnknown bool) bool {
	switch v {
	case checker.Valid:
		return false
	case checker.Unknown:
		return !allowUnknown
	}
	return true
}

// JudgeReached judges a master's `salt test.ping` reaching every minion
// within its bound since ref (failover-time, measured as measurement) and
// where the returns went (returns-delivered).
func (w *World) JudgeReached(ref history.Entry, master string, bounds map[string]checker.Bound, measurement string) error {
	return w.JudgeReachedBy(ref, master, bounds, measurement, false)
}

// JudgeReachedBy is JudgeReached; signedIn dates each minion's reach by
// its start event on master when one came first (FailoverParams.SignedIn).
func (w *World) JudgeReachedBy(ref history.Entry, master string, bounds map[string]checker.Bound, measurement string, signedIn bool) error {
	return errors.Join(
		w.Judge(checker.NameFailover, checker.FailoverParams{Since: ref.Index, F: history.SaltPingOp, Fun: "test.ping", Master: master, Bounds: bounds, SignedIn: signedIn},
			measurement, false),
		w.Judge(checker.NameDelivery, DeliveryOf(w.Lab, ref.Index, history.SaltPingOp), "", false))
}

// OnceOf is the exactly-once check of job as master published it since
// entry from, named as the one command builder names it (its function,
// target and CLI operation), over every minion, through master's syndics
// (relays) or across its cluster peers.
func OnceOf(l Lab, from int64, master string, job client.Cmd) checker.OnceParams {
	return checker.OnceParams{From: from, Master: master, Fun: job.Fun, Tgt: job.Target, Minions: Minions(l), F: job.Name(),
		Relays: l.Roles().Relays(master), Peers: l.Roles().ClusterPeers()}
}

// DeliveryOf is the returns-delivered check of the CLI operations f since
// entry from, a master cluster's peers taken as one master.
func DeliveryOf(l Lab, from int64, f string) checker.DeliveryParams {
	return checker.DeliveryParams{From: from, F: f, Peers: l.Roles().ClusterPeers()}
}

// settle waits (up to EventLag) until every answer a master's CLI printed
// in this scenario has its return event on that master's bus in the
// history, and every salt-call that succeeded has its return on some
// master's bus (a rejected key's salt-call was judged "unknown" for a
// return that reached the history just after the judgement, on the double
// in a loaded CI run). The watcher appends an event a little after the CLI's answer
// was recorded, so a judgement made at once could miss it and call a
// sound run invalid. An answer whose event never comes is waited for once
// (settled moves past it) and left for the checker to judge.
func (w *World) settle(ctx context.Context) {
	w.settled = settleOn(ctx, func() ([]history.Entry, error) { return w.History.Read() }, w.Name, w.settled)
}

// settleOn is settle over the history as read returns it, from index
// from on; it returns the index past the last entry it saw.
func settleOn(ctx context.Context, read func() ([]history.Entry, error), scenario string, from int64) int64 {
	var last int64
	_, _ = poll.Run(ctx, poll.Within(EventLag), func(context.Context, time.Duration) bool {
		h, err := read()
		if err != nil {
			return false
		}
		if len(h) > 0 {
			last = h[len(h)-1].Index
		}
		for _, o := range history.Ops(h) {
			if o.Invoke.Index < from || o.Invoke.Scenario != scenario || o.Completion == nil || o.Completion.Type != history.OK {
				continue
			}
			if client.ReturnsToMaster(o.Invoke.F) {
				// Served by whichever master answered its sign-in: any bus.
				if len(checker.ServedBy(h, o, o.Invoke.Target, "")) == 0 {
					return false
				}
				continue
			}
			var v history.CLIValue
			if json.Unmarshal(o.Completion.Value, &v) != nil {
				continue
			}
			for m := range v.Documents {
				if len(checker.ServedBy(h, o, m, "")[o.Invoke.Node]) == 0 {
					return false
				}
			}
		}
		return true
	})
	return last + 1
}

// Reference is the scenario's last fault entry (a fault recorded, or one
// healed): bounds are measured from it.
func (w *World) Reference(expectation string) (history.Entry, error) {
	h, err := w.History.Read()
	if err != nil {
		return history.Entry{}, err
	}
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Type == history.Fault && h[i].Scenario == w.Name {
			return h[i], nil
		}
	}
	return history.Entry{}, fmt.Errorf("%s: no fault was injected in this scenario, and bounds are measured from the last fault", expectation)
}

// ServedBy waits (up to EventLag) for the return event of the operation
// invoked at entry inv on some master's bus, and returns the masters that
// carried it: which master served, from the masters' own evidence.
func (w *World) ServedBy(ctx context.Context, inv int64, minion, fun string) map[string][]int64 {
	var by map[string][]int64
	_, _ = poll.Run(ctx, poll.Within(EventLag), func(context.Context, time.Duration) bool {
		h, err := w.History.Read()
		if err != nil {
			return false
		}
		for _, o := range history.Ops(h) {
			if o.Invoke.Index == inv {
				by = checker.ServedBy(h, o, minion, fun)
				return len(by) > 0
			}
		}
		return false
	})
	return by
}
