//go:build docker

package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/netalloc"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/sim/pki"
)

const (
	pkiLabTimeout = 5 * time.Minute
	// signInBound covers a minion's first sign-in after its container is healthy.
	signInBound = 30 * time.Second
	// failoverBound covers auth_timeout 3 s + alive interval 2 s of the
	// topology's minion config plus container and exec overhead.
	failoverBound = 60 * time.Second
	pollEvery     = 500 * time.Millisecond
)

type testLog struct{ t *testing.T }

func (w testLog) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// TestFailoverPKITopologyOnTheDouble brings up compose/failover-pki on the
// sim flavour and checks the defining property of MultiMaster-PKI: the
// masters have different keys, every minion verifies the signed master key,
// and after master-1 stops the minions sign in to master-2 without a
// "master key has changed" refusal.
func TestFailoverPKITopologyOnTheDouble(t *testing.T) {
	parallelLab(t)
	ctx, cancel := context.WithTimeout(context.Background(), pkiLabTimeout)
	defer cancel()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()

	b := images.NewBuilder(cli, repoRoot, testLog{t})
	_, err = b.EnsureBase(ctx)
	require.NoError(t, err)
	flavor, err := b.Resolve(ctx, "sim", "")
	require.NoError(t, err)
	plan, err := netalloc.Allocate(ctx, cli, 2)
	require.NoError(t, err)
	env := plan.Env()
	env["SALTLAB_SALT_IMAGE"] = flavor.Image

	runID := labels.NewRunID(time.Now())
	file, err := filepath.Abs(filepath.Join(repoRoot, "compose", "failover-pki", "compose.yaml"))
	require.NoError(t, err)
	l, err := lab.Load(ctx, cli, lab.Options{Files: []string{file}, Project: settings.ProjectName("failover-pki", runID),
		RunID: runID, Topology: "failover-pki", Flavor: "sim", Env: env, Log: testLog{t}})
	require.NoError(t, err)
	t.Cleanup(func() {
		assert.NoError(t, l.Down(context.Background()))
		assertNothingLeft(t, runID)
	})
	require.NoError(t, l.Up(ctx))

	read := func(service, path string) string {
		t.Helper()
		res, err := l.Exec(ctx, service, []string{"cat", path})
		require.NoError(t, err)
		require.Equal(t, 0, res.ExitCode, "cat %s in %s: %s", path, service, res.Stderr)
		return res.Stdout
	}
	pub1, pub2 := read("salt-master-1", "/etc/salt/pki/master/master.pub"), read("salt-master-2", "/etc/salt/pki/master/master.pub")
	assert.NotEqual(t, pki.Finger(pub1), pki.Finger(pub2), "each master has its own key pair")
	assert.Equal(t, read("salt-master-1", "/etc/salt/pki/master/master_sign.pub"), read("salt-master-2", "/etc/salt/pki/master/master_sign.pub"),
		"both masters sign with the shared master_sign key")

	minions := []string{"salt-minion-1", "salt-minion-2"}
	for _, m := range minions {
		waitLog(ctx, t, l, m, "Received signed and verified master pubkey from master salt-master-1", signInBound)
		assert.Equal(t, pub1, read(m, "/etc/salt/pki/minion/minion_master.pub"))
	}

	require.NoError(t, l.Stop(ctx, "salt-master-1", 5*time.Second))
	for _, m := range minions {
		served := ""
		ok := pollUntil(ctx, failoverBound, func() bool {
			res, err := l.Exec(ctx, m, []string{"salt-call", "--out=json", "--out-indent=-1", "config.get", "master"})
			if err != nil {
				return false
			}
			served = strings.TrimSpace(res.Stdout)
			return res.ExitCode == 0 && served == `{"local": "salt-master-2"}`
		})
		require.True(t, ok, "salt-call on %s not served by salt-master-2 within %v; last output %q", m, failoverBound, served)
		waitLog(ctx, t, l, m, "Received signed and verified master pubkey from master salt-master-2", failoverBound)
		logs, err := l.Logs(ctx, m, 0)
		require.NoError(t, err)
		assert.NotContains(t, logs, "The master key has changed")
		assert.Equal(t, pub2, read(m, "/etc/salt/pki/minion/minion_master.pub"))
	}
}

// waitLog polls a service's log for want.
func waitLog(ctx context.Context, t *testing.T, l *lab.Lab, service, want string, within time.Duration) {
	t.Helper()
	var logs string
	ok := pollUntil(ctx, within, func() bool {
		var err error
		logs, err = l.Logs(ctx, service, 0)
		return err == nil && strings.Contains(logs, want)
	})
	require.True(t, ok, fmt.Sprintf("%s did not log %q within %v; log:\n%s", service, want, within, logs))
}

// pollUntil calls cond every pollEvery until it holds or within has
// passed, through the lab's one poller.
func pollUntil(ctx context.Context, within time.Duration, cond func() bool) bool {
	ok, _ := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(within), Interval: pollEvery}, func(context.Context, time.Duration) bool { return cond() })
	return ok
}

// The failover-pki topology's default selection runs through `saltlab
// run`: its @failover-pki feature, and the general key and parity
// scenarios, which say that each master keeps its own pki directory.
func TestFailoverPKIFeatureRunsOnTheDouble(t *testing.T) {
	parallelLab(t)
	out := defaultSuitePasses(t, "failover-pki", append([]string{"Stopping master-1 moves the minions to master-2 with its own signed key"}, keyScenarios...)...)
	assertKeyVerdicts(t, "failover-pki", out)
}
