// Package bringup is a drill's lab: brought up for a start (after the
// machine's room is checked), reached again from its run folder for every
// later verb, and removed at its end.
package bringup

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/drill/prepare"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/run/runner"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/usage"
)

// Options are where a drill's lab comes from and goes.
type Options struct {
	Root        string // the saltlab checkout
	Reports     string // reports/<run id>/
	StateDir    string // the runs' private directories (runstate.PrivateRoot)
	Flavor      string // real or sim, checked by the caller
	SaltVersion string
	Log         io.Writer
}

// Up is a drill's lab just brought up.
type Up struct {
	RunID, RunDir string
	Flavor        string   // as the lab runs it
	Services      []string // the lab's services, by name
}

// Start refuses a drill the machine cannot hold beside those in flight,
// then brings its lab up as a run of its own (drill-NAME-XXXXXX), with
// the drill's knobs.
func Start(ctx context.Context, d *spec.Drill, o Options) (Up, error) {
	services, err := prepare.TopologyServices(o.Root, d.Topology)
	if err != nil {
		return Up{}, err
	}
	m, err := prepare.HostMachine()
	if err != nil {
		return Up{}, err
	}
	if err := prepare.CheckRoom(d, services, o.Flavor, o.Reports, m); err != nil {
		return Up{}, err
	}
	k, err := knobs.Inputs{Sets: d.Set, Root: o.Root}.Parse()
	if err != nil {
		return Up{}, usage.Errorf("drill %s: set: %w", d.Name, err)
	}
	runID := "drill-" + d.Name + "-" + randomHex(3)
	if len(runID) > 63 {
		runID = runID[:56] + "-" + randomHex(3)
	}
	cfg := settings.Config{RepoRoot: o.Root, Topology: d.Topology, Flavor: o.Flavor, SaltVersion: o.SaltVersion, ReportsDir: o.Reports, StateDir: o.StateDir, RunID: runID, Knobs: k, Log: o.Log}
	if err := cfg.Validate(); err != nil {
		return Up{}, err
	}
	fmt.Fprintf(o.Log, "drill %s: bringing up a %s lab on Salt %s\n", d.Name, d.Topology, o.Flavor)
	res, err := runner.Up(ctx, cfg)
	if err != nil {
		return Up{}, err
	}
	u := Up{RunID: runID, RunDir: res.RunDir, Flavor: res.State.Flavor}
	for _, sv := range res.Services {
		u.Services = append(u.Services, sv.Service)
	}
	return u, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
