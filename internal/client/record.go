package client

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// Appender is where entries go (a *history.Recorder).
type Appender interface {
	Append(history.Entry) (history.Entry, error)
}

// Recorder appends every operation to the run's history: the invocation
// before it acts and the completion after, so checkers, which read only
// the history, see what was asked and what came of it.
type Recorder struct {
	History Appender
	// Warn says an entry could not be appended (nil: silent); the
	// operation still runs, its evidence is what goes missing.
	Warn func(format string, args ...any)
}

// Op names one operation in the history.
type Op struct {
	F      string // what: "salt-call test.ping"
	Node   string // where it runs: a service, or the host
	Target string // the minion (or option) it asks about
	Via    string // the load balancer a host call goes through
	// Process is who acts, when not the node itself (a probe the run
	// makes on its own, so its bars get a lane of their own).
	Process string
	// Reused is set when no command runs for the operation: its answer
	// is taken from the operation invoked at this history index
	// (history.Entry.Reused).
	Reused int64
}

// Do records op around act.
func (r Recorder) Do(ctx context.Context, op Op, act func(context.Context) Outcome) Outcome {
	inv, err := r.History.Append(history.Entry{Type: history.Invoke, Process: cmp.Or(op.Process, op.Node), F: op.F, Node: op.Node, Target: op.Target, Via: op.Via, Reused: op.Reused})
	r.warn(err)
	o := act(ctx)
	o.Inv = inv.Index
	done := history.Entry{Type: o.Type, Pair: inv.Index, Process: inv.Process, F: op.F, Node: op.Node, Target: op.Target, Via: inv.Via, Error: o.Err, Reused: op.Reused}
	if o.Value != nil {
		if done.Value, err = json.Marshal(o.Value); err != nil {
			done.Value = nil
		}
	}
	_, err = r.History.Append(done)
	r.warn(err)
	return o
}

// API records one salt-api call. An HTTP status is a certain answer
// (fail); a timeout is indeterminate; a refused connection is a failure
// (the request never reached a salt-api).
func (r Recorder) API(ctx context.Context, op Op, call func(context.Context) (any, error)) Outcome {
	return r.Do(ctx, op, func(ctx context.Context) Outcome {
		v, err := call(ctx)
		var se *saltapi.StatusError
		var ne net.Error
		switch {
		case err == nil:
			return Succeeded(v)
		case errors.As(err, &se):
			return Failed(map[string]int{"status": se.Code}, "%v", err)
		case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
			return Indeterminate(err.Error())
		}
		return Failed(v, "%v", err)
	})
}

func (r Recorder) warn(err error) {
	if err != nil && r.Warn != nil {
		r.Warn("warning: %v", err)
	}
}
