// Package runstate persists what another saltlab process needs to find and
// drive an existing lab: run id, compose project, topology, flavour, compose
// files and interpolation variables. It lives in reports/<run id>/run.json,
// next to the run's fault ledger (faults.jsonl), so `saltlab status`,
// `saltlab chaos` and `saltlab heal` work on a lab started by `saltlab up`
// or by a runner that was killed.
package runstate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// File names inside a run directory.
const (
	StateFile  = "run.json"
	LedgerFile = "faults.jsonl"
)

// EngineSwarm is State.Engine of a lab deployed as Swarm services.
const EngineSwarm = "swarm"

// State describes one run's lab.
type State struct {
	RunID    string            `json:"run_id"`
	Project  string            `json:"project"`
	Topology string            `json:"topology"`
	Flavor   string            `json:"flavor"`
	Image    string            `json:"image"`
	Files    []string          `json:"files"`
	Env      map[string]string `json:"env"`
	Owner    string            `json:"owner"`
	Started  time.Time         `json:"started"`
	// Knobs are the per-run settings (--minions, --set, CI-gate inputs)
	// that Files are rewritten with; reloading must re-apply them.
	Knobs knobs.Settings `json:"knobs"`
	// Detached is set once `saltlab up` left the lab running.
	Detached bool `json:"detached,omitempty"`
	// Private is the run's private directory (see PrivateRoot): the
	// salt-api password file and the config drop-ins, outside reports/.
	Private string `json:"private_dir,omitempty"`
	// Lab names this lab in a run with several (saltlab run --parallel):
	// its project, private dir and fault ledger carry the name. Empty in
	// a run with one lab.
	Lab string `json:"lab,omitempty"`
	// Engine is where the lab runs: "" (compose, on the host's engine) or
	// EngineSwarm, as services on the swarm named Swarm (`saltlab swarm
	// up --name`). down, status, heal and the sweep reach it through them.
	Engine string `json:"engine,omitempty"`
	Swarm  string `json:"swarm,omitempty"`
	// Labs, in the run.json of a run with several labs, is every lab's
	// state (the top-level fields are the first lab's, so commands that
	// act on one lab find one). heal and down act on all of them.
	Labs []State `json:"labs,omitempty"`
}

// All is every lab of the run: Labs, or the state itself for a run with
// one lab.
func (s State) All() []State {
	if len(s.Labs) == 0 {
		return []State{s}
	}
	return s.Labs
}

// LedgerName is the fault ledger file of lab in its run folder: each lab
// of a run with several keeps its own (faults-<lab>.jsonl), since the same
// service names stand in every lab and a fault is undone in its own.
func LedgerName(lab string) string {
	return LabName("faults", lab) + ".jsonl"
}

// LabName names what each lab of a run with several keeps apart from its
// siblings (compose project, fault ledger, godog's JUnit, logs): its parts
// joined by "-", leaving out an empty one, so a run's only lab (lab "")
// keeps the plain name. LabName("faults", lab) is faults or faults-lab2;
// LabName(lab, service) is salt-master-1 or lab2-salt-master-1. One
// function, so every reader and writer of a lab's files spells them alike.
func LabName(parts ...string) string {
	kept := make([]string, 0, len(parts))
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "-")
}

// Dir returns the run directory of runID under reportsDir.
func Dir(reportsDir, runID string) string { return filepath.Join(reportsDir, runID) }

// Save writes s to dir/run.json atomically. dir becomes saltlab's
// (owned.Claim): created and marked when missing, marked when empty; a
// folder of the user's is refused.
func Save(dir string, s State) error {
	_, err := save(dir, s)
	return err
}

// save is Save, saying whether it marked dir now (owned.Claim's fresh).
func save(dir string, s State) (fresh bool, err error) {
	if fresh, err = owned.Claim(dir, 0o755); err != nil {
		return false, fmt.Errorf("save run state: %w", err)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fresh, fmt.Errorf("save run state: %w", err)
	}
	// 0600: run.json names where the run's secrets are.
	if err := owned.WriteFile(filepath.Join(dir, StateFile), append(b, '\n'), 0o600); err != nil {
		return fresh, fmt.Errorf("save run state: %w", err)
	}
	return fresh, nil
}

// Load reads dir/run.json.
func Load(dir string) (State, error) {
	b, err := userfile.ReadFile(filepath.Join(dir, StateFile), userfile.Text)
	if err != nil {
		return State{}, fmt.Errorf("load run state: %w", err)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return State{}, fmt.Errorf("load run state %s: %w", dir, err)
	}
	return s, nil
}

// List returns the states of all runs under reportsDir, newest first.
func List(reportsDir string) ([]State, error) {
	entries, err := os.ReadDir(reportsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	var out []State
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		s, err := Load(filepath.Join(reportsDir, e.Name()))
		if err != nil {
			continue // not a run directory, or one from an older saltlab
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Started.After(out[j].Started) })
	return out, nil
}
