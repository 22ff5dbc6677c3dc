// Package runner runs one saltlab run end to end: check the feature files,
// build the images, bring the lab up, run the scenarios with godog, write
// the reports, and always heal faults and tear the lab down — on success,
// failure, Ctrl-C, panic and timeout.
package runner

import (
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/knobs"
)

// TeardownTimeout bounds healing faults plus removing the lab. It runs on a
// context detached from the run's cancellation.
const TeardownTimeout = 2 * time.Minute

// Config is one run's settings.
type Config struct {
	RepoRoot    string   // where compose/, images/, features/ and cmd/ live
	Topology    string   // compose/<Topology>/compose.yaml
	Flavor      string   // auto, real or sim
	SaltVersion string   // real Salt's release line or release (SALT_VERSION); empty: the default line
	Features    []string // feature files or directories
	Tags        string   // godog tag expression, e.g. "~@wip"
	ReportsDir  string   // reports/<run id>/ is written below it
	RunID       string   // generated when empty
	Keep        bool     // leave the lab running after the scenarios (debugging)
	Knobs       knobs.Inputs
	Log         io.Writer
	// detach marks resources as created by `saltlab up` (see
	// labels.UpOwnerPrefix); set by Up.
	detach bool
}

func (c Config) validate() error {
	switch {
	case c.RepoRoot == "":
		return fmt.Errorf("validate config: repo root is empty")
	case c.Topology == "":
		return fmt.Errorf("validate config: topology is empty")
	case c.ReportsDir == "":
		return fmt.Errorf("validate config: reports dir is empty")
	}
	return c.Knobs.Validate()
}

// ProjectName is the compose project name of a run.
func ProjectName(topology, runID string) string {
	return "saltlab-" + topology + "-" + runID
}
