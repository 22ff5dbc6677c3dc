package steps

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/scenario"
	"github.com/saltlab/saltlab/internal/shell"
)

// daemonIdentityScript prints what identifies the minion daemon whose
// process is pid (1 in a minion's container): its start time (field 22 of
// /proc/PID/stat, read after the command name, which may hold spaces) and
// the pids of its direct children that run salt-minion (real Salt's
// keep-alive parent respawns its worker there). Only salt-minion children
// count: a process orphaned in the container is handed to pid 1 (say, a
// health check's pipeline whose shell Docker killed at its timeout), and
// one was read once, on a loaded CI machine, as a restart of the double's
// minion ("1297238 336" after "1297238"). A minion that restarted itself
// changes this; a container that stopped cannot run it at all.
func daemonIdentityScript(pid int) string {
	return fmt.Sprintf(`sed 's/^.*) //' /proc/%d/stat | cut -d' ' -f20; pgrep -P %d -f -- %s | sort -n | tr '\n' ' '`,
		pid, pid, shell.Quote(chaos.ProcessPattern("salt-minion")))
}

// identityTimeout bounds one identity read.
const identityTimeout = 10 * time.Second

// identityOp names the recorded identity reads.
const identityOp = "read daemon identity"

// noteMinionDaemons records every minion daemon's identity before a fault.
func noteMinionDaemons(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := scenario.Minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	ids := map[string]string{}
	for _, m := range ms {
		o := w.daemonIdentity(ctx, m)
		if !o.OK() {
			return fmt.Errorf("read the daemon process of %s: %s", m, o.Err)
		}
		ids[m], _ = o.Value.(string)
	}
	w.mu.Lock()
	w.daemons = ids
	w.mu.Unlock()
	return nil
}

// daemonIdentity reads and records a minion daemon's identity; a stopped
// container fails the read, saying what Docker reports of it.
func (w *world) daemonIdentity(ctx context.Context, minion string) client.Outcome {
	return w.Op(ctx, identityOp, minion, minion, func(ctx context.Context) client.Outcome {
		ctx, cancel := context.WithTimeout(ctx, identityTimeout)
		defer cancel()
		out, err := w.Lab.Exec(ctx, minion, []string{"bash", "-c", daemonIdentityScript(1)})
		if err == nil && out.ExitCode == 0 {
			return client.Succeeded(strings.Join(strings.Fields(out.Stdout), " "))
		}
		why := client.LastLine(out.Stderr, out.Stdout)
		if err != nil {
			why = err.Error()
		}
		if st, serr := w.Lab.Status(ctx, minion); serr == nil && !strings.HasPrefix(st, "healthy") && st != "running" {
			return client.Failed(nil, "the daemon is gone: its container is %s (a foreground minion that restarts itself exits, salt-semantics §1.10)", st)
		}
		return client.Failed(nil, "%s", why)
	})
}

// masterReachesEveryMinionHot: in hot mode the minion's connection to a
// surviving master is independent of the dead one (salt-semantics §1.13).
func masterReachesEveryMinionHot(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	ref, bounds, err := reachEveryMinion(ctx, w, master, func(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.HotBound() })
	if err != nil {
		return err
	}
	return w.JudgeReached(ref, master, bounds, "hot mode: "+master+" reaches minion")
}

// minionDaemonsDidNotRestart re-reads every daemon's identity until its
// restart window (saltcfg.RestartWindow, measured from the last fault)
// has passed, or until a read shows a change; the checker then judges the
// reads against the ones noted before the fault.
func minionDaemonsDidNotRestart(ctx context.Context) error {
	w := worldFrom(ctx)
	const expectation = "expected every minion daemon to keep running as the process noted before the fault"
	ref, err := w.Reference(expectation)
	if err != nil {
		return err
	}
	w.mu.Lock()
	noted := maps.Clone(w.daemons)
	w.mu.Unlock()
	if len(noted) == 0 {
		return fmt.Errorf("%s: no daemon was noted; add the step `I note the process of every minion daemon` before the fault", expectation)
	}
	window := func(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.RestartWindow() }
	// Reads go on past the window until one completed after it: the
	// checker wants the daemon seen unchanged for the whole window.
	past := poll.DefaultInterval + identityTimeout
	bounds, err := w.PollMinions(ctx, ref.Time, scenario.MinionPoll{BoundOf: window, Past: past, Try: func(ctx context.Context, m string, left time.Duration) bool {
		end := time.Now().Add(left) // of the poll: past after the window's end
		o := w.daemonIdentity(ctx, m)
		id, _ := o.Value.(string)
		// A change or a gone daemon ends the poll, and so does a read
		// completed after the window.
		return !o.OK() || id != noted[m] || time.Until(end) <= past
	}})
	if err != nil {
		return err
	}
	return w.Judge(checker.NameUnchanged, checker.UnchangedParams{Since: ref.Index, F: identityOp, Bounds: bounds}, "", false)
}
