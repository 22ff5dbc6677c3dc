package chaos

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Swept counts what Sweep found and undid.
type Swept struct {
	Helpers   int // helper containers cleaned (chains, qdiscs, proxies) and removed
	Unpaused  int
	Started   int
	Continued int // containers where stopped (SIGSTOP) processes were continued
	Nodes     int // swarm node containers unpaused (a lab on a swarm)
}

func (s Swept) String() string {
	out := fmt.Sprintf("%d helpers cleaned and removed, %d containers unpaused, %d started, %d with stopped processes continued",
		s.Helpers, s.Unpaused, s.Started, s.Continued)
	if s.Nodes > 0 {
		out += fmt.Sprintf(", %d swarm nodes unpaused", s.Nodes)
	}
	return out
}

// helperCleanup removes, in one helper's namespace, every chain of the run,
// saltlab's root qdiscs and the delay proxies.
func helperCleanup(runID string) string {
	return removeScript(chainPrefix(runID)) + "\n" + qdiscRemoveScript + "\n" + killProxies("")
}

// continueScript continues every stopped process of a container.
// It prints how many there were.
const continueScript = `p=$(ps -eo pid=,stat= | awk '$2 ~ /^T/ {print $1}')
if [ -n "$p" ]; then kill -CONT $p; fi
echo $p | wc -w`

// Sweep undoes, by label and without the ledger, what the run's faults can
// leave behind: it is the second half of `saltlab heal`, for faults whose
// ledger line was lost with a killed process or a deleted run directory.
// Helpers are cleaned in their namespace and removed; paused lab containers
// are unpaused, stopped processes continued, and exited containers that
// have a healthcheck (daemons, not one-shots like key-wait) started. On a
// swarm (OnSwarm) the paused node containers are unpaused first.
func (e *Engine) Sweep(ctx context.Context) (Swept, error) {
	var sw Swept
	// The nodes first: a paused node's containers take no exec.
	if err := e.sweepNodes(ctx, &sw); err != nil {
		return sw, err
	}
	cs, err := e.docker.ContainerList(ctx, container.ListOptions{All: true,
		Filters: filters.NewArgs(filters.Arg("label", labels.Run+"="+e.runID))})
	if err != nil {
		return sw, fmt.Errorf("list containers of run %s: %w", e.runID, err)
	}
	// The lab's own containers and the run's host probe, not another
	// lab's of the same run (saltlab run --parallel): heal sweeps each.
	cs = slices.DeleteFunc(cs, func(c container.Summary) bool {
		p := c.Labels[labels.Project]
		return e.project != "" && p != e.project && p != probeProject
	})
	n, err := e.cleanHelpers(ctx, cs)
	sw.Helpers = n
	errs := []error{err}
	for _, c := range cs {
		if c.Labels[LabelHelper] == "true" {
			continue
		}
		if err := e.sweepLab(ctx, c, &sw); err != nil {
			errs = append(errs, err)
		}
	}
	return sw, errors.Join(errs...)
}

func (e *Engine) sweepLab(ctx context.Context, c container.Summary, sw *Swept) error {
	switch c.State {
	case container.StatePaused:
		if err := e.docker.ContainerUnpause(ctx, c.ID); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("unpause %s: %w", name(c), err)
		}
		sw.Unpaused++
		fallthrough
	case container.StateRunning:
		out, err := e.sh(ctx, c.ID, continueScript)
		if err != nil {
			return fmt.Errorf("continue stopped processes in %s: %w", name(c), err)
		}
		if strings.TrimSpace(out) != "0" {
			sw.Continued++
		}
	case container.StateExited, container.StateCreated:
		info, err := e.docker.ContainerInspect(ctx, c.ID)
		if err != nil {
			return fmt.Errorf("inspect %s: %w", name(c), err)
		}
		if info.Config == nil || info.Config.Healthcheck == nil || len(info.Config.Healthcheck.Test) == 0 || info.Config.Healthcheck.Test[0] == "NONE" {
			return nil
		}
		if err := e.docker.ContainerStart(ctx, c.ID, container.StartOptions{}); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("start %s: %w", name(c), err)
		}
		sw.Started++
	}
	return nil
}

// ReleaseHelpers cleans and removes the run's helpers that no pending
// fault needs: when a timed fault's time ends (a drill's --for) its helper
// goes with it, while a helper still serving another fault on the same
// service stays. Pending is what the ledger file holds now, so the faults
// another saltlab process recorded since this engine opened it count too.
// It runs on a context the caller's cancellation cannot reach.
func (e *Engine) ReleaseHelpers(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	pending := e.ledger.Pending()
	if path := e.ledger.Path(); path != "" {
		l, err := fault.Open(path)
		if err != nil {
			return fmt.Errorf("release chaos helpers: %w", err)
		}
		pending = l.Pending()
	}
	needed := map[string]bool{}
	for _, en := range pending {
		if h := en.Data[dataHelper]; h != "" {
			needed[h] = true
		}
	}
	cs, err := e.helpers(ctx)
	if err != nil {
		return err
	}
	var idle []container.Summary
	for _, c := range cs {
		if !needed[name(c)] {
			idle = append(idle, c)
		}
	}
	_, err = e.cleanHelpers(ctx, idle)
	return err
}

// scope selects the engine's containers by label: its lab's compose
// project, so the labs of one run (saltlab run --parallel) never sweep or
// release each other's; the run when the project is unknown (a run whose
// run.json was lost, healed by its run label).
func (e *Engine) scope() filters.KeyValuePair {
	if e.project == "" {
		return filters.Arg("label", labels.Run+"="+e.runID)
	}
	return filters.Arg("label", labels.Project+"="+e.project)
}

// helpers lists the run's helper containers.
func (e *Engine) helpers(ctx context.Context) ([]container.Summary, error) {
	cs, err := e.docker.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(
		e.scope(), filters.Arg("label", LabelHelper+"=true"))})
	if err != nil {
		return nil, fmt.Errorf("list chaos helpers of run %s: %w", e.runID, err)
	}
	return cs, nil
}

// removeHelpers cleans and removes the run's helper containers.
func (e *Engine) removeHelpers(ctx context.Context) error {
	cs, err := e.helpers(ctx)
	if err != nil {
		return err
	}
	_, err = e.cleanHelpers(ctx, cs)
	return err
}

// cleanHelpers removes, in the namespace of every running helper among cs,
// all of the run's chains, qdiscs and proxies, then removes the helper. A
// helper that cannot be cleaned is kept, so a later heal can retry.
func (e *Engine) cleanHelpers(ctx context.Context, cs []container.Summary) (int, error) {
	n := 0
	var errs []error
	for _, c := range cs {
		if c.Labels[LabelHelper] != "true" {
			continue
		}
		if c.State == container.StateRunning {
			if _, err := e.sh(ctx, c.ID, helperCleanup(e.runID)); err != nil {
				errs = append(errs, fmt.Errorf("clean helper %s: %w", name(c), err))
				continue
			}
		}
		if err := e.removeHelper(ctx, c.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

func name(c container.Summary) string {
	if len(c.Names) > 0 {
		return strings.TrimPrefix(c.Names[0], "/")
	}
	return c.ID
}
