// Package console is what a person watching `saltlab run` reads: the
// story of the run, not its plumbing. By default it prints, per scenario,
// its name (and lab, when labs run in parallel), each fault and heal,
// each wait with its bound and the terms of that bound, each verdict with
// what it measured, and the scenario's end; at the run's end a summary
// names every failed or unknown scenario with its cause, its fix and
// where the report shows it (Summary). Plumbing (the argv of internal
// commands, retries of the event streams, the bring-up's every container,
// godog's step-by-step output and step locations) shows only with -v
// (Options.Verbose). Lines fit the terminal's width, wrapped with an
// indent and cut past a few lines; console.log in the run folder keeps
// every line whole, plumbing included (Attach).
//
// It is fed events: scenarios and steps from godog through this
// package's formatter (formatter.go), the scenario's own notes (waits,
// faults, verdicts) from the steps (Lab's Wait, Fault, ...), and lines
// of text from the runner (a Lab is an io.Writer for the story, Plumbing
// for what only -v shows).
package console

import (
	"encoding/json"
	"fmt"
)

// Kind says what an event tells, and so whether it shows by default.
type Kind string

const (
	Scenario Kind = "scenario" // a scenario starts; Text is its name
	Step     Kind = "step"     // a step ended; Text, Status, Where, Error (-v only)
	End      Kind = "end"      // a scenario ended; Status, and Text and Error of the step that failed it
	Wait     Kind = "wait"     // a wait, with its bound and the terms of the bound
	Fault    Kind = "fault"    // a fault took effect
	Heal     Kind = "heal"     // a fault was undone
	Verdict  Kind = "verdict"  // a checker's verdict and what it measured
	Warning  Kind = "warning"  // something the run could not do as asked (a skip, a stream it could not stop)
	Line     Kind = "line"     // a line of the run's own story: selection, bring-up, teardown, reports
	Detail   Kind = "detail"   // a scenario's note that is not its story (-v only)
	Plumbing Kind = "plumbing" // a line of plumbing (-v only)
	Suite    Kind = "suite"    // godog's count of a lab's scenarios and steps (-v only)
)

// Event is one thing the console is told.
type Event struct {
	Kind Kind   `json:"kind"`
	Lab  string `json:"lab,omitempty"`
	Text string `json:"text,omitempty"`
	// Status is a step's or a scenario's: passed, failed, skipped,
	// undefined, pending or ambiguous (godog's words).
	Status string `json:"status,omitempty"`
	// Where is a step's feature file and line, and the function that
	// defines it.
	Where string `json:"where,omitempty"`
	// Error is why a step failed, whole (the checker's expected,
	// observed, evidence, cause and fix).
	Error string `json:"error,omitempty"`
}

// story says whether an event of kind k shows without -v.
func (k Kind) story() bool {
	switch k {
	case Step, Detail, Plumbing, Suite:
		return false
	}
	return true
}

// encode is ev as one line of JSON, as the formatter hands it through
// godog's writer.
func encode(ev Event) []byte {
	b, err := json.Marshal(ev)
	if err != nil { // an Event is strings only: it always marshals
		b = []byte(fmt.Sprintf(`{"kind":"plumbing","text":%q}`, err.Error()))
	}
	return append(b, '\n')
}

// decode reads one line the formatter wrote; a line that is no event
// (godog writes nothing else there, but a writer could) is plumbing.
func decode(line string) Event {
	var ev Event
	if err := json.Unmarshal([]byte(line), &ev); err != nil || ev.Kind == "" {
		return Event{Kind: Plumbing, Text: line}
	}
	return ev
}
