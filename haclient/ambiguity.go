package haclient

import (
	"errors"
	"net"
	"net/http"
	"syscall"

	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// mayHaveRun says whether a failed request could have been executed by the
// master. Only failures before the request was sent are known not to have
// run: a refused or unroutable connection. A timeout, a reset after
// sending, a 5xx from a balancer or salt-api all leave it open (a 504 from
// a balancer whose backend ran the job is the classic case).
func mayHaveRun(err error) bool {
	var se *saltapi.StatusError
	if errors.As(err, &se) {
		return se.Code >= http.StatusInternalServerError
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return false
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return false
	}
	var dns *net.DNSError
	return !errors.As(err, &dns)
}

// sentError marks a failure of the user's request itself, as opposed to
// the login or health check before it, which cannot run a job.
type sentError struct{ err error }

func (e *sentError) Error() string { return e.err.Error() }
func (e *sentError) Unwrap() error { return e.err }

func sentAndAmbiguous(err error) bool {
	var se *sentError
	return errors.As(err, &se) && mayHaveRun(se.err)
}
