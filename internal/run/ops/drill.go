package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
)

// Drill is one fault of `saltlab chaos` on a lab started by `saltlab up`
// (or kept by `saltlab run --keep`).
type Drill struct {
	Which Which
	Root  string        // saltlab checkout, to build the chaos helper image
	For   time.Duration // heal after this long; 0 keeps the fault until `saltlab heal`
	Spec  chaos.Spec    // the fault, validated
}

// RunDrill injects d's fault, recorded on the run's ledger before it acts.
// With d.For it waits that long (or until ctx is done) and undoes what it
// added; without, it leaves the fault for `saltlab heal`. Progress goes to
// out.
func RunDrill(ctx context.Context, d Drill, out io.Writer) error {
	if err := d.Which.checkWritable(); err != nil {
		return err
	}
	s := d.Spec
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	st, err := d.Which.pickLive(ctx, cli)
	if err != nil {
		return err
	}
	if st.Project == "" {
		return lostState("chaos", st)
	}
	// The lab's engine: the host's, or its swarm's (openOn).
	var labCli access.LabDocker = cli
	var target *access.Target
	if st.Engine == runstate.EngineSwarm {
		o, err := openOn(ctx, cli, st)
		if err != nil {
			return err
		}
		defer o.Target.Close()
		labCli, target = o.Target.Docker, o.Target
	}
	// Before the ledger: a fault on a service the lab lacks never acts.
	have, err := lab.ServicesOf(ctx, labCli, st.RunID)
	if err != nil {
		return err
	}
	if err := knownServices(have, append(append([]string{}, s.Targets...), s.Peers...)...); err != nil {
		return err
	}
	e, err := access.OpenEngine(labCli, cli, d.Which.Reports, d.Root, st, out)
	if err != nil {
		return err
	}
	target.BindNodes(e, cli) // a node fault needs the swarm's nodes; nothing on compose
	before := pendingIDs(e.Ledger())
	_, injErr := e.Inject(ctx, s)
	var added []int
	for id := range pendingIDs(e.Ledger()) {
		if !before[id] {
			added = append(added, id)
		}
	}
	if injErr != nil && (d.For == 0 || len(added) == 0) {
		if len(added) > 0 {
			return fmt.Errorf("%w\n(part of the fault may have acted; it is on the ledger: run `saltlab heal --run %s`)", injErr, st.RunID)
		}
		return injErr
	}
	if d.For == 0 {
		fmt.Fprintf(out, "fault %s on %s is active in run %s; undo it with: saltlab heal --run %s\n", s.Kind, strings.Join(s.Targets, ","), st.RunID, st.RunID)
		return nil
	}
	if injErr == nil {
		fmt.Fprintf(out, "fault %s on %s is active for %v (Ctrl-C heals it now)\n", s.Kind, strings.Join(s.Targets, ","), d.For)
		t := time.NewTimer(d.For)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
	}
	var errs []error
	for i := len(added) - 1; i >= 0; i-- {
		errs = append(errs, e.Ledger().Undo(ctx, e, added[i]))
	}
	undoErr := errors.Join(errs...)
	if undoErr == nil {
		// The fault's helper goes with it (one another fault still needs
		// stays), also when the fault acted only in part.
		if err := e.ReleaseHelpers(ctx); err != nil {
			undoErr = fmt.Errorf("healed %s on %s, but its chaos helper is left (`saltlab heal --run %s` removes it): %w", s.Kind, strings.Join(s.Targets, ","), st.RunID, err)
		}
	}
	if err := errors.Join(injErr, undoErr); err != nil {
		return err
	}
	fmt.Fprintf(out, "healed %s on %s\n", s.Kind, strings.Join(s.Targets, ","))
	return nil
}

func pendingIDs(l *fault.Ledger) map[int]bool {
	m := map[int]bool{}
	for _, e := range l.Pending() {
		m[e.ID] = true
	}
	return m
}
