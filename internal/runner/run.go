package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/fault"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/labels"
	"github.com/saltlab/saltlab/internal/report"
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
	if len(cfg.Features) == 0 {
		return res, fmt.Errorf("validate config: no feature paths")
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
	s, err := bringUp(ctx, &cfg, started)
	if s == nil {
		if cfg.RunID != "" && cfg.ReportsDir != "" {
			res.RunDir = filepath.Join(cfg.ReportsDir, cfg.RunID)
		}
		return res, err
	}
	defer s.Close()
	res.RunDir = s.runDir
	adapter := labAdapter{l: s.lab}
	eng := chaos.New(s.cli, cfg.RunID, s.run.Project, s.ledger)
	eng.Log = log
	eng.HelperImage = s.builder.BuildHelper // built on the first network fault only
	defer func() {
		if cfg.Keep {
			if derr := s.detach(ctx); derr != nil {
				err = errors.Join(err, derr)
			}
			fmt.Fprintf(log, "keeping the lab (project %s); remove it with: saltlab down --run %s\n", s.run.Project, cfg.RunID)
			return
		}
		if terr := teardown(ctx, s.lab, s.ledger, steps.Undoer(adapter, eng), log, started); terr != nil {
			err = errors.Join(err, terr)
		}
	}()
	run := s.run
	if v, verr := steps.SaltVersion(ctx, adapter); verr == nil {
		run.Flavor.Version = v
	} else {
		run.Flavor.Version = "unknown (" + verr.Error() + ")"
	}
	if vr, verr := steps.VersionsReport(ctx, adapter); verr == nil {
		run.Flavor.VersionsReport = vr
	} else {
		fmt.Fprintf(log, "warning: %v\n", verr)
	}

	ms := &report.Measurements{}
	status := runScenarios(ctx, cfg, res.RunDir, steps.Deps{Lab: adapter, Ledger: s.ledger, Measurements: ms, Log: log, Chaos: eng, API: s.creds})
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

// teardown heals recorded faults, then removes the lab (chaos helpers carry
// its labels and go with it), on a context that the run's cancellation
// cannot reach.
func teardown(ctx context.Context, l *lab.Lab, ledger *fault.Ledger, u fault.Undoer, log io.Writer, started time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), TeardownTimeout)
	defer cancel()
	var errs []error
	if len(ledger.Pending()) > 0 {
		errs = append(errs, ledger.UndoAll(ctx, u))
	}
	if err := l.Down(ctx); err != nil {
		errs = append(errs, fmt.Errorf("tear lab down: %w", err))
	}
	phase(log, started, "lab %s removed", l.Project())
	return errors.Join(errs...)
}

// sweepStale removes what runs whose runner died (e.g. SIGKILL) left behind.
// It returns the runs that still have resources afterwards.
func sweepStale(ctx context.Context, cli *client.Client, log io.Writer) map[string]string {
	owners, err := RunOwners(ctx, cli)
	if err != nil {
		fmt.Fprintf(log, "warning: look for leftovers of earlier runs: %v\n", err)
		return nil
	}
	for _, id := range StaleRuns(owners) {
		sw, err := lab.Sweep(ctx, cli, map[string]string{labels.Run: id})
		if err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s: %v\n", id, err)
			continue
		}
		delete(owners, id)
		fmt.Fprintf(log, "swept leftovers of dead run %s: %+v\n", id, sw)
	}
	return owners
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
	fmt.Fprintf(w, "\n==== SALT FLAVOUR: real: Salt %s (%s, installed by route %s) ====\n\n", f.Version, f.Image, f.Route)
}
