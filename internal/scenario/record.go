package scenario

import (
	"context"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// The recording layer lives in internal/client: every Salt command and
// salt-api call a step makes goes through Op, which appends the invocation
// to the run's history before it acts and the completion after. Steps then
// ask a checker, which reads only the history.

// apiProcess is the history's process for calls from the host through the
// load balancer, the way an operator's tools make them.
const apiProcess = "host"

// Recorder records into the run's history, warning in the scenario's log.
func (w *World) Recorder() client.Recorder {
	return client.Recorder{History: w.History, Warn: w.Logf}
}

// Op records one operation: f what, node where it runs (a service, or
// apiProcess), target the minion it asks about.
func (w *World) Op(ctx context.Context, f, node, target string, act func(context.Context) client.Outcome) client.Outcome {
	op := client.Op{F: f, Node: node, Target: target}
	if node == apiProcess {
		op.Via = lbName(w.Lab)
	}
	return w.Recorder().Do(ctx, op, act)
}

// APIOp records one salt-api call through the load balancer
// (client.Recorder.API says which failures are certain).
func (w *World) APIOp(ctx context.Context, f, target string, call func(context.Context) (any, error)) client.Outcome {
	return w.Recorder().API(ctx, client.Op{F: f, Node: apiProcess, Target: target, Via: lbName(w.Lab)}, call)
}

// RecordFaults turns the ledger's lines into the history's fault windows:
// a window opens when the fault was recorded (just before it acted) and
// closes when its undo succeeded, at the ledger's own times.
// The scenario is the ledger's, so heals in a teardown belong to none.
// A key action opens no window: it is on the ledger only so that heal puts
// the key back, and the key lists around it judge it, while the other
// minions' calls during it must still be judged (a window exempts them).
func RecordFaults(rec *history.Recorder) fault.Observer {
	return func(event string, e fault.Entry, at time.Time) {
		if e.Kind == chaos.KindKeyAction {
			return
		}
		phase := history.Start
		switch event {
		case "inject":
		case "undone":
			phase = history.End
		default:
			return // a failed undo leaves the window open
		}
		_, _ = rec.Append(history.Entry{Type: history.Fault, Time: at, Scenario: e.Scenario,
			FaultID: strconv.Itoa(e.ID), Kind: e.Kind, Target: e.Target, Phase: phase, Program: chaos.ProcessOf(e)})
	}
}

// lbName is the load balancer's service, for the history's Via.
func lbName(l Lab) string {
	if api := l.Roles().API; api != nil {
		return api.Service
	}
	return ""
}
