// Package compare puts two finished runs side by side, scenario by
// scenario and check by check, from their summary.json files alone: the
// statuses and verdicts, and each measured time with its ratio. CI runs
// one selection on real Salt and on the double and fails when a verdict
// differs, unless docs/sim-fidelity.md explains the difference with the
// Salt source behind it (Explained). A run on compose beside a run on
// Swarm has differences the engines account for, recorded in each run's
// run.json: a category of their own (ExplainedByEngine).
package compare

import (
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// Kind is what a row compares.
type Kind int

// Row kinds, in the order a scenario's rows are listed.
const (
	KindStatus      Kind = iota // the scenario's status (check "*" in the explained table)
	KindTime                    // the scenario's wall time
	KindCheck                   // one checker's verdict
	KindMeasurement             // one measured time
)

// Side is one run's value in a row. Present is false when that run lacks
// the scenario, check or measurement.
type Side struct {
	Present bool
	Value   string        // status, verdict, or the measurement as the reports word it
	Time    time.Duration // wall time or observed time; 0 when none was measured
}

// Row is one line of the comparison.
type Row struct {
	Kind     Kind
	Feature  string
	Scenario string
	// Item names what is compared: the checker, or the measurement's name
	// and subject; empty for status and time.
	Item string
	Step string // the step a check was made at
	// Occurrence counts earlier checks of the same checker at the same
	// step in the scenario, so a check made twice is matched in order.
	Occurrence int
	A, B       Side
	// Source is the Salt source that explains a difference, from the
	// explained table; empty when the row does not differ or nothing
	// explains it.
	Source string
	// EngineReason says why the engine of the run lacking the row accounts
	// for a difference the explained table does not (ExplainByEngine);
	// empty otherwise.
	EngineReason string
}

// Differs is true when statuses or verdicts differ, a side lacking one
// included; times never make a row differ, they are measured, not judged.
func (r Row) Differs() bool {
	if r.Kind != KindStatus && r.Kind != KindCheck {
		return false
	}
	return r.A.Present != r.B.Present || r.A.Value != r.B.Value
}

// Explained is true for a differing row the explained table accounts for.
func (r Row) Explained() bool { return r.Differs() && r.Source != "" }

// ExplainedByEngine is true for a differing row that the table does not
// explain and the runs' engines do: a category of its own, never "agree".
func (r Row) ExplainedByEngine() bool {
	return r.Differs() && !r.Explained() && r.EngineReason != ""
}

// Ratio is B's time over A's, and false when either is not a positive time.
func (r Row) Ratio() (float64, bool) {
	if r.A.Time <= 0 || r.B.Time <= 0 {
		return 0, false
	}
	return float64(r.B.Time) / float64(r.A.Time), true
}

// Result is the comparison of run A with run B.
type Result struct {
	A, B report.Run
	// EngineA and EngineB are the engines the runs' run.json record
	// (compose or swarm), "" for a run folder that recorded none.
	EngineA, EngineB string
	Rows             []Row
}

// Counts tallies a result as the summary line prints it.
// Agree counts the status and check rows that do not differ; Engine the
// differences the engines explain (ExplainedByEngine).
type Counts struct {
	Scenarios, Checks, Agree, Differ, Explained, Engine int
}

// Unexplained is the number of differences nothing explains: CI's verdict.
func (c Counts) Unexplained() int { return c.Differ - c.Explained - c.Engine }

// Count tallies the rows.
func (r Result) Count() Counts {
	var c Counts
	for _, row := range r.Rows {
		switch row.Kind {
		case KindStatus:
			c.Scenarios++
		case KindCheck:
			c.Checks++
		}
		switch {
		case row.Explained():
			c.Explained++
		case row.ExplainedByEngine():
			c.Engine++
		}
		switch {
		case row.Differs():
			c.Differ++
		case row.Kind == KindStatus || row.Kind == KindCheck:
			c.Agree++
		}
	}
	return c
}

// Compare matches two runs' scenarios by feature and name, and lists for
// each its status, wall time, checks and measurements on both sides: A's
// scenarios in A's order, then those only in B. Nothing is explained yet
// (see Explain).
func Compare(a, b report.Summary) Result {
	res := Result{A: a.Run, B: b.Run}
	inB := map[scenarioKey]report.ScenarioResult{}
	for _, sc := range b.Scenarios {
		inB[keyOf(sc)] = sc
	}
	inA := map[scenarioKey]bool{}
	for _, sa := range a.Scenarios {
		inA[keyOf(sa)] = true
		sb, ok := inB[keyOf(sa)]
		res.Rows = append(res.Rows, scenarioRows(&sa, ptrIf(&sb, ok))...)
	}
	for _, sb := range b.Scenarios {
		if !inA[keyOf(sb)] {
			res.Rows = append(res.Rows, scenarioRows(nil, &sb)...)
		}
	}
	return res
}

type scenarioKey struct{ feature, name string }

func keyOf(sc report.ScenarioResult) scenarioKey { return scenarioKey{sc.Feature, sc.Name} }

func ptrIf[T any](p *T, ok bool) *T {
	if !ok {
		return nil
	}
	return p
}
