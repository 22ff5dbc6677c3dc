package console

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func aStepPasses() error { return nil }

func aStepFails(why string) error { return errors.New(why + "\nexpected this\nobserved that") }

func aStepSkips() error { return godog.ErrSkip }

// godog drives the formatter through a feature: every scenario starts
// under the name the reports give it (an outline row with the values its
// title lacks), every step ends with where it is written and defined,
// and every scenario ends with its worst step, the failing step and its
// whole error.
func TestFormatterTellsGodogsRun(t *testing.T) {
	var out bytes.Buffer
	status := godog.TestSuite{
		Name: "formatter",
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			sc.Step(`^a step passes$`, aStepPasses)
			sc.Step(`^a step fails with "([^"]*)"$`, aStepFails)
			sc.Step(`^a step skips$`, aStepSkips)
		},
		Options: &godog.Options{Paths: []string{"testdata/formatter.feature"}, Format: FormatName, Output: &out,
			Strict: true, NoColors: true, Concurrency: 1, DefaultContext: context.Background()},
	}.Run()
	require.Equal(t, 1, status, out.String())
	var got []Event
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		ev := decode(l)
		require.NotEqual(t, Plumbing, ev.Kind, "every line the formatter writes is an event: %q", l)
		got = append(got, ev)
	}
	const file = "testdata/formatter.feature"
	fails := "boom\nexpected this\nobserved that"
	assert.Equal(t, []Event{
		{Kind: Scenario, Text: "all pass"},
		{Kind: Step, Text: "Given a step passes", Status: "passed", Where: file + ":4, console.aStepPasses"},
		{Kind: Step, Text: "Then a step passes", Status: "passed", Where: file + ":5, console.aStepPasses"},
		{Kind: End, Status: "passed"},
		{Kind: Scenario, Text: "one fails"},
		{Kind: Step, Text: "Given a step passes", Status: "passed", Where: file + ":8, console.aStepPasses"},
		{Kind: Step, Text: `When a step fails with "boom"`, Status: "failed", Where: file + ":9, console.aStepFails", Error: fails},
		{Kind: Step, Text: "Then a step passes", Status: "skipped", Where: file + ":10, console.aStepPasses"},
		{Kind: End, Status: "failed", Text: `When a step fails with "boom"`, Error: fails},
		{Kind: Scenario, Text: "one skips"},
		{Kind: Step, Text: "Given a step skips", Status: "skipped", Where: file + ":13, console.aStepSkips"},
		{Kind: End, Status: "skipped", Text: "Given a step skips"},
		{Kind: Scenario, Text: "rows 1 (mode=failover)"},
		{Kind: Step, Text: "Given a step passes", Status: "passed", Where: file + ":16, console.aStepPasses"},
		{Kind: End, Status: "passed"},
		{Kind: Scenario, Text: "rows 2 (mode=hot)"},
		{Kind: Step, Text: "Given a step passes", Status: "passed", Where: file + ":16, console.aStepPasses"},
		{Kind: End, Status: "passed"},
		{Kind: Suite, Text: "godog: 5 scenarios (3 passed, 1 skipped, 1 failed), 8 steps (5 passed, 2 skipped, 1 failed)"},
	}, got)
}
