// Package labs runs a run's labs, all at once, each its own plan of
// scenarios: brought up, recorded, bound to its chaos engine, its
// scenarios run, its faults healed and the lab torn down, in nested
// scopes whose order is the run's cleanup order (scopes.go). Several labs
// tell their story on the run's console, each line named with its lab.
package labs

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/run/bringup"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/record"
	"github.com/saltlab/saltlab/internal/run/selection"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/run/suite"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// Shared is what the labs of one run share: one claim on the run folder,
// one record of evidence (each lab records through its own view of the
// history), one set of measurements, and the images lock. A run with one
// lab has the same, used by that lab alone.
type Shared struct {
	Claim    *bringup.RunClaim
	MS       *report.Measurements
	Evidence *record.Run
	images   sync.Mutex
}

// NewShared is what the labs named (in plan order) share, the run folder
// dir staked for them; con keeps the run's console.log in it once the
// history is there.
func NewShared(dir string, labs []string, con *console.Console) *Shared {
	return &Shared{Claim: bringup.NewRunClaim(dir, labs), MS: &report.Measurements{}, Evidence: record.NewRun(con)}
}

// Run runs every lab of the run at once, each its own plan, and returns
// what each left for the reports (nil for a lab whose scenarios never
// ran) and their errors, each named by its lab when there are several.
// The run's structure is its cleanup order (scopes.go): the lab holds the
// evidence, the evidence holds the chaos engine, and each undoes what it
// set up when what it holds returns. A run with several labs sweeps dead
// runs' leftovers and claims its id once, first. sl reads the features
// again when a lab's flavour or Salt release narrows the selection sel.
func Run(ctx context.Context, cfg settings.Config, sh *Shared, plans []selection.Plan, sl selection.Selector, sel tagexpr.Expr, started time.Time) ([]*suite.Outcome, error) {
	if len(plans) == 1 {
		out, err := runLab(ctx, cfg, sh, plans[0], bringup.Spec{Claim: sh.Claim, Sweep: true, Images: &sh.images}, sl, sel, started)
		return []*suite.Outcome{out}, err
	}
	if err := bringup.ClaimRunID(ctx, &cfg); err != nil {
		return nil, err
	}
	outs := make([]*suite.Outcome, len(plans))
	errs := make([]error, len(plans))
	var wg sync.WaitGroup
	for i, p := range plans {
		lc := cfg
		lc.Log = console.Of(cfg.Log).Lab(p.Name)
		wg.Go(func() {
			outs[i], errs[i] = runLab(ctx, lc, sh, p, bringup.Spec{Name: p.Name, Claim: sh.Claim, Images: &sh.images}, sl, sel, started)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("%s: %w", p.Name, errs[i])
			}
		})
	}
	wg.Wait()
	if !cfg.Keep {
		// Each lab removed its private dir; their parent goes with the last
		// (a kept or failed lab's dir keeps it, for `saltlab down`).
		_ = owned.RemoveIfEmpty(filepath.Join(cfg.StateDir, cfg.RunID))
	}
	return outs, errors.Join(errs...)
}

// runLab brings one lab up, runs its plan's scenarios on it, and tears it
// down; the outcome is nil when the scenarios never ran.
func runLab(ctx context.Context, cfg settings.Config, sh *Shared, p selection.Plan, spec bringup.Spec, sl selection.Selector, sel tagexpr.Expr, started time.Time) (*suite.Outcome, error) {
	var out *suite.Outcome
	var err error
	if spec.ChaosHelper, err = sl.NeedsChaosHelper(p.Rows); err != nil {
		return nil, err
	}
	err = withLab(ctx, &cfg, started, spec, func(s *bringup.Session, td *teardownBudget) error {
		sl.Log, sl.Started = s.Log, started
		rows := p.Rows
		if cfg.Flavor != images.FlavorSim && s.Flavor.Name == images.FlavorSim { // auto fell back to the double
			narrowed, kept, nerr := sl.NarrowToFlavor(sel, rows, s.Flavor.Name)
			if nerr != nil {
				return nerr
			}
			sel, rows = narrowed, selection.KeptOf(p.Rows, kept)
		}
		return withEvidence(ctx, s, sh.Evidence, func(on suite.On) error {
			return withChaos(on, cfg.Keep, td, func(on suite.On) error {
				var serr error
				out, serr = suite.Run(ctx, cfg, on, sl, sel, selection.Plan{Name: p.Name, Paths: p.Paths, Rows: rows}, sh.MS)
				return serr
			})
		})
	})
	return out, err
}
