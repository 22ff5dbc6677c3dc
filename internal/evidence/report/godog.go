package report

import (
	"strings"
)

// Summarize turns godog's JUnit document into the run's Summary. godog's
// status attribute is not trusted (see caseStatus); a scenario cut short
// by the run's cancellation is "interrupted", not failed, when runErr is
// that cancellation (interrupted != nil); runErr is also any failure
// outside the scenarios (lab did not come up, cleanup failed, ...).
func Summarize(run Run, s Suites, ms *Measurements, runErr error) Summary {
	sum := Summary{Run: run}
	if runErr != nil {
		sum.Error = runErr.Error()
	}
	for _, su := range s.Suites {
		for _, c := range su.Cases {
			sum.Scenarios = append(sum.Scenarios, scenarioOf(su.Name, c, ms, runErr))
		}
	}
	sum.finish(Evidence{})
	return sum
}

func scenarioOf(feature string, c Case, ms *Measurements, runErr error) ScenarioResult {
	r := ScenarioResult{Feature: feature, Name: c.Name, Status: caseStatus(c), Time: c.Time, Measurements: ms.For(c.Name)}
	for _, e := range c.Errors {
		if e.Type == StatusSkipped {
			r.StepsNotRun = append(r.StepsNotRun, stepOf(e.Message))
		}
	}
	switch {
	case c.Failure != nil:
		r.Message, r.Step = c.Failure.Message, stepOf(c.Failure.Message)
	case r.Status == StatusSkipped:
		r.SkipReason = skipReason(c, r.StepsNotRun)
	default:
		for _, e := range c.Errors {
			if e.Type != StatusSkipped {
				r.Message, r.Step = e.Message, stepOf(e.Message)
				break
			}
		}
	}
	if runErr != nil && r.Status == StatusFailed && causedByCancel(r.Message) {
		r.Status = StatusInterrupted
		r.Message = "interrupted: " + runErr.Error() + "; the scenario did not finish (this is not a Salt result); " + r.Message
	}
	return r
}

// stepOf extracts the step's text from godog's "Step <text>: <error>" (or
// "Step <text>" for errors without one). Step texts hold no ": " in this
// project's features (steps/definitions.go); a text that did would be cut
// at it, which only shortens the name shown.
func stepOf(msg string) string {
	rest, ok := strings.CutPrefix(msg, "Step ")
	if !ok {
		return ""
	}
	if text, _, found := strings.Cut(rest, ": "); found {
		return text
	}
	return rest
}

func skipReason(c Case, notRun []string) string {
	switch {
	case c.Status == StatusSkipped && len(c.Errors) == 0:
		return "not run: godog recorded no step of it (the run ended or was interrupted before it)"
	case len(notRun) > 0:
		return "a step skipped the scenario (godog.ErrSkip): " + notRun[0]
	}
	return "scenario skipped"
}

// caseStatus derives a scenario's status from what its steps reported.
// godog's own status attribute is not reliable: it is the status of the
// last step result it iterated, in storage order, so a failed scenario can
// come out "passed".
func caseStatus(c Case) string {
	if c.Failure != nil {
		return StatusFailed
	}
	worst := ""
	for _, e := range c.Errors {
		switch e.Type {
		case StatusUndefined, StatusAmbiguous, StatusPending, StatusInterrupted:
			return e.Type
		case StatusSkipped:
			worst = StatusSkipped
		}
	}
	if worst != "" || c.Skipped != nil {
		return StatusSkipped
	}
	if c.Status == "" {
		return StatusSkipped
	}
	return c.Status
}
