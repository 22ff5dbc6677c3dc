//go:build docker

package chaos_test

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/fault"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/labels"
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

// fixture is a three-container lab named like a compose project.
type fixture struct {
	cli     *client.Client
	runID   string
	project string
	ids     map[string]string
	probes  map[string]string // containers sharing a service's netns, for snapshots
}

func newFixture(t *testing.T, ctx context.Context, cli *client.Client) *fixture {
	t.Helper()
	runID := labels.NewRunID(time.Now())
	f := &fixture{cli: cli, runID: runID, project: "saltlab-chaostest-" + runID, ids: map[string]string{}}
	t.Cleanup(func() {
		_, err := lab.Sweep(context.WithoutCancel(ctx), cli, map[string]string{labels.Run: runID})
		if err != nil {
			t.Errorf("sweep test run: %v", err)
		}
	})
	lbl := labels.ForRun(runID, f.project)
	net, err := cli.NetworkCreate(ctx, f.project+"_default", network.CreateOptions{Labels: lbl})
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
				f.project + "_default": {NetworkID: net.ID, Aliases: []string{svc}}}}, nil, lab.ContainerNameOf(f.project, svc))
		require.NoError(t, err)
		require.NoError(t, cli.ContainerStart(ctx, c.ID, container.StartOptions{}))
		f.ids[svc] = c.ID
	}
	f.probes = map[string]string{"server": f.netnsProbe(t, ctx, "server"), "client": f.netnsProbe(t, ctx, "client")}
	require.Eventually(t, func() bool { return f.curl(ctx, "client", "server:4505").ok }, 60*time.Second, 100*time.Millisecond, "server answers")
	return f
}

// netnsProbe starts a container in service's netns that can read its
// iptables and qdiscs; lab containers themselves have no NET_ADMIN.
func (f *fixture) netnsProbe(t *testing.T, ctx context.Context, svc string) string {
	l := labels.ForRun(f.runID, f.project)
	c, err := f.cli.ContainerCreate(ctx, &container.Config{Image: images.BaseRef, Cmd: []string{"sleep", "infinity"}, Labels: l},
		&container.HostConfig{NetworkMode: container.NetworkMode("container:" + f.ids[svc]), CapAdd: []string{"NET_ADMIN"}}, nil, nil, "")
	require.NoError(t, err)
	require.NoError(t, f.cli.ContainerStart(ctx, c.ID, container.StartOptions{}))
	return c.ID
}

func (f *fixture) engine(t *testing.T, ctx context.Context) *chaos.Engine {
	ledger, err := fault.Open(filepath.Join(t.TempDir(), "faults.jsonl"))
	require.NoError(t, err)
	e := chaos.New(f.cli, f.runID, f.project, ledger)
	e.HelperImage = func(ctx context.Context) (string, error) {
		return images.NewBuilder(f.cli, "../..", nil).BuildHelper(ctx)
	}
	return e
}

func (f *fixture) exec(ctx context.Context, ref string, argv ...string) lab.ExecResult {
	r, err := lab.ExecIn(ctx, f.cli, ref, argv)
	if err != nil {
		return lab.ExecResult{ExitCode: -1, Stderr: err.Error()}
	}
	return r
}

type curlResult struct {
	ok      bool
	seconds float64
	out     string
}

// curl fetches http://<addr>/<path> from service, bounded to 3 s (10 s
// for the 1 MB file).
func (f *fixture) curl(ctx context.Context, from, addr string) curlResult {
	limit := "3"
	if strings.HasSuffix(addr, "/big") {
		limit = "10"
	}
	r := f.exec(ctx, f.ids[from], "curl", "-s", "-o", "/dev/null", "-w", "%{time_total}", "--max-time", limit, "http://"+addr)
	var secs float64
	fmt.Sscanf(r.Stdout, "%g", &secs)
	return curlResult{ok: r.ExitCode == 0, seconds: secs, out: fmt.Sprintf("exit %d %s %s", r.ExitCode, r.Stdout, r.Stderr)}
}

// snapshot is the netns state of svc heal must restore: iptables of both
// backends and every qdisc.
func (f *fixture) snapshot(t *testing.T, ctx context.Context, svc string) string {
	r := f.exec(ctx, f.probes[svc], "bash", "-c", "iptables-save; echo ==legacy; iptables-legacy-save; echo ==tc; tc qdisc show")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	return normalizeIPTables(r.Stdout)
}

var counters = regexp.MustCompile(`\[\d+:\d+\]`)

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

func (f *fixture) ip(t *testing.T, ctx context.Context, svc string) string {
	info, err := f.cli.ContainerInspect(ctx, f.ids[svc])
	require.NoError(t, err)
	for _, ep := range info.NetworkSettings.Networks {
		return ep.IPAddress
	}
	return ""
}
