package report

import (
	"context"
	"strings"
)

// StatusInterrupted marks a scenario cut short by Ctrl-C or --timeout: it
// did not finish, which says nothing about Salt.
const StatusInterrupted = "interrupted"

// MarkInterrupted turns the failures an interruption caused (a step that
// returned the run context's error) into JUnit errors of type
// "interrupted" that say why, so neither a person nor a CI tool reads
// "context deadline exceeded" as a Salt failure. why is the cause, e.g.
// "--timeout 5m0s reached". Other failures are left alone.
func MarkInterrupted(s Suites, why string) Suites {
	for i := range s.Suites {
		su := &s.Suites[i]
		for j := range su.Cases {
			c := &su.Cases[j]
			if c.Status != StatusFailed || c.Failure == nil || !causedByCancel(c.Failure.Message+c.Failure.Body) {
				continue
			}
			c.Errors = append(c.Errors, Problem{Type: StatusInterrupted,
				Message: "interrupted: " + why + "; the scenario did not finish (this is not a Salt result)",
				Body:    c.Failure.Body})
			c.Failure, c.Status = nil, StatusInterrupted
			su.Failures--
			su.Errors++
			s.Failures--
			s.Errors++
		}
	}
	return s
}

func causedByCancel(msg string) bool {
	return strings.Contains(msg, context.DeadlineExceeded.Error()) || strings.Contains(msg, context.Canceled.Error())
}
