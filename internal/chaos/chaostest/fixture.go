//go:build docker

package chaostest

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// serverScript makes "server" a stand-in for a master: nginx answers on
// 4505 (a Salt port) and serves a 1 MB file on 8000, a key pair sits in
// the master's pki dir, and PID 1 is another daemon (sleep), so a process
// fault on nginx leaves the container up.
const serverScript = `set -e
mkdir -p /etc/salt/pki/master /srv
openssl genrsa -out /etc/salt/pki/master/master.pem 2048 2>/dev/null
openssl rsa -in /etc/salt/pki/master/master.pem -pubout -out /etc/salt/pki/master/master.pub 2>/dev/null
printf 'server { listen 4505; location / { return 200 "ok\\n"; } }\nserver { listen 8000; root /srv; }\n' > /etc/nginx/conf.d/t.conf
head -c 1000000 /dev/zero > /srv/big
nginx
exec sleep infinity`

// Fixture is a three-container lab named like a compose project.
type Fixture struct {
	Cli     *client.Client
	RunID   string
	Project string
	IDs     map[string]string
	probes  map[string]string // containers sharing a service's netns, for snapshots
	root    string            // the checkout with the image recipes (repoRoot)
}

// New starts the fixture; t.Cleanup sweeps everything of its run.
func New(t *testing.T, ctx context.Context, cli *client.Client) *Fixture {
	t.Helper()
	runID := labels.NewRunID(time.Now())
	f := &Fixture{Cli: cli, RunID: runID, Project: "saltlab-chaostest-" + runID, IDs: map[string]string{}, root: repoRoot(t)}
	t.Cleanup(func() {
		_, err := lab.Sweep(context.WithoutCancel(ctx), cli, map[string]string{labels.Run: runID})
		if err != nil {
			t.Errorf("sweep test run: %v", err)
		}
	})
	// The fixture's containers run the base image: build it when missing,
	// so a test run alone (-run TestFaults) does not depend on an earlier
	// test of the package having built it.
	_, err := images.NewBuilder(cli, f.root, nil).EnsureBase(ctx)
	require.NoError(t, err)
	lbl := labels.ForRun(runID, f.Project)
	net, err := cli.NetworkCreate(ctx, f.Project+"_default", network.CreateOptions{Labels: lbl})
	require.NoError(t, err)
	for _, svc := range []string{"server", "client", "other"} {
		cmd := []string{"sleep", "infinity"}
		if svc == "server" {
			cmd = []string{"bash", "-c", serverScript}
		}
		l := maps.Clone(lbl)
		l[labels.Service] = svc
		c, err := cli.ContainerCreate(ctx, &container.Config{Image: images.BaseRef, Cmd: cmd, Labels: l,
			Healthcheck: &container.HealthConfig{Test: []string{"CMD", "true"}, Interval: time.Second}},
			&container.HostConfig{}, &network.NetworkingConfig{EndpointsConfig: map[string]*network.EndpointSettings{
				f.Project + "_default": {NetworkID: net.ID, Aliases: []string{svc}}}}, nil, lab.ContainerNameOf(f.Project, svc))
		require.NoError(t, err)
		require.NoError(t, cli.ContainerStart(ctx, c.ID, container.StartOptions{}))
		f.IDs[svc] = c.ID
	}
	f.probes = map[string]string{"server": f.netnsProbe(t, ctx, "server"), "client": f.netnsProbe(t, ctx, "client")}
	require.Eventually(t, func() bool { return f.Curl(ctx, "client", "server:4505").OK }, 60*time.Second, 100*time.Millisecond, "server answers")
	return f
}

// netnsProbe starts a container in service's netns that can read its
// iptables and qdiscs; lab containers themselves have no NET_ADMIN.
func (f *Fixture) netnsProbe(t *testing.T, ctx context.Context, svc string) string {
	l := labels.ForRun(f.RunID, f.Project)
	c, err := f.Cli.ContainerCreate(ctx, &container.Config{Image: images.BaseRef, Cmd: []string{"sleep", "infinity"}, Labels: l},
		&container.HostConfig{NetworkMode: container.NetworkMode("container:" + f.IDs[svc]), CapAdd: []string{"NET_ADMIN"}}, nil, nil, "")
	require.NoError(t, err)
	require.NoError(t, f.Cli.ContainerStart(ctx, c.ID, container.StartOptions{}))
	return c.ID
}

// repoRoot is the checkout this file is in: the image recipes are there,
// whatever the test's working directory (TestFreshCloneUp runs from a
// copy without them).
func repoRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok, "find the fixture's source file")
	root, err := images.FindRepoRoot(filepath.Dir(file))
	require.NoError(t, err)
	return root
}

// Engine returns a chaos engine for the fixture with a fresh ledger.
func (f *Fixture) Engine(t *testing.T, ctx context.Context) *chaos.Engine {
	ledger, err := fault.Open(filepath.Join(t.TempDir(), "faults.jsonl"))
	require.NoError(t, err)
	e := chaos.New(f.Cli, f.RunID, f.Project, ledger)
	e.HelperImage = func(ctx context.Context) (string, error) {
		return images.NewBuilder(f.Cli, f.root, nil).BuildHelper(ctx)
	}
	return e
}

// Exec runs argv in container ref.
func (f *Fixture) Exec(ctx context.Context, ref string, argv ...string) lab.ExecResult {
	r, err := lab.ExecIn(ctx, f.Cli, ref, argv)
	if err != nil {
		return lab.ExecResult{ExitCode: -1, Stderr: err.Error()}
	}
	return r
}

// CurlResult is one HTTP fetch.
type CurlResult struct {
	OK      bool
	Seconds float64
	Out     string
}

// Curl fetches http://<addr>/<path> from service, bounded to 3 s (10 s
// for the 1 MB file).
func (f *Fixture) Curl(ctx context.Context, from, addr string) CurlResult {
	limit := "3"
	if strings.HasSuffix(addr, "/big") {
		limit = "10"
	}
	r := f.Exec(ctx, f.IDs[from], "curl", "-s", "-o", "/dev/null", "-w", "%{time_total}", "--max-time", limit, "http://"+addr)
	var secs float64
	fmt.Sscanf(r.Stdout, "%g", &secs)
	return CurlResult{OK: r.ExitCode == 0, Seconds: secs, Out: fmt.Sprintf("exit %d %s %s", r.ExitCode, r.Stdout, r.Stderr)}
}

// Snapshot is the netns state of svc heal must restore: iptables of both
// backends and every qdisc.
func (f *Fixture) Snapshot(t *testing.T, ctx context.Context, svc string) string {
	r := f.Exec(ctx, f.probe(t, ctx, svc), "bash", "-c", "iptables-save; echo ==legacy; iptables-legacy-save; echo ==tc; tc qdisc show")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	return normalizeIPTables(r.Stdout)
}

var counters = regexp.MustCompile(`\[\d+:\d+\]`)

// dockerDNSPorts are the ports of Docker's embedded DNS in its own NAT
// rules (DOCKER_OUTPUT, DOCKER_POSTROUTING): Docker picks new ones each
// time the container starts, so a start or restart changes them whatever
// saltlab does.
var dockerDNSPorts = regexp.MustCompile(`(127\.0\.0\.11:|--sport )\d+`)

// normalizeIPTables drops comments and counters, and tables that hold only
// built-in chains with policy ACCEPT and no rule: iptables-nft creates such
// a table the first time a chain is added, and it filters nothing.
func normalizeIPTables(s string) string {
	var out []string
	var table []string
	empty := true
	for _, line := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(line, "#") || line == "":
		case strings.HasPrefix(line, "*"):
			table, empty = []string{line}, true
		case line == "COMMIT":
			if !empty {
				out = append(out, append(table, line)...)
			}
			table = nil
		case table != nil:
			line = counters.ReplaceAllString(line, "")
			if strings.Contains(line, "-A DOCKER_") {
				line = dockerDNSPorts.ReplaceAllString(line, "${1}PORT")
			}
			if !strings.HasPrefix(line, ":") || !strings.Contains(line, " ACCEPT") {
				empty = false
			}
			table = append(table, line)
		default:
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// IP returns svc's address.
func (f *Fixture) IP(t *testing.T, ctx context.Context, svc string) string {
	info, err := f.Cli.ContainerInspect(ctx, f.IDs[svc])
	require.NoError(t, err)
	for _, ep := range info.NetworkSettings.Networks {
		return ep.IPAddress
	}
	return ""
}

// State returns svc's container status (running, paused, exited...).
func (f *Fixture) State(t *testing.T, ctx context.Context, svc string) string {
	info, err := f.Cli.ContainerInspect(ctx, f.IDs[svc])
	require.NoError(t, err)
	return info.State.Status
}

// ProcStates returns the distinct first letters of the states of
// program's processes in svc, e.g. "T" (stopped) or "S".
func (f *Fixture) ProcStates(ctx context.Context, svc, program string) string {
	r := f.Exec(ctx, f.IDs[svc], "ps", "-eo", "stat=,comm=")
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(r.Stdout, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 2 && fields[1] == program && !seen[fields[0][:1]] {
			seen[fields[0][:1]] = true
			out = append(out, fields[0][:1])
		}
	}
	return strings.Join(out, "")
}

// Helpers lists the run's chaos helper containers.
func (f *Fixture) Helpers(t *testing.T, ctx context.Context) []container.Summary {
	cs, err := f.Cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(
		filters.Arg("label", labels.Run+"="+f.RunID), filters.Arg("label", chaos.LabelHelper+"=true"))})
	require.NoError(t, err)
	return cs
}
