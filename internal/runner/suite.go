package runner

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/steps"
)

// godogJUnit is godog's own JUnit output, which report.Enrich rewrites.
const godogJUnit = "godog-junit.xml"

// runScenarios runs the feature files against the lab in strict mode,
// one scenario at a time (they share one lab), and returns godog's status
// (0 passed, 1 failed).
func runScenarios(ctx context.Context, cfg Config, runDir string, deps steps.Deps) int {
	out := deps.Log
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
		ScenarioInitializer: steps.Initializer(deps),
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
