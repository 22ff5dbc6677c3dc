package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// The recording layer: every Salt command and salt-api call a step makes
// goes through op, which appends the invocation to the run's history
// before it acts and the completion after: ok, fail (certainly did not
// happen) or info (outcome unknown: a timeout, a lost connection), with
// what was observed. Steps then ask a checker, which reads only the
// history.

// outcome is how an operation completed.
type outcome struct {
	typ   history.Type
	value any
	err   string
	inv   int64 // the invocation's history index
}

func (o outcome) ok() bool { return o.typ == history.OK }

func succeeded(v any) outcome { return outcome{typ: history.OK, value: v} }

func failed(v any, format string, args ...any) outcome {
	return outcome{typ: history.Fail, value: v, err: fmt.Sprintf(format, args...)}
}

func indeterminate(msg string) outcome { return outcome{typ: history.Info, err: msg} }

// apiProcess is the history's process for calls from the host through the
// load balancer, the way an operator's tools make them.
const apiProcess = "host"

// op records one operation: f what, node where it runs (a service, or
// apiProcess), target the minion it asks about.
func (w *world) op(ctx context.Context, f, node, target string, act func(context.Context) outcome) outcome {
	inv := history.Entry{Type: history.Invoke, Process: node, F: f, Node: node, Target: target}
	if node == apiProcess {
		inv.Via = lbName(w.Lab)
	}
	inv, err := w.History.Append(inv)
	if err != nil {
		w.logf("warning: %v", err)
	}
	o := act(ctx)
	o.inv = inv.Index
	done := history.Entry{Type: o.typ, Pair: inv.Index, Process: inv.Process, F: f, Node: node, Target: target, Via: inv.Via, Error: o.err}
	if o.value != nil {
		if done.Value, err = json.Marshal(o.value); err != nil {
			done.Value = nil
		}
	}
	if _, err := w.History.Append(done); err != nil {
		w.logf("warning: %v", err)
	}
	return o
}

// apiOp records one salt-api call through the load balancer. An HTTP
// status is a certain answer (fail); a timeout is indeterminate; a refused
// connection is a failure (the request never reached a salt-api).
func (w *world) apiOp(ctx context.Context, f, target string, call func(context.Context) (any, error)) outcome {
	return w.op(ctx, f, apiProcess, target, func(ctx context.Context) outcome {
		v, err := call(ctx)
		var se *saltapi.StatusError
		var ne net.Error
		switch {
		case err == nil:
			return succeeded(v)
		case errors.As(err, &se):
			return failed(map[string]int{"status": se.Code}, "%v", err)
		case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
			return indeterminate(err.Error())
		}
		return failed(v, "%v", err)
	})
}

// RecordFaults turns the ledger's lines into the history's fault windows:
// a window opens when the fault was recorded (just before it acted) and
// closes when its undo succeeded, at the ledger's own times.
// The scenario is the ledger's, so heals in a teardown belong to none.
func RecordFaults(rec *history.Recorder) fault.Observer {
	return func(event string, e fault.Entry, at time.Time) {
		phase := history.Start
		switch event {
		case "inject":
		case "undone":
			phase = history.End
		default:
			return // a failed undo leaves the window open
		}
		_, _ = rec.Append(history.Entry{Type: history.Fault, Time: at, Scenario: e.Scenario,
			FaultID: strconv.Itoa(e.ID), Kind: string(e.Kind), Target: e.Target, Phase: phase, Program: chaos.ProcessOf(e)})
	}
}

// lbName is the load balancer's service, for the history's Via.
func lbName(l Lab) string {
	if api := l.Roles().API; api != nil {
		return api.Service
	}
	return ""
}
