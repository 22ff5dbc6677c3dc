package suite

import (
	"context"
	"fmt"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/scenario"
	"github.com/saltlab/saltlab/steps"
)

// godogJUnitOf is a lab's godog JUnit file in the run folder, godog's own
// JUnit output from which report.Summarize starts: godog-junit.xml for a
// run's only lab, godog-junit-<lab>.xml for each of several.
func godogJUnitOf(lab string) string {
	return runstate.LabName("godog-junit", lab) + ".xml"
}

// runScenarios runs the feature files at paths against the lab in strict
// mode, one scenario at a time (they share one lab), writes godog's JUnit
// to junit, and returns godog's status (0 passed, 1 failed).
// The console tells the scenarios' story (console.FormatName), and the
// steps tell it their waits, faults and verdicts (deps.Notes).
func runScenarios(ctx context.Context, sel tagexpr.Expr, paths []string, junit string, deps scenario.Deps) (int, error) {
	filter, err := sel.Godog()
	if err != nil {
		return 1, err
	}
	lab := console.LabOf(deps.Log)
	deps.Notes = lab
	opts := godog.Options{
		Paths:          paths,
		Tags:           filter,
		Format:         console.FormatName + ",junit:" + junit,
		Output:         lab.Events(),
		Strict:         true,
		NoColors:       true,
		Concurrency:    1,
		DefaultContext: ctx,
	}
	suite := godog.TestSuite{
		Name: "saltlab",
		// Once per run, not per scenario: it carries state from one
		// scenario to the next (the minions' reset a faulted scenario
		// owes the next).
		ScenarioInitializer: steps.Initializer(deps),
		Options:             &opts,
	}
	status := suite.Run()
	fmt.Fprintf(lab.Plumbing(), "scenarios finished with godog status %d\n", status)
	return status, nil
}
