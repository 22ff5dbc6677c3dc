package client

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// Outcome is how an operation completed: ok, fail (certainly did not
// happen) or info (outcome unknown: a timeout, a lost connection), with
// what was observed.
type Outcome struct {
	Type  history.Type
	Value any
	Err   string
	Inv   int64 // the invocation's history index
}

// OK says the operation succeeded.
func (o Outcome) OK() bool { return o.Type == history.OK }

// Succeeded is an ok outcome observing v.
func Succeeded(v any) Outcome { return Outcome{Type: history.OK, Value: v} }

// Failed is a fail outcome observing v, with why.
func Failed(v any, format string, args ...any) Outcome {
	return Outcome{Type: history.Fail, Value: v, Err: fmt.Sprintf(format, args...)}
}

// Indeterminate is an info outcome: nobody knows whether it happened.
func Indeterminate(msg string) Outcome { return Outcome{Type: history.Info, Err: msg} }
