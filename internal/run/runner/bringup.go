package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/netalloc"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// subnetAttempts bounds how often bring-up picks a new subnet after losing
// a race for one to a lab started at the same moment.
const subnetAttempts = 8

// staticMasters is how many static master addresses (SALTLAB_MASTER_<n>_IP)
// a lab subnet offers: the syndic topology has a master of masters and two
// syndic masters; topologies with fewer masters ignore the rest.
const staticMasters = 3

// session is a lab that bringUp brought up healthy. Close releases the
// Docker client; removing the lab is the caller's decision.
type session struct {
	cli     *client.Client
	lab     *lab.Lab
	state   runstate.State
	run     report.Run
	runDir  string
	claim   labClaim // runDir, taken back if the run never starts
	labName string   // "" for a run's only lab, else lab1, lab2, ...
	ran     bool     // the scenarios started: the run folder stays
	ledger  *fault.Ledger
	private string // the run's private dir: password file, config drop-ins
	builder *images.Builder
	creds   saltapi.Creds // the run's salt-api credentials
	roles   roles.Roles   // who plays which Salt role, after the knobs
	started time.Time
	log     io.Writer
}

func (s *session) Close() error { return s.cli.Close() }

// bringUp is the one bring-up path of `run` and `up`: check the compose
// file (policy, roles), build the images, check the run's Salt options
// against the image's list, sweep leftovers of dead runners, pick a
// subnet, load the topology with the run's knobs, save run.json, create
// everything and wait until it is healthy. If anything fails after the first object was created, the
// half-built lab is removed before bringUp returns (unless cfg.Keep), also
// when ctx was cancelled. The run directory appears only with run.json,
// and a failure that leaves no lab takes it back: a run that never
// started leaves no reports/<run id>/ and claims no lab.
func bringUp(ctx context.Context, cfg *Config, started time.Time, spec labSpec) (*session, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if _, err := osUserEnv(); err != nil {
		return nil, err
	}
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	file, err := cfg.composeFile()
	if err != nil {
		return nil, err
	}
	if cfg.RunID == "" {
		cfg.RunID = labels.NewRunID(started)
	}
	project, topoRoles, err := cfg.checkProject(ctx, file, ProjectName(cfg.Topology, cfg.RunID))
	if err != nil {
		return nil, err
	}
	if spec.checkFleet {
		if err := cfg.checkFleet(project, topoRoles); err != nil {
			return nil, err
		}
	}
	reports, err := filepath.Abs(cfg.ReportsDir)
	if err != nil {
		return nil, fmt.Errorf("resolve reports dir: %w", err)
	}
	// Docker first: without it nothing below is of use.
	dir := runstate.Dir(reports, cfg.RunID)
	if spec.claim == nil {
		spec.claim = newRunClaim(dir, []string{spec.name})
	}
	s := &session{runDir: dir, claim: spec.claim.lab(spec.name), labName: spec.name, started: started, log: log}
	if s.cli, err = dockerx.New(ctx); err != nil {
		return nil, err
	}
	// A lab of several keeps its secrets in the run's private dir, which
	// `saltlab down --run` removes whole.
	if s.private, err = runstate.MakePrivate(cfg.StateDir, cfg.RunID, spec.name); err != nil {
		s.cli.Close()
		return nil, err
	}
	if err := s.up(ctx, cfg, file, project, topoRoles, spec); err != nil {
		s.cli.Close()
		if s.lab == nil || !cfg.Keep {
			err = errors.Join(err, runstate.RemovePrivate(s.private), s.claim.Withdraw())
		}
		return nil, err
	}
	return s, nil
}

// up brings the lab up; project is the compose file as checkProject read
// it, whose Salt options and needed release (topoRoles.SaltMin) are
// checked once the image is known.
func (s *session) up(ctx context.Context, cfg *Config, file string, project *types.Project, topoRoles roles.Roles, spec labSpec) error {
	if spec.sweep {
		if err := claimRunID(ctx, s.cli, cfg, s.log); err != nil {
			return err
		}
	}
	creds, err := newAPICreds()
	if err != nil {
		return err
	}
	s.creds = creds
	flavor, err := s.images(ctx, cfg, file, project, topoRoles, spec.images)
	if err != nil {
		return err
	}
	// Bring-up is timed from here, so a release's first run (which builds
	// its image) and later ones (which find it) measure the same thing.
	ready := time.Now()

	s.run = report.Run{ID: cfg.RunID, Topology: cfg.Topology, Project: labProject(cfg.Topology, cfg.RunID, s.labName),
		Flavor: report.Flavor{Name: flavor.Name, Route: flavor.Route, Reason: flavor.Reason}, Started: s.started}
	s.run.Host, _ = os.Hostname()
	if v, err := s.cli.ServerVersion(ctx); err == nil {
		s.run.Engine = v.Version
	}
	s.ledger = fault.NewLedger(filepath.Join(s.runDir, runstate.LedgerName(s.labName)))
	attempt := 0
	err = netalloc.Retry(ctx, s.cli, staticMasters, subnetAttempts, func(err error) bool { return errors.Is(err, lab.ErrSubnetTaken) }, func(plan netalloc.Plan) error {
		if attempt++; attempt > 1 {
			phase(console.PlumbingOf(s.log), s.started, "subnet taken by a lab started at the same time; picked %s (attempt %d/%d)", plan.Subnet, attempt, subnetAttempts)
		}
		err := s.tryUp(ctx, cfg, file, flavor, plan)
		// A lost subnet race is always undone: the retry reuses the names.
		if err != nil && s.lab != nil && (!cfg.Keep || errors.Is(err, lab.ErrSubnetTaken)) {
			if !errors.Is(err, lab.ErrSubnetTaken) {
				err = s.keepUpLogs(ctx, err)
			}
			if derr := s.lab.Down(ctx); derr != nil {
				err = errors.Join(err, derr)
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	s.run.BringUp = time.Since(ready)
	progress.New(s.log, s.started).Phase("up", "lab %s is up and healthy (bring-up %.1fs)", s.run.Project, s.run.BringUp.Seconds())
	return nil
}

// keepUpLogs saves the logs of a lab that failed at bring-up before it is
// removed, and keeps them when the run folder is taken back: the error
// quotes the failing container's last lines, the whole story (every
// container, Salt's own log files) is in the folder it names.
func (s *session) keepUpLogs(ctx context.Context, err error) error {
	saveLogs(ctx, s.lab, s.runDir, s.labName, s.log, s.started)
	dir := filepath.Join(s.runDir, report.LogsDir)
	if _, serr := os.Stat(dir); serr != nil {
		return err
	}
	s.claim.Keep(report.LogsDir)
	return fmt.Errorf("%w\n(every container's log and Salt's log files are kept in %s)", err, dir)
}

// labSpec is what one lab of a run shares with the others (saltlab run
// --parallel): its name, the run's claim on its folder, and the lock that
// lets one lab at a time build or find the images. sweep says whether
// this bring-up sweeps dead runs' leftovers and checks that the run id
// is free (claimRunID); a run with several labs does that once, before
// any lab starts, since each lab would see the others as taking its id.
type labSpec struct {
	name   string
	claim  *runClaim // nil: the lab's own
	sweep  bool
	images sync.Locker // nil: no other lab builds
	// checkFleet: refuse a fleet this machine cannot hold (`up`; `run`
	// checked all its labs at once in labCount, before the first came up
	// and took its share of the memory).
	checkFleet bool
}

// claimRunID sweeps what runs whose runner died left behind, then refuses
// a run id that still has a lab on the engine: bringing it up again would
// fail and the cleanup would then remove the existing lab, which carries
// the same labels.
func claimRunID(ctx context.Context, cli *client.Client, cfg *Config, log io.Writer) error {
	if _, taken := sweepStale(ctx, cli, cfg.StateDir, log)[cfg.RunID]; taken {
		return fmt.Errorf("run id %s already has a lab on this engine: choose another --run-id, or remove it with `saltlab down --run %s`", cfg.RunID, cfg.RunID)
	}
	return nil
}

// images builds or finds the base and Salt images (one lab at a time
// under lock), announces the flavour, and checks the run's Salt options
// and needed release against the image.
func (s *session) images(ctx context.Context, cfg *Config, file string, project *types.Project, topoRoles roles.Roles, lock sync.Locker) (images.Flavor, error) {
	if lock != nil {
		lock.Lock()
		defer lock.Unlock()
	}
	progress.New(s.log, s.started).Phase("images", "finding or building the base and Salt images")
	// What the builder does (Docker's build output included) is plumbing:
	// the flavour and the image it chose are the story.
	b := images.NewBuilder(s.cli, cfg.RepoRoot, console.PlumbingOf(s.log), images.WithIndexRefresh(cfg.SaltRefresh))
	s.builder = b
	// Resolve makes the base while it resolves and builds (ahead of need);
	// the check after it finds the base made.
	flavor, err := b.Resolve(ctx, cfg.Flavor, cfg.SaltVersion)
	if err != nil {
		return flavor, fmt.Errorf("resolve salt flavour: %w", err)
	}
	if _, err := b.EnsureBase(ctx); err != nil {
		return images.Flavor{}, fmt.Errorf("ensure base image: %w", err)
	}
	announceFlavor(s.log, cfg.Flavor, flavor)
	if err := checkResolvedSalt(topoRoles, file, flavor); err != nil {
		return flavor, err
	}
	progress.New(s.log, s.started).Phase("images", "ready (%s)", flavor.Image)
	return flavor, s.checkImageOptions(ctx, b, flavor, project, cfg.Knobs)
}

// tryUp is one bring-up attempt on a freshly allocated subnet.
func (s *session) tryUp(ctx context.Context, cfg *Config, file string, flavor images.Flavor, plan netalloc.Plan) error {
	s.lab = nil
	env, err := osUserEnv()
	if err != nil {
		return err
	}
	maps.Copy(env, plan.Env())
	env["SALTLAB_SALT_IMAGE"] = flavor.Image
	env["SALTLAB_BASE_IMAGE"] = images.BaseRef
	apiVars, err := writeAPIPassword(s.private, s.creds)
	if err != nil {
		return err
	}
	maps.Copy(env, apiVars)
	s.state = runstate.State{RunID: cfg.RunID, Project: s.run.Project, Topology: cfg.Topology, Flavor: flavor.Name,
		Image: flavor.Image, Files: []string{file}, Env: env, Owner: labels.OwnerID(), Started: s.started, Private: s.private, Lab: s.labName}
	if cfg.detach {
		s.state.Owner = labels.UpOwnerPrefix + s.state.Owner
	}
	resolve := func(p *types.Project) error {
		ks, err := knobs.Resolve(p, cfg.Knobs, filepath.Join(s.private, runstate.ConfigDir))
		if err != nil {
			return err
		}
		ks.SwarmStart = capacity.SwarmStart[flavor.Name]
		s.state.Knobs = ks
		if err := knobs.Apply(p, ks); err != nil {
			return err
		}
		// Read after the knobs, so --minions clones are minions too.
		s.roles, err = roles.FromProject(p)
		return err
	}
	l, err := loadLab(ctx, s.cli, s.state, resolve, console.PlumbingOf(s.log))
	if err != nil {
		return fmt.Errorf("load topology %s: %w", cfg.Topology, err)
	}
	// Saved before anything is created, so `saltlab down`, `status` and
	// `heal` find this lab even if this process is killed during Up.
	if err := s.claim.Save(s.state); err != nil {
		return err
	}
	s.lab = l
	// A master without auto_accept holds each daemon's key pending, and
	// the minions' health (a connection to the publish port) cannot pass
	// until someone accepts it: bring-up does, for the declared ids only.
	up := l.Up
	if cfg.mayHoldKeys() {
		acc := newKeyAccepter(labAdapter{l: l, roles: s.roles}, s.roles, console.PlumbingOf(s.log))
		up = func(ctx context.Context) error { return acceptKeysDuring(ctx, acc, keyAcceptBound, l.Up) }
	}
	if se, ok := newStartEvents(s.roles); ok && capacity.BusReadiness(s.state.Flavor) {
		stop := se.watch(ctx, s.cli, l)
		defer stop()
	}
	if err := up(ctx); err != nil {
		return fmt.Errorf("bring lab up: %w", explainUpFailure(err))
	}
	return nil
}

// loadLab loads a run's topology; transform rewrites the compose model.
func loadLab(ctx context.Context, cli lab.Docker, st runstate.State, transform func(*types.Project) error, log io.Writer) (*lab.Lab, error) {
	return lab.Load(ctx, cli, lab.Options{Files: st.Files, Project: st.Project, RunID: st.RunID,
		Topology: st.Topology, Flavor: st.Flavor, Env: st.Env, Log: log, Transform: transform, Owner: st.Owner})
}

// Open loads the lab of a saved run, re-applying its knobs, so another
// process can inspect or drive it (status, logs), and reads its x-saltlab
// roles after the knobs (clones included), so a user's --compose lab with
// its own service names is understood. Nothing is created.
func Open(ctx context.Context, cli lab.Docker, st runstate.State) (*lab.Lab, roles.Roles, error) {
	var r roles.Roles
	l, err := loadLab(ctx, cli, st, func(p *types.Project) error {
		if err := knobs.Apply(p, st.Knobs); err != nil {
			return err
		}
		var err error
		r, err = roles.FromProject(p)
		return err
	}, nil)
	if err != nil {
		return nil, roles.Roles{}, fmt.Errorf("open run %s: %w", st.RunID, err)
	}
	return l, r, nil
}

// detach hands a healthy lab over to the user: a marker volume tells later
// runs that the lab is not a dead runner's leftover, and run.json says so.
func (s *session) detach(ctx context.Context) error {
	if err := markDetached(ctx, s.cli, s.state.RunID, s.state.Project); err != nil {
		return err
	}
	s.state.Detached = true
	return s.claim.Save(s.state)
}
