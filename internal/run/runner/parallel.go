package runner

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// runLabs runs every lab of the run at once, each its own plan, and
// returns what each left for the reports (nil for a lab whose scenarios
// never ran) and their errors, each named by its lab when there are
// several. The run's structure is its cleanup order (scopes.go): the lab
// holds the evidence, the evidence holds the chaos engine, and each
// undoes what it set up when what it holds returns. A run with several
// labs sweeps dead runs' leftovers and claims its id once, first.
func runLabs(ctx context.Context, cfg Config, sh *runShared, plans []labPlan, sel tagexpr.Expr, started time.Time) ([]*outcome, error) {
	if len(plans) == 1 {
		out, err := runLab(ctx, cfg, sh, plans[0], labSpec{claim: sh.claim, sweep: true, images: &sh.images}, sel, started)
		return []*outcome{out}, err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return nil, err
	}
	err = claimRunID(ctx, cli, &cfg, cfg.Log)
	cli.Close()
	if err != nil {
		return nil, err
	}
	outs := make([]*outcome, len(plans))
	errs := make([]error, len(plans))
	var wg sync.WaitGroup
	for i, p := range plans {
		lc := cfg
		lc.Log = console.Of(cfg.Log).Lab(p.name)
		wg.Go(func() {
			outs[i], errs[i] = runLab(ctx, lc, sh, p, labSpec{name: p.name, claim: sh.claim, images: &sh.images}, sel, started)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("%s: %w", p.name, errs[i])
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
func runLab(ctx context.Context, cfg Config, sh *runShared, p labPlan, spec labSpec, sel tagexpr.Expr, started time.Time) (*outcome, error) {
	var out *outcome
	err := withLab(ctx, &cfg, started, spec, func(s *session, td *teardownBudget) error {
		rows := p.rows
		if cfg.Flavor != images.FlavorSim && s.run.Flavor.Name == images.FlavorSim { // auto fell back to the double
			narrowed, kept, nerr := narrowToFlavor(cfg, sel, rows, s.run.Flavor.Name, s.log, started)
			if nerr != nil {
				return nerr
			}
			sel, rows = narrowed, keptOf(p.rows, kept)
		}
		adapter := labAdapter{l: s.lab, roles: s.roles}
		return withEvidence(ctx, s, sh, adapter, func(ev *evidence) error {
			return withChaos(s, adapter, cfg.Keep, td, func(eng *chaos.Engine) error {
				var serr error
				out, serr = scenarios(ctx, cfg, s, adapter, ev, eng, sel, labPlan{name: p.name, paths: p.paths, rows: rows}, sh.ms)
				return serr
			})
		})
	})
	return out, err
}

// merge joins the labs' outcomes into the run's (nil when no lab's
// scenarios ran): the first lab's run facts, every lab named with its
// project and bring-up, the duration until the last lab's scenarios
// ended, the worst status, the first interruption.
func merge(outs []*outcome, rows []report.Row) *outcome {
	var m *outcome
	for _, o := range outs {
		if o == nil {
			continue
		}
		if m == nil {
			c := *o
			c.labs = nil
			m = &c
		}
		m.labs = append(m.labs, o.labs...)
		m.status = max(m.status, o.status)
		m.run.Duration = max(m.run.Duration, o.run.Duration)
		if m.interrupted == nil {
			m.interrupted = o.interrupted
		}
		if o.labs[0].name != "" {
			m.run.Labs = append(m.run.Labs, report.Lab{Name: o.labs[0].name, Project: o.run.Project, BringUp: o.run.BringUp})
		}
	}
	if m != nil {
		m.rows = rows
	}
	return m
}

// labCount is how many labs the run uses and how that was chosen:
// --parallel, refused as bad input beyond what memory holds, or the
// machine's default for the flavour (internal/lab/capacity). It reads the
// host only, so a refusal comes before any Docker work.
func (c Config) labCount(p *types.Project, r roles.Roles) (int, string, error) {
	n, how, err := c.labsAllowed(p, r)
	if err != nil {
		return 0, "", err
	}
	// One lab of a fleet must fit too: after --parallel, whose refusal
	// is the more specific when both apply.
	if err := c.checkFleet(p, r); err != nil {
		return 0, "", err
	}
	return n, how, nil
}

// labsAllowed is labCount without the fleet check.
func (c Config) labsAllowed(p *types.Project, r roles.Roles) (int, string, error) {
	if c.Parallel == 1 {
		return 1, "--parallel 1", nil
	}
	m, err := capacity.Host()
	if err != nil {
		if c.Parallel == 0 {
			return 1, "one lab: " + err.Error(), nil
		}
		return 0, "", fmt.Errorf("validate --parallel %d: %w", c.Parallel, err)
	}
	lim := capacity.For(c.Flavor, labShape(p, r, c.Knobs.Fleet()), m)
	if c.Parallel == 0 {
		return lim.Default(), "the default: " + lim.Explain(), nil
	}
	if err := lim.Check(c.Parallel); err != nil {
		return 0, "", err
	}
	return c.Parallel, fmt.Sprintf("--parallel %d", c.Parallel), nil
}

// labShape counts a lab's containers by role: masters (syndics and the
// master of masters too), minions (the --minions knob's count when given),
// and every other service (balancers, inits).
func labShape(p *types.Project, r roles.Roles, f knobs.Fleet) capacity.Lab {
	masters := map[string]bool{}
	for _, m := range append(append([]string{r.MasterOfMasters}, r.Masters...), r.Syndics...) {
		if m != "" {
			masters[m] = true
		}
	}
	l := capacity.Lab{Masters: len(masters), Minions: len(r.Minions)}
	l.Others = max(len(p.Services)-l.Masters-l.Minions, 0)
	if f.Minions > 0 {
		l.Minions, _ = f.Layout()
		if f.Swarmed() {
			l.SwarmMinions = f.Minions
		}
	}
	return l
}

// unrun says which labs' scenarios never ran while others' did, and why
// (the run's error, err), or nil.
func unrun(plans []labPlan, outs []*outcome, err error) error {
	var names []string
	n := 0
	for i, o := range outs {
		if o == nil {
			names = append(names, plans[i].name)
			n += len(plans[i].rows)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return fmt.Errorf("the %d scenario(s) of %s never ran: %w", n, strings.Join(names, ", "), err)
}

// describePlans names each lab's features and scenario count, for the
// run's log.
func describePlans(plans []labPlan) string {
	var b strings.Builder
	for _, p := range plans {
		fmt.Fprintf(&b, "\n  %s (%d scenario(s)): %s", p.name, len(p.rows), strings.Join(p.paths, " "))
	}
	return b.String()
}
