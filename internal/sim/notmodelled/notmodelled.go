// Package notmodelled is the Salt double's one answer to a Salt feature it
// does not model: a targeting type, a command-line option, an outputter, a
// salt-api client, an execution, runner or wheel function, Jinja in
// pillar. Every entry point (the CLIs' option parsing, salt-call,
// salt-run, the master's publish, the minion's function table, salt-api)
// asks here and answers with Error, which names the feature and the flavour
// that has it, instead of an option-parse error, an HTTP 500, Salt's own
// "not available" (which says Salt lacks it) or a silent "no minions
// matched". docs/sim-fidelity.md lists them ("Not modelled").
package notmodelled

import (
	"errors"
	"fmt"
	"net/http"
)

// Exit is a CLI's exit code for a feature the double does not model:
// sysexits' EX_UNAVAILABLE, distinct from optparse's usage error (64) and
// from every code Salt's CLIs use for a result.
const Exit = 69

// HTTPStatus is salt-api's status for it: 501 Not Implemented, "the server
// does not support the functionality required to fulfill the request"
// (RFC 9110 §15.6.2), never the 500 of a crash.
const HTTPStatus = http.StatusNotImplemented

// Flavour is the flavour that has every feature: real Salt.
const Flavour = "--salt real"

// Error is a Salt feature the double does not model.
type Error struct {
	// Feature names it as a user reaches it, e.g. "compound targeting
	// (-C/--compound, tgt_type compound)".
	Feature string
	// Else is what else would do, if anything ("write pillar SLS files as
	// plain YAML").
	Else string
}

func (e *Error) Error() string {
	s := fmt.Sprintf("the Salt double does not model %s; run with %s", e.Feature, Flavour)
	if e.Else != "" {
		s += ", or " + e.Else
	}
	return s
}

// New is the error for feature.
func New(feature string) *Error { return &Error{Feature: feature} }

// As finds an Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
