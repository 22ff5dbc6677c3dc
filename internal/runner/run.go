package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/dockerx"
	"github.com/saltlab/saltlab/internal/fault"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/labels"
	"github.com/saltlab/saltlab/internal/netalloc"
	"github.com/saltlab/saltlab/internal/report"
	"github.com/saltlab/saltlab/internal/runstate"
	"github.com/saltlab/saltlab/steps"
)

// ErrScenariosFailed means the run worked but at least one scenario failed.
var ErrScenariosFailed = errors.New("scenarios failed")

// Result is what a run produced.
type Result struct {
	RunDir  string
	Summary report.Summary
}

// Run executes one run. Cleanup (fault heal, lab teardown) always happens,
// on a context detached from ctx, unless cfg.Keep.
func Run(ctx context.Context, cfg Config) (res Result, err error) {
	if err := cfg.validate(); err != nil {
		return res, err
	}
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	started := time.Now()
	n, err := steps.Check(cfg.Features)
	if err != nil {
		return res, fmt.Errorf("check features: %w", err)
	}
	phase(log, started, "checked %d scenario(s) in %v", n, cfg.Features)
	file, err := TopologyFile(cfg.RepoRoot, cfg.Topology)
	if err != nil {
		return res, err
	}
	if cfg.RunID == "" {
		cfg.RunID = labels.NewRunID(started)
	}
	if err := labels.ValidateRunID(cfg.RunID); err != nil {
		return res, err
	}
	res.RunDir = filepath.Join(cfg.ReportsDir, cfg.RunID)
	if err := os.MkdirAll(res.RunDir, 0o755); err != nil {
		return res, fmt.Errorf("create run dir: %w", err)
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return res, err
	}
	defer cli.Close()
	sweepStale(ctx, cli, log)

	b := images.NewBuilder(cli, cfg.RepoRoot, log)
	if _, err := b.EnsureBase(ctx); err != nil {
		return res, fmt.Errorf("ensure base image: %w", err)
	}
	flavor, err := b.Resolve(ctx, cfg.Flavor)
	if err != nil {
		return res, fmt.Errorf("resolve salt flavour: %w", err)
	}
	announceFlavor(log, cfg.Flavor, flavor)
	phase(log, started, "images ready")

	run := report.Run{ID: cfg.RunID, Topology: cfg.Topology, Project: ProjectName(cfg.Topology, cfg.RunID),
		Flavor: report.Flavor{Name: flavor.Name, Reason: flavor.Reason}, Started: started}
	run.Host, _ = os.Hostname()
	// Three static addresses (SALTLAB_MASTER_{1,2,3}_IP): the syndic
	// topology has a master of masters and two syndic masters; topologies
	// with fewer masters ignore the rest.
	plan, err := netalloc.Allocate(ctx, cli, 3)
	if err != nil {
		return res, err
	}
	env := plan.Env()
	env["SALTLAB_SALT_IMAGE"] = flavor.Image
	env["SALTLAB_BASE_IMAGE"] = images.BaseRef
	creds, err := newAPICreds()
	if err != nil {
		return res, err
	}
	for k, v := range apiEnv(creds) {
		env[k] = v
	}
	state := runstate.State{RunID: cfg.RunID, Project: run.Project, Topology: cfg.Topology, Flavor: flavor.Name,
		Image: flavor.Image, Files: []string{file}, Env: env,
		Owner: labels.OwnerID(), Started: started}
	l, err := lab.Load(ctx, cli, lab.Options{Files: state.Files, Project: state.Project, RunID: state.RunID,
		Topology: state.Topology, Flavor: state.Flavor, Env: state.Env, Log: log})
	if err != nil {
		return res, fmt.Errorf("load topology %s: %w", cfg.Topology, err)
	}
	// Saved before anything is created, so `saltlab heal`/`down` can find
	// this lab even if this process is killed during Up.
	if err := runstate.Save(res.RunDir, state); err != nil {
		return res, err
	}
	ledger := fault.NewLedger(filepath.Join(res.RunDir, runstate.LedgerFile))
	adapter := labAdapter{l: l}
	defer func() {
		if cfg.Keep {
			fmt.Fprintf(log, "keeping the lab (project %s); remove it with: saltlab down --run %s\n", run.Project, cfg.RunID)
			return
		}
		if terr := teardown(ctx, l, ledger, adapter, log, started); terr != nil {
			err = errors.Join(err, terr)
		}
	}()

	if err := l.Up(ctx); err != nil {
		return res, fmt.Errorf("bring lab up: %w", err)
	}
	phase(log, started, "lab %s is up", run.Project)
	if v, verr := steps.SaltVersion(ctx, adapter); verr == nil {
		run.Flavor.Version = v
	} else {
		run.Flavor.Version = "unknown (" + verr.Error() + ")"
	}

	ms := &report.Measurements{}
	status := runScenarios(ctx, cfg, res.RunDir, steps.Deps{Lab: adapter, Ledger: ledger, Measurements: ms, Log: log, API: creds})
	run.Duration = time.Since(started)
	res.Summary, err = writeReports(res.RunDir, run, ms, ctx.Err())
	if err != nil {
		return res, err
	}
	phase(log, started, "reports written to %s", res.RunDir)
	if ctx.Err() != nil {
		return res, fmt.Errorf("run interrupted: %w", ctx.Err())
	}
	if len(res.Summary.Scenarios) == 0 {
		return res, fmt.Errorf("no scenario matched the tag expression %q in %v: tag a feature @%s to run it on this topology", TagExpression(cfg.Topology, cfg.Tags), cfg.Features, cfg.Topology)
	}
	if status != 0 || !res.Summary.Passed {
		return res, ErrScenariosFailed
	}
	return res, nil
}

func writeReports(runDir string, run report.Run, ms *report.Measurements, runErr error) (report.Summary, error) {
	suites, err := report.ReadJUnit(filepath.Join(runDir, godogJUnit))
	if err != nil {
		return report.Summary{}, err
	}
	suites = report.Enrich(suites, run, ms)
	sum := report.Summarize(run, suites, ms, runErr)
	return sum, report.WriteFiles(runDir, suites, sum)
}

// teardown heals recorded faults, then removes the lab, on a context that
// the run's cancellation cannot reach.
func teardown(ctx context.Context, l *lab.Lab, ledger *fault.Ledger, u steps.Lab, log io.Writer, started time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), TeardownTimeout)
	defer cancel()
	var errs []error
	if len(ledger.Pending()) > 0 {
		errs = append(errs, ledger.UndoAll(ctx, steps.Undoer(u)))
	}
	if err := l.Down(ctx); err != nil {
		errs = append(errs, fmt.Errorf("tear lab down: %w", err))
	}
	phase(log, started, "lab %s removed", l.Project())
	return errors.Join(errs...)
}

// sweepStale removes what runs whose runner died (e.g. SIGKILL) left behind.
func sweepStale(ctx context.Context, cli *client.Client, log io.Writer) {
	owners, err := RunOwners(ctx, cli)
	if err != nil {
		fmt.Fprintf(log, "warning: look for leftovers of earlier runs: %v\n", err)
		return
	}
	for _, id := range StaleRuns(owners) {
		sw, err := lab.Sweep(ctx, cli, map[string]string{labels.Run: id})
		if err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s: %v\n", id, err)
			continue
		}
		fmt.Fprintf(log, "swept leftovers of dead run %s: %+v\n", id, sw)
	}
}

func phase(w io.Writer, started time.Time, format string, args ...any) {
	fmt.Fprintf(w, "[saltlab %6.1fs] %s\n", time.Since(started).Seconds(), fmt.Sprintf(format, args...))
}

func announceFlavor(w io.Writer, asked string, f images.Flavor) {
	if f.Name == "sim" {
		fmt.Fprintf(w, "\n==== SALT FLAVOUR: sim (the hermetic Salt double, NOT real Salt) ====\n")
		if asked == "auto" {
			fmt.Fprintf(w, "==== auto chose sim because: %s\n", f.Reason)
		}
		fmt.Fprintf(w, "==== results will be labelled as Salt-double results in every report\n\n")
		return
	}
	fmt.Fprintf(w, "\n==== SALT FLAVOUR: real (%s) ====\n\n", f.Image)
}
