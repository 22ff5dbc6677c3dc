// Package bringup is the one bring-up path of `saltlab run` and `saltlab
// up`: build or find the images, sweep what dead runners left, claim the
// run's folder and private directory, pick a subnet, load the topology
// with the run's knobs, save run.json, create everything and wait until
// it is healthy; and, once the run is done with it, remove the lab or
// hand it over to the user. It also opens the lab of a saved run for the
// commands that work on an existing lab.
package bringup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/netalloc"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/saltlogs"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// subnetAttempts bounds how often bring-up picks a new subnet after losing
// a race for one to a lab started at the same moment.
const subnetAttempts = 8

// staticMasters is how many static master addresses (SALTLAB_MASTER_<n>_IP)
// a lab subnet offers: the syndic topology has a master of masters and two
// syndic masters; topologies with fewer masters ignore the rest.
const staticMasters = 3

// Session is a lab that Start brought up healthy. Close releases the
// Docker client; removing the lab is Release's.
type Session struct {
	Cli     *client.Client   // the host's engine: images, sweeps, subnets
	Docker  access.LabDocker // the lab's engine: Cli on compose
	Target  *access.Target   // where the lab runs: the host's engine or a swarm
	Lab     *lab.Lab
	State   runstate.State
	Project string        // the lab's compose project
	Flavor  images.Flavor // the Salt the lab runs, as the images resolved it
	Host    string        // this host's name
	Engine  string        // the Docker Engine's version, "" when it did not say
	BringUp time.Duration // from the images found or built to the lab healthy
	RunDir  string
	LabName string // "" for a run's only lab, else lab1, lab2, ...
	Builder *images.Builder
	Creds   saltapi.Creds // the run's salt-api credentials
	Roles   roles.Roles   // who plays which Salt role, after the knobs
	Started time.Time
	Log     io.Writer
	claim   labClaim // RunDir, taken back if the run never starts
	ran     bool     // the scenarios started: the run folder stays
	private string   // the run's private dir: password file, config drop-ins
}

// Close releases the Docker client.
func (s *Session) Close() error { return errors.Join(s.Target.Close(), s.Cli.Close()) }

// Spec is what one lab of a run shares with the others (saltlab run
// --parallel): its name, the run's claim on its folder, and the lock that
// lets one lab at a time build or find the images. Sweep says whether
// this bring-up sweeps dead runs' leftovers and checks that the run id
// is free (ClaimRunID); a run with several labs does that once, before
// any lab starts, since each lab would see the others as taking its id.
type Spec struct {
	Name   string
	Claim  *RunClaim // nil: the lab's own
	Sweep  bool
	Images sync.Locker // nil: no other lab builds
	// CheckFleet: refuse a fleet this machine cannot hold (`up`; `run`
	// checked all its labs at once in settings.LabCount, before the first
	// came up and took its share of the memory).
	CheckFleet bool
	// Detach marks the lab's resources as created by `saltlab up` (see
	// labels.UpOwnerPrefix).
	Detach bool
	// ChaosHelper: the lab's scenarios inject a fault through the chaos
	// helper image (selection.NeedsChaosHelper), so it is built with the
	// Salt images, at the same time, not inside the first such scenario.
	ChaosHelper bool
}

// Start is the one bring-up path of `run` and `up`: check the compose
// file (policy, roles), build the images, check the run's Salt options
// against the image's list, sweep leftovers of dead runners, pick a
// subnet, load the topology with the run's knobs, save run.json, create
// everything and wait until it is healthy. If anything fails after the
// first object was created, the half-built lab is removed before Start
// returns (unless cfg.Keep), also when ctx was cancelled. The run
// directory appears only with run.json, and a failure that leaves no lab
// takes it back: a run that never started leaves no reports/<run id>/ and
// claims no lab.
func Start(ctx context.Context, cfg *settings.Config, started time.Time, spec Spec) (*Session, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if _, err := settings.OSUserEnv(); err != nil {
		return nil, err
	}
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	file, err := cfg.ComposeFile()
	if err != nil {
		return nil, err
	}
	cfg.EnsureRunID(started)
	project, topoRoles, err := cfg.CheckProject(ctx, file, settings.ProjectName(cfg.Topology, cfg.RunID))
	if err != nil {
		return nil, err
	}
	if spec.CheckFleet {
		if err := cfg.CheckFleet(project, topoRoles); err != nil {
			return nil, err
		}
	}
	reports, err := filepath.Abs(cfg.ReportsDir)
	if err != nil {
		return nil, fmt.Errorf("resolve reports dir: %w", err)
	}
	// Docker first: without it nothing below is of use.
	dir := runstate.Dir(reports, cfg.RunID)
	if spec.Claim == nil {
		spec.Claim = NewRunClaim(dir, []string{spec.Name})
	}
	s := &Session{RunDir: dir, claim: spec.Claim.lab(spec.Name), LabName: spec.Name, Started: started, Log: log}
	if s.Cli, err = dockerx.New(ctx); err != nil {
		return nil, err
	}
	if s.Target, err = access.OpenTarget(ctx, s.Cli, engineState(cfg), console.PlumbingOf(log)); err != nil {
		s.Cli.Close()
		return nil, err
	}
	s.Docker = s.Target.Docker
	// A lab of several keeps its secrets in the run's private dir, which
	// `saltlab down --run` removes whole.
	if s.private, err = runstate.MakePrivate(cfg.StateDir, cfg.RunID, spec.Name); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.up(ctx, cfg, file, project, topoRoles, spec); err != nil {
		s.Close()
		if s.Lab == nil || !cfg.Keep {
			err = errors.Join(err, runstate.RemovePrivate(s.private), s.claim.Withdraw())
		}
		return nil, err
	}
	return s, nil
}

// up brings the lab up; project is the compose file as CheckProject read
// it, whose Salt options and needed release (topoRoles.SaltMin) are
// checked once the image is known.
func (s *Session) up(ctx context.Context, cfg *settings.Config, file string, project *types.Project, topoRoles roles.Roles, spec Spec) error {
	if spec.Sweep {
		if err := claimRunID(ctx, s.Cli, cfg, s.Log); err != nil {
			return err
		}
	}
	creds, err := access.NewCreds()
	if err != nil {
		return err
	}
	s.Creds = creds
	flavor, err := s.images(ctx, cfg, file, project, topoRoles, spec)
	if err != nil {
		return err
	}
	// Bring-up is timed from here, so a release's first run (which builds
	// its image) and later ones (which find it) measure the same thing.
	ready := time.Now()

	s.Project, s.Flavor = settings.LabProject(cfg.Topology, cfg.RunID, s.LabName), flavor
	s.Host, _ = os.Hostname()
	if v, err := s.Cli.ServerVersion(ctx); err == nil {
		s.Engine = v.Version
	}
	attempt := 0
	err = netalloc.Retry(ctx, s.Cli, staticMasters, subnetAttempts, func(err error) bool { return errors.Is(err, lab.ErrSubnetTaken) }, func(plan netalloc.Plan) error {
		if attempt++; attempt > 1 {
			progress.New(console.PlumbingOf(s.Log), s.Started).Line("subnet taken by a lab started at the same time; picked %s (attempt %d/%d)", plan.Subnet, attempt, subnetAttempts)
		}
		err := s.tryUp(ctx, cfg, file, flavor, plan, spec.Detach)
		// A lost subnet race is always undone: the retry reuses the names.
		if err != nil && s.Lab != nil && (!cfg.Keep || errors.Is(err, lab.ErrSubnetTaken)) {
			if !errors.Is(err, lab.ErrSubnetTaken) {
				err = s.keepUpLogs(ctx, err)
			}
			if derr := s.Target.Down(ctx, s.Lab); derr != nil {
				err = errors.Join(err, derr)
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	s.BringUp = time.Since(ready)
	progress.New(s.Log, s.Started).Phase("up", "lab %s is up and healthy (bring-up %.1fs)", s.Project, s.BringUp.Seconds())
	return nil
}

// keepUpLogs saves the logs of a lab that failed at bring-up before it is
// removed, and keeps them when the run folder is taken back: the error
// quotes the failing container's last lines, the whole story (every
// container, Salt's own log files) is in the folder it names.
// engineState is where the run's lab runs, as run.json records it.
func engineState(cfg *settings.Config) runstate.State {
	if !cfg.OnSwarm() {
		return runstate.State{}
	}
	return runstate.State{Engine: runstate.EngineSwarm, Swarm: cfg.SwarmName()}
}

func (s *Session) keepUpLogs(ctx context.Context, err error) error {
	dir := saltlogs.KeepAll(ctx, s.Lab, s.RunDir, s.LabName, s.Log, s.Started)
	if _, serr := os.Stat(dir); serr != nil {
		return err
	}
	s.claim.Keep(filepath.Base(dir))
	return fmt.Errorf("%w\n(every container's log and Salt's log files are kept in %s)", err, dir)
}
