package chaos

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/shell"
)

// Ledger data keys of process faults.
const (
	dataPIDs    = "pids"    // space-separated
	dataProcess = "process" // program name
)

func init() {
	process := Arg{Option: optProcess, Example: "NAME", Help: "program name, e.g. salt-master"}
	register(Def{Kind: KindProcKill, Place: 200,
		Args:      []Arg{process, {Option: optSignal, Example: "KILL", Optional: true, Help: "signal (default KILL)"}},
		Check:     checkProcess,
		Mechanism: "pgrep -f for the program in the container, kill its pids; heal: restart the container if the daemon is gone",
		Salt:      "one daemon dies while its container (and e.g. salt-api beside it) stays: for salt-master, sockets close and failover works within master_alive_interval",
		inject:    processFault(""), undo: undoProcKill})
	register(Def{Kind: KindProcStop, Place: 210,
		Args:      []Arg{process},
		Check:     checkProcess,
		Mechanism: "SIGSTOP to the daemon's pids; heal: SIGCONT to the recorded pids",
		Salt:      "like pause for one daemon only: sockets stay ESTABLISHED, nothing fails over, requests to it hang",
		inject:    processFault("STOP"), undo: undoProcStop})
}

// procRe is a program name as pgrep's pattern and the ledger hold it.
var procRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func checkProcess(s Spec) error {
	if !procRe.MatchString(s.Process) {
		return fmt.Errorf("fault %s: process name %q: want a program name such as salt-master", s.Kind, s.Process)
	}
	return nil
}

// ProcessOf is the program a process fault (proc-stop, proc-kill)
// signalled, from its ledger entry; "" for any other fault.
func ProcessOf(e fault.Entry) string { return e.Data[dataProcess] }

// run executes argv in container ref and fails on a non-zero exit.
func (e *Engine) run(ctx context.Context, ref string, argv ...string) (string, error) {
	r, err := e.execIn(ctx, ref, argv)
	if err != nil {
		return "", err
	}
	if r.ExitCode != 0 {
		return r.Stdout, fmt.Errorf("%s exited %d: %s", strings.Join(argv, " "), r.ExitCode, strings.TrimSpace(r.Stderr+" "+r.Stdout))
	}
	return r.Stdout, nil
}

// sh runs a bash script in container ref.
func (e *Engine) sh(ctx context.Context, ref, script string) (string, error) {
	return e.run(ctx, ref, "bash", "-ec", script)
}

// ProcessPattern is pgrep -f's pattern for a daemon's command line,
// whether it runs as "salt-master ...", "/usr/bin/python3
// /usr/bin/salt-master MWorker" or "nginx: master process": the program
// name as a whole word after a slash or at the start, so salt-api and
// salt-minion never match salt-master.
func ProcessPattern(name string) string {
	return `(^|/)` + regexp.QuoteMeta(name) + `([: ]|$)`
}

// pids finds the processes of program name in container ref. pgrep runs
// without a shell, so it never matches its own command line.
func (e *Engine) pids(ctx context.Context, ref, name string) ([]string, error) {
	r, err := lab.ExecIn(ctx, e.docker, ref, []string{"pgrep", "-f", "--", ProcessPattern(name)})
	if err != nil {
		return nil, err
	}
	switch r.ExitCode {
	case 0:
		return strings.Fields(r.Stdout), nil
	case 1:
		return nil, nil
	default:
		return nil, fmt.Errorf("pgrep %s exited %d: %s", name, r.ExitCode, strings.TrimSpace(r.Stderr))
	}
}

// processFault signals every process of one daemon in the target container.
func processFault(signal string) func(context.Context, *Engine, Spec) (fault.Entry, error) {
	return func(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
		svc := s.Targets[0]
		info, err := e.unpausedTarget(ctx, svc)
		if err != nil {
			return fault.Entry{}, err
		}
		pids, err := e.pids(ctx, info.ID, s.Process)
		if err != nil {
			return fault.Entry{}, fmt.Errorf("find %s in %s: %w", s.Process, svc, err)
		}
		if len(pids) == 0 {
			return fault.Entry{}, fmt.Errorf("find %s in %s: no process runs that program", s.Process, svc)
		}
		sig := signal
		if sig == "" {
			sig = strings.TrimPrefix(strings.ToUpper(s.Signal), "SIG")
			if sig == "" {
				sig = "KILL"
			}
		}
		en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, dataPIDs: strings.Join(pids, " "), dataProcess: s.Process, "signal": sig})
		if err != nil {
			return en, err
		}
		if err := e.signal(ctx, info.ID, sig, pids); err != nil {
			return en, fmt.Errorf("signal %s of %s: %w", s.Process, svc, err)
		}
		e.logf("sent SIG%s to %s (pids %s) in %s (fault %d)", sig, s.Process, strings.Join(pids, " "), svc, en.ID)
		return en, nil
	}
}

// undoProcStop continues the recorded pids that still exist, also in a
// container paused since (by another fault or by hand): it is thawed for
// the SIGCONT and paused again, or the daemon would stay stopped once the
// pause ends, with this fault already marked undone.
func undoProcStop(ctx context.Context, e *Engine, en fault.Entry) error {
	id := en.Data[dataContainer]
	if err := e.inRunning(ctx, id, func() error { return e.signal(ctx, id, "CONT", strings.Fields(en.Data[dataPIDs])) }); err != nil {
		return fmt.Errorf("continue %s in %s: %w", en.Data[dataProcess], en.Data[dataService], err)
	}
	return nil
}

// undoProcKill restarts the container when the killed daemon is not running
// any more (nothing inside the container starts it again), and starts it
// when the daemon was its main process and the container exited. A
// container paused since is thawed to look, and paused again after.
func undoProcKill(ctx context.Context, e *Engine, en fault.Entry) error {
	id := en.Data[dataContainer]
	info, err := e.docker.ContainerInspect(ctx, id)
	if errdefs.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inspect %s: %w", en.Data[dataService], err)
	}
	if info.State == nil || !info.State.Running {
		return undoRunning(ctx, e, en)
	}
	return e.inRunning(ctx, id, func() error {
		pids, err := e.pids(ctx, id, en.Data[dataProcess])
		if err != nil {
			return fmt.Errorf("look for %s in %s: %w", en.Data[dataProcess], en.Data[dataService], err)
		}
		if len(pids) > 0 {
			return nil // it survived the signal (e.g. SIGHUP) or was started again
		}
		secs := stopGraceSeconds
		if err := e.docker.ContainerRestart(ctx, id, container.StopOptions{Timeout: &secs}); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("restart %s: %w", en.Data[dataService], err)
		}
		return nil
	})
}

// inRunning runs fn in container id if it runs; a stopped or missing
// container has nothing to undo (its processes and namespaces are gone).
func (e *Engine) inRunning(ctx context.Context, id string, fn func() error) error {
	return e.inContainer(ctx, id, func(container.InspectResponse) error { return nil }, fn)
}

// inStopped runs fn in container id when it runs; a missing container is
// nil (the lab is gone), and a stopped one is an error, for undos whose
// state outlives the container's processes (files on its disk or volumes).
func (e *Engine) inStopped(ctx context.Context, id, what string, fn func() error) error {
	return e.inContainer(ctx, id, func(info container.InspectResponse) error {
		return fmt.Errorf("container %.12s is %s, so %s cannot be undone now: start it and run `saltlab heal` again", id, status(info), what)
	}, fn)
}

// inContainer runs fn in container id if it runs, else notRunning; a
// missing container is nil. A paused container takes no exec and Docker
// will not signal it, so it is unpaused for fn and paused again after: the
// pause belongs to another fault (whose undo ends it) or to the user, and
// skipping fn would mark this fault undone while its effect stays.
func (e *Engine) inContainer(ctx context.Context, id string, notRunning func(container.InspectResponse) error, fn func() error) error {
	info, err := e.docker.ContainerInspect(ctx, id)
	if errdefs.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inspect container %.12s: %w", id, err)
	}
	if info.State == nil || !info.State.Running {
		return notRunning(info)
	}
	if !info.State.Paused {
		return fn()
	}
	if err := e.docker.ContainerUnpause(ctx, id); err != nil {
		return fmt.Errorf("unpause container %.12s to undo inside it: %w", id, err)
	}
	e.logf("unpaused %.12s for an undo inside it; pausing it again after", id)
	ferr := fn()
	if err := pauseContainer(ctx, e.docker, id, Spec{}); err != nil && !e.stopped(ctx, id) {
		return errors.Join(ferr, fmt.Errorf("pause container %.12s again after the undo: %w", id, err))
	}
	return ferr
}

// signal sends sig (e.g. "STOP") to pids in container id. The container's
// PID 1 ignores signals sent from inside its namespace unless it handles
// them (SIGSTOP and SIGKILL never are), and a compose service's daemon is
// often PID 1, so PID 1 is signalled through the engine, from the host's
// namespace, where the kernel delivers them. Other pids get kill(1) inside;
// a pid that is gone is skipped, so a repeated CONT is harmless. PID 1
// comes last: once it dies the container stops and no command runs in it
// any more. A container that stopped meanwhile (real Salt's salt-master,
// PID 1 of the failover-pki masters, exits when its workers are killed)
// took every process of its namespace with it, so what was to be
// signalled is gone, and the signal has done all it could.
func (e *Engine) signal(ctx context.Context, id, sig string, pids []string) error {
	var inside []string
	pid1 := false
	for _, p := range pids {
		if p == "1" {
			pid1 = true
			continue
		}
		inside = append(inside, p)
	}
	if len(inside) > 0 {
		script := `rc=0; for p in ` + shell.Words(inside) + `; do [ -d /proc/$p ] || continue; kill -s ` + shell.Quote(sig) + ` "$p" || rc=1; done; exit $rc`
		if _, err := e.sh(ctx, id, script); err != nil && !e.stopped(ctx, id) {
			return err
		}
	}
	if !pid1 {
		return nil
	}
	dsig := "SIG" + sig
	if _, err := strconv.Atoi(sig); err == nil {
		dsig = sig // the engine takes numbers as they are
	}
	if err := e.docker.ContainerKill(ctx, id, dsig); err != nil && !e.stopped(ctx, id) {
		return fmt.Errorf("send SIG%s to PID 1: %w", sig, err)
	}
	return nil
}

// stopped reports whether container id exists and is not running: its
// PID 1 is gone, and every process of its namespace with it.
func (e *Engine) stopped(ctx context.Context, id string) bool {
	info, err := e.docker.ContainerInspect(ctx, id)
	return err == nil && info.State != nil && !info.State.Running
}
