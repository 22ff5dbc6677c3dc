//go:build docker

package chaostest

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/require"
)

// Observed is what a fault may change in one service, and so what its undo
// must put back: the one place the undo tests look (issue 41, class 3).
type Observed struct {
	Status string // running, paused, exited
	// Procs counts the processes by program and state, "nginx S 3": S
	// stands for any state but stopped (T) or zombie (Z), since a worker
	// is running (R) or sleeping (S) as it happens. Empty while paused.
	Procs string
	Netns string // iptables of both backends and the qdiscs (Snapshot)
	CPU   string // the cgroup's CPU quota and period ("-1 100000", "max 100000": no limit)
	Files string // the entries of the row's directories, with modes and sums
}

// Observe reads svc's observable state, with the entries of dirs.
func (f *Fixture) Observe(t *testing.T, ctx context.Context, svc string, dirs ...string) Observed {
	t.Helper()
	o := Observed{Status: f.State(t, ctx, svc)}
	if o.Status != "running" {
		return o
	}
	o.Netns = f.Snapshot(t, ctx, svc)
	o.Procs = f.procs(t, ctx, svc)
	r := f.Exec(ctx, f.IDs[svc], "sh", "-c", cpuScript)
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	o.CPU = strings.TrimSpace(r.Stdout)
	if len(dirs) > 0 {
		r := f.Exec(ctx, f.IDs[svc], append([]string{"bash", "-c", filesScript, "observe"}, dirs...)...)
		require.Equal(t, 0, r.ExitCode, r.Stderr)
		o.Files = r.Stdout
	}
	return o
}

// cpuScript prints the container's CPU quota and period as its cgroup
// holds them: cpu.max on cgroup v2, the CFS files on v1.
const cpuScript = `cat /sys/fs/cgroup/cpu.max 2>/dev/null || echo "$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us) $(cat /sys/fs/cgroup/cpu/cpu.cfs_period_us)"`

// filesScript lists each directory's entries two levels deep: path, type,
// mode, size, and a sum of each regular file. Arguments: the directories.
const filesScript = `for d in "$@"; do
  echo "== $d"
  find "$d" -mindepth 1 -maxdepth 2 -printf '%P %y %m %s\n' | sort
  find "$d" -mindepth 1 -maxdepth 2 -type f -exec sha256sum {} + | sort
done`

// procs counts svc's processes by program and state (see Observed.Procs).
func (f *Fixture) procs(t *testing.T, ctx context.Context, svc string) string {
	r := f.Exec(ctx, f.IDs[svc], "ps", "-eo", "stat=,comm=")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	n := map[string]int{}
	for _, line := range strings.Split(r.Stdout, "\n") {
		fields := strings.Fields(line)
		// ps itself, and the transient processes of other execs: runc's
		// init while it starts one, and the healthcheck's true.
		if len(fields) != 2 || fields[1] == "ps" || fields[1] == "true" || strings.HasPrefix(fields[1], "runc:") {
			continue
		}
		st := fields[0][:1]
		if st != "T" && st != "Z" {
			st = "S"
		}
		n[fields[1]+" "+st]++
	}
	var out []string
	for k, c := range n {
		out = append(out, fmt.Sprintf("%s %d", k, c))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// ObserveUntil polls svc until its state equals want, or within runs out
// (a restarted server starts nginx after making its keys), and returns the
// last state seen.
func (f *Fixture) ObserveUntil(t *testing.T, ctx context.Context, want Observed, within time.Duration, svc string, dirs ...string) Observed {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := f.Observe(t, ctx, svc, dirs...)
		if got == want || time.Now().After(deadline) {
			return got
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// probe returns a container in svc's current netns that can read its
// iptables and qdiscs, replacing one that joined an earlier incarnation of
// svc (a restart gives it a new namespace).
func (f *Fixture) probe(t *testing.T, ctx context.Context, svc string) string {
	if id, ok := f.probes[svc]; ok {
		p, err := f.Cli.ContainerInspect(ctx, id)
		target, terr := f.Cli.ContainerInspect(ctx, f.IDs[svc])
		require.NoError(t, terr)
		if err == nil && p.State.Running && !startedAt(p).Before(startedAt(target)) {
			return id
		}
		_ = f.Cli.ContainerRemove(ctx, id, container.RemoveOptions{Force: true})
	}
	f.probes[svc] = f.netnsProbe(t, ctx, svc)
	return f.probes[svc]
}

func startedAt(c container.InspectResponse) time.Time {
	at, _ := time.Parse(time.RFC3339Nano, c.State.StartedAt)
	return at
}
