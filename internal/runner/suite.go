package runner

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/fault"
	"github.com/saltlab/saltlab/internal/report"
	"github.com/saltlab/saltlab/steps"
)

// godogJUnit is godog's own JUnit output, which report.Enrich rewrites.
const godogJUnit = "godog-junit.xml"

// runScenarios runs the feature files against the lab in strict mode,
// one scenario at a time (they share one lab), and returns godog's status
// (0 passed, 1 failed).
func runScenarios(ctx context.Context, cfg Config, runDir string, l steps.Lab, ledger *fault.Ledger, ms *report.Measurements, out io.Writer) int {
	opts := godog.Options{
		Paths:          cfg.Features,
		Tags:           TagExpression(cfg.Topology, cfg.Tags),
		Format:         "pretty,junit:" + filepath.Join(runDir, godogJUnit),
		Output:         out,
		Strict:         true,
		NoColors:       true,
		Concurrency:    1,
		DefaultContext: ctx,
	}
	suite := godog.TestSuite{
		Name:                "saltlab",
		ScenarioInitializer: steps.Initializer(steps.Deps{Lab: l, Ledger: ledger, Measurements: ms, Log: out}),
		Options:             &opts,
	}
	status := suite.Run()
	fmt.Fprintf(out, "scenarios finished with godog status %d\n", status)
	return status
}

// TagExpression selects the scenarios of a topology: features say which
// topology they need with a tag of its name (@failover, @hot, ...), and a
// user's expression narrows that further.
func TagExpression(topology, user string) string {
	if user == "" {
		return "@" + topology
	}
	return "@" + topology + " && (" + user + ")"
}
