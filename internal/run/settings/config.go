// Package settings holds one run's settings and every check of them that
// needs no Docker: the flags' values, the compose file of the topology or
// the user's, saltlab's compose policy and the x-saltlab roles, the Salt
// release a topology needs and the Salt options a run sets, how many labs
// and how large a fleet this machine holds. Its errors are the user's
// input (usage errors), given before any image is built.
package settings

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/compose-spec/compose-go/v2/loader"

	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Config is one run's settings.
type Config struct {
	RepoRoot string // where compose/, images/, features/ and cmd/ live
	Topology string // compose/<Topology>/compose.yaml, and the scenarios' @tag
	// Compose, when set, is the user's own compose file brought up instead
	// of compose/<Topology>/compose.yaml; its x-saltlab block declares the
	// roles. Topology still selects the scenarios.
	Compose     string
	Flavor      string   // auto, real or sim
	SaltVersion string   // real Salt's release line or release (SALT_VERSION); empty: the default line
	SaltRefresh bool     // ask the package index which release a line is even when a recent answer's image exists
	Features    []string // feature files or directories
	Tags        string   // tag expression, "~@wip" or "not @wip" (internal/run/tagexpr)
	ReportsDir  string   // reports/<run id>/ is written below it
	// StateDir holds the runs' private directories (runstate.PrivateRoot):
	// the salt-api password and config drop-ins, kept out of reports.
	StateDir string
	RunID    string        // generated when empty
	Keep     bool          // leave the lab running after the scenarios (debugging)
	Timeout  time.Duration // Run: abort the scenarios after this long; 0 = no limit
	// Inputs are the per-run knobs as typed (knobs.Inputs.Register's
	// flags); Complete parses them into Knobs.
	Inputs knobs.Inputs
	// Knobs are the per-run knobs, parsed once from the flags (--set
	// included) before the run starts; bring-up writes them out.
	Knobs knobs.Parsed
	// AllowUnknown passes a run whose checks say unknown (--allow-unknown);
	// by default an unknown verdict fails its step and the run.
	AllowUnknown bool
	// Parallel is how many labs of the topology run the selected
	// scenarios at once (--parallel); 0 is what the machine's cores and
	// memory allow for the flavour (internal/lab/capacity).
	Parallel int
	// Log is where the run tells its story: Run's console (internal/run/
	// console) prints to it, fitted to its width, and keeps the whole of
	// it in the run folder's console.log.
	Log io.Writer
	// Verbose (saltlab run -v) prints Run's plumbing on Log too.
	Verbose bool
	// Engine is where the lab runs: "compose" (the host's engine, the
	// default) or "swarm", as Swarm services on the swarm named Swarm.
	Engine string
	Swarm  string
}

// Validate checks every setting that can be checked without Docker. Its
// errors are the user's input: usage errors naming the flag and the fix.
func (c Config) Validate() error {
	switch {
	case c.RepoRoot == "":
		return usage.Errorf("validate --root: empty: name the saltlab checkout")
	case c.Topology == "":
		return usage.Errorf("validate --topology: empty: name a topology under compose/")
	case c.ReportsDir == "":
		return usage.Errorf("validate --reports: empty: name the reports directory")
	case c.StateDir == "":
		return fmt.Errorf("validate config: private state dir is empty")
	}
	if err := checkReports(c.ReportsDir); err != nil {
		return err
	}
	// The run's drop-ins and API password file are bound from it.
	if err := policy.OSRules().HostPath(c.StateDir); err != nil {
		return usage.Errorf("validate private state dir: %w: lab containers bind files from it; set %s to a directory of your own", err, runstate.StateDirVar)
	}
	if err := valid.Duration("--timeout", c.Timeout, "no limit"); err != nil {
		return err
	}
	if err := c.checkEngine(); err != nil {
		return err
	}
	if c.Parallel < 0 {
		return usage.Errorf("validate --parallel %d: want at least 1 lab, or leave it out for what this machine's cores and memory allow", c.Parallel)
	}
	if _, err := c.ComposeFile(); err != nil {
		return err
	}
	if c.RunID != "" {
		if err := labels.ValidateRunID(c.RunID); err != nil {
			return fmt.Errorf("validate --run-id: %w", err)
		}
		dir := runstate.Dir(c.ReportsDir, c.RunID)
		if _, err := os.Lstat(filepath.Join(dir, runstate.StateFile)); err == nil {
			return usage.Errorf("validate --run-id %s: %s already holds a run; choose another id, or leave --run-id out for a fresh one", c.RunID, dir)
		}
		if err := owned.Claimable(dir); err != nil {
			return usage.Errorf("validate --run-id %s: the run folder %w; or choose another id, or leave --run-id out for a fresh one", c.RunID, err)
		}
	}
	return nil
}

// checkReports refuses a --reports folder a run could not write its run
// folder in, before any image is built or Docker is contacted: a file, a
// folder this user cannot write or create, /, a home folder or a system
// folder (owned.Root). An existing folder of the user's is fine: saltlab
// adds its run folders beside what is there and removes only those.
func checkReports(dir string) error {
	if _, err := owned.Root(dir); err != nil {
		return usage.Errorf("validate --reports: %w", err)
	}
	if err := owned.Writable(dir); err != nil {
		return usage.Errorf("validate --reports: %w", err)
	}
	return nil
}

// ProjectName is the compose project name of a run.
func ProjectName(topology, runID string) string {
	return "saltlab-" + topology + "-" + runID
}

// ComposeFile is the absolute compose file of the run: --compose, or the
// topology's own.
func (c Config) ComposeFile() (string, error) {
	if c.Compose == "" {
		f, err := TopologyFile(c.RepoRoot, c.Topology)
		return f, usage.Wrap(err)
	}
	if p := ProjectName(c.Topology, "x"); loader.NormalizeProjectName(p) != p {
		return "", usage.Errorf("validate --topology %q: with --compose it names the scenarios' tag and the project: use lowercase letters, digits and dashes", c.Topology)
	}
	f, err := filepath.Abs(c.Compose)
	if err != nil {
		return "", usage.Errorf("validate --compose %s: %v", c.Compose, err)
	}
	if _, err := userfile.Check(f, userfile.Text); userfile.Is(err) {
		return "", usage.Errorf("validate --compose: %w", err)
	} else if err != nil {
		return "", usage.Errorf("validate --compose %s: not a readable file: name your compose file (with an x-saltlab block, see docs/topologies.md)", c.Compose)
	}
	return f, nil
}

// EnsureRunID gives the run a fresh id when the user named none.
func (c *Config) EnsureRunID(started time.Time) {
	if c.RunID == "" {
		c.RunID = labels.NewRunID(started)
	}
}

// ValidateRun is Validate for `saltlab run`, whose feature paths are
// checked too: at least one, each a directory or a readable file.
func (c Config) ValidateRun() error {
	if len(c.Features) == 0 {
		return usage.Errorf("validate feature paths: none given")
	}
	if err := c.Validate(); err != nil {
		return err
	}
	for _, p := range c.Features {
		fi, err := os.Stat(p)
		if err != nil {
			return usage.Errorf("validate feature path: %w (name .feature files or directories; default %s/features)", err, c.RepoRoot)
		}
		if fi.IsDir() {
			continue
		}
		if _, err := userfile.Check(p, userfile.Text); err != nil {
			return usage.Errorf("validate feature path: %w", err)
		}
	}
	return nil
}

// MayHoldKeys says whether the masters may keep keys pending: the
// built-in topologies auto-accept (their master.d), so only a run that
// turns it off, brings its own master drop-ins or its own compose file
// needs the accepter, whose salt-key calls cost real Salt a second of CPU
// each on the two cores the bring-up shares.
func (c *Config) MayHoldKeys() bool {
	return c.Knobs.KeysByHand() || c.Knobs.MasterDropIns() || c.Compose != ""
}

// LabProject is the compose project of a run's lab: the run's own for
// its only lab, suffixed with the lab's name when it has several.
func LabProject(topology, runID, lab string) string {
	return runstate.LabName(ProjectName(topology, runID), lab)
}
