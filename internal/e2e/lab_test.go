//go:build docker

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/status"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

const (
	// pingTimeout bounds polling a master until every minion answers.
	pingTimeout = 30 * time.Second
	// pingPause spaces out the polls.
	pingPause = 500 * time.Millisecond
)

// TestUpStatusLogsAndIsolation brings two hot labs up at once with
// `saltlab up` and checks them through one shared setup: both healthy on
// distinct subnets and projects, both masters of the first reach every
// (cloned) minion, --set reached the minions, status and logs describe the
// lab, a runner SIGKILLed mid-up is swept by the next `up` while detached
// labs survive, and each `down --run` removes only its own lab.
func TestUpStatusLogsAndIsolation(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	idA, idB := runID(t, "upa"), runID(t, "upb")
	ci := ciInputs(t)
	for _, id := range []string{idA, idB} {
		t.Cleanup(func() { _ = saltlab(t, bin, "down", "--run", id).Run() })
	}

	var wg sync.WaitGroup
	outs := map[string][]byte{}
	errs := map[string]error{}
	var mu sync.Mutex
	for id, extra := range map[string][]string{
		idA: {"--minions", "3", "--set", "minion.master_alive_interval=3"},
		idB: {"--states", ci.states, "--pillar", ci.pillar, "--master-config", ci.masterConf, "--minion-config", ci.minionConf},
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			args := append([]string{"up", "--topology", "hot", "--salt", "sim", "--reports", reports, "--run-id", id}, extra...)
			cmd := saltlab(t, bin, args...)
			cmd.Env = append(os.Environ(), "SALTLAB_KEY_WAIT_SECONDS=45")
			out, err := cmd.CombinedOutput()
			mu.Lock()
			outs[id], errs[id] = out, err
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, id := range []string{idA, idB} {
		require.NoError(t, errs[id], string(outs[id]))
		assert.Contains(t, string(outs[id]), "saltlab status --run "+id)
		assert.Contains(t, string(outs[id]), "saltlab down --run "+id)
	}
	stA, err := runstate.Load(runstate.Dir(reports, idA))
	require.NoError(t, err)
	stB, err := runstate.Load(runstate.Dir(reports, idB))
	require.NoError(t, err)
	assert.NotEqual(t, stA.Env["SALTLAB_SUBNET"], stB.Env["SALTLAB_SUBNET"], "concurrent labs need distinct subnets")
	assert.NotEqual(t, stA.Project, stB.Project)
	assert.True(t, stA.Detached)
	assert.Equal(t, "45", stA.Env["SALTLAB_KEY_WAIT_SECONDS"], "the key-wait bound comes from saltlab's environment")

	t.Run("BothMastersReachEveryMinion", func(t *testing.T) {
		ctx := context.Background()
		cli, err := dockerx.New(ctx)
		require.NoError(t, err)
		defer cli.Close()
		l, rl, err := access.Open(ctx, cli, stA)
		require.NoError(t, err)
		assert.Equal(t, []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"}, rl.Minions, "Open reads the roles after the knobs: the --minions clones are minions")
		minions := []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"}
		for _, m := range []string{"salt-master-1", "salt-master-2"} {
			got := pingAll(t, func(ctx context.Context) (string, error) {
				r, err := l.Exec(ctx, m, []string{"salt", "*", "test.ping", "--out=json"})
				return r.Stdout, err
			}, minions)
			assert.Equal(t, minions, got, "minions answering %s", m)
		}
		r, err := l.Exec(ctx, "salt-minion-3", []string{"cat", "/etc/salt/minion.d/zz-saltlab-set.conf"})
		require.NoError(t, err)
		assert.Contains(t, r.Stdout, "master_alive_interval: 3")
	})

	t.Run("CIGateInputsAreMountedReadOnly", func(t *testing.T) {
		ctx := context.Background()
		cli, err := dockerx.New(ctx)
		require.NoError(t, err)
		defer cli.Close()
		l, _, err := access.Open(ctx, cli, stB)
		require.NoError(t, err)
		for _, c := range []struct{ service, script, want string }{
			{"salt-master-2", "cat /srv/salt/top.sls /srv/pillar/top.sls", "base:\n  '*':\n    - site\nbase:\n  '*':\n    - data\n"},
			{"salt-master-1", "ls /etc/salt/master.d", "lab.conf\nzz-ci-gate.conf\n"},
			{"salt-minion-2", "ls /etc/salt/minion.d", "lab.conf\nzz-ci-gate.conf\n"},
			{"salt-master-1", "touch /srv/salt/x 2>&1 || echo read-only", "read-only"},
			{"salt-minion-1", "timeout 5 salt-call --local config.get log_level", "info"},
		} {
			r, err := l.Exec(ctx, c.service, []string{"bash", "-c", c.script})
			require.NoError(t, err)
			assert.Contains(t, r.Stdout, c.want, "%s: %s", c.service, c.script)
		}
	})

	t.Run("Status", func(t *testing.T) {
		out, err := saltlab(t, bin, "status", "--reports", reports, "--run", idA, "--json").Output()
		require.NoError(t, err)
		var r status.Report
		require.NoError(t, json.Unmarshal(out, &r))
		assert.True(t, r.KeysAgree)
		assert.Equal(t, 2, r.KeysCompared)
		require.Len(t, r.Minions, 3)
		for _, m := range r.Minions {
			assert.Equal(t, []string{"salt-master-1", "salt-master-2"}, m.ConnectedTo, m.Service)
		}
		for _, m := range r.Masters {
			assert.Equal(t, []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"}, m.Accepted, m.Service)
		}
		require.Len(t, r.Checks, 1)
		assert.Equal(t, status.StatusOK, r.Checks[0].Status, r.Checks[0].Detail)
		assert.Regexp(t, `^http://127\.0\.0\.1:\d+/ answers; test\.ping: 3 of 3 minion\(s\) true$`, r.Checks[0].Detail)

		// Without --run, two live runs are ambiguous.
		cmd := saltlab(t, bin, "status", "--reports", reports)
		out, err = cmd.CombinedOutput()
		require.Error(t, err)
		assert.Contains(t, string(out), "2 live runs under "+reports+"; choose one with --run ID")
		assert.Equal(t, 2, cmd.ProcessState.ExitCode(), "a usage error: the user must choose")
		assert.Contains(t, string(out), idA)
		assert.Contains(t, string(out), idB)
	})

	t.Run("Logs", func(t *testing.T) {
		out, err := saltlab(t, bin, "logs", "--reports", reports, "--run", idA, "--tail", "5", "key-wait").CombinedOutput()
		require.NoError(t, err, string(out))
		assert.Contains(t, string(out), "==> key-wait")
		assert.Contains(t, string(out), "key-wait: master.pem and master.pub present")
	})

	t.Run("SameRunIDIsRefused", func(t *testing.T) {
		out, err := saltlab(t, bin, "up", "--topology", "hot", "--salt", "sim", "--reports", reports, "--run-id", idA).CombinedOutput()
		require.Error(t, err)
		assert.Contains(t, string(out), "validate --run-id "+idA+": ")
		assert.Contains(t, string(out), "already holds a run; choose another id")
		assert.Equal(t, 7, countContainers(t, idA), "the existing lab (2 masters, key-wait, nginx, 3 minions) is untouched")
	})

	t.Run("KilledRunnerIsSweptDetachedLabsSurvive", func(t *testing.T) {
		idC, idD := runID(t, "killed"), runID(t, "upd")
		t.Cleanup(func() { _ = saltlab(t, bin, "down", "--run", idD).Run() })
		killMidUp(t, bin, reports, idC)
		require.NotZero(t, countContainers(t, idC), "the killed runner should have left containers behind")

		out, err := saltlab(t, bin, "up", "--topology", "hot", "--salt", "sim", "--reports", reports, "--run-id", idD).CombinedOutput()
		require.NoError(t, err, string(out))
		assert.Contains(t, string(out), "swept leftovers of dead run "+idC)
		assertNothingLeft(t, idC)
		assert.NotZero(t, countContainers(t, idA), "a detached lab is no leftover")
		assert.NotZero(t, countContainers(t, idB), "a detached lab is no leftover")
		require.NoError(t, saltlab(t, bin, "down", "--run", idD).Run())
		assertNothingLeft(t, idD)
	})

	t.Run("DownRemovesOnlyItsOwn", func(t *testing.T) {
		out, err := saltlab(t, bin, "down", "--run", idA).CombinedOutput()
		require.NoError(t, err, string(out))
		assertNothingLeft(t, idA)
		assert.Equal(t, 6, countContainers(t, idB), "the other lab keeps all 6 containers (2 minions)")
		out, err = saltlab(t, bin, "down", "--run", idB).CombinedOutput()
		require.NoError(t, err, string(out))
		assertNothingLeft(t, idB)
	})
}

// killMidUp starts `saltlab up` and SIGKILLs it once the first master
// container was started, so the lab is half built.
func killMidUp(t *testing.T, bin, reports, id string) {
	t.Helper()
	_, err := signalOnLine(t, saltlab(t, bin, "up", "--topology", "hot", "--salt", "sim", "--reports", reports, "--run-id", id),
		"service salt-master-1 started", syscall.SIGKILL)
	var exitErr *exec.ExitError
	require.ErrorAs(t, err, &exitErr)
	assert.Equal(t, "signal: killed", exitErr.Error())
}

// pingAll polls (the lab's one poller, every pingPause until
// pingTimeout) until every expected minion answered true on one `salt`
// run, and returns the minions that did on the last run, sorted.
func pingAll(t *testing.T, run func(context.Context) (string, error), want []string) []string {
	t.Helper()
	var got []string
	_, err := poll.Run(context.Background(), poll.Bounds{Deadline: time.Now().Add(pingTimeout), Interval: pingPause}, func(ctx context.Context, _ time.Duration) bool {
		ctx, cancel := context.WithTimeout(ctx, pingTimeout)
		defer cancel()
		out, err := run(ctx)
		require.NoError(t, err)
		rets, _, err := saltout.ParseStream(out)
		got = got[:0]
		if err == nil {
			for _, m := range want {
				if rets.True(m) {
					got = append(got, m)
				}
			}
		}
		return len(got) == len(want)
	})
	require.NoError(t, err)
	return got
}

func countContainers(t *testing.T, id string) int {
	t.Helper()
	ctx := context.Background()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	cs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", labels.Run+"="+id))})
	require.NoError(t, err)
	return len(cs)
}

// TestHotScenarioPassesOnTheDouble runs the hot topology's own feature and
// the general scenarios written for hot minions (@mode-hot: the upstream
// multimaster mirrors and hot_master_down). The general scenarios of any
// mode (parity, call modes, cold start, all masters down) run on hot
// minions in TestUserComposeRunsOnTheDouble, whose lab is hot too, and on
// failover minions in the shared run: each general scenario runs once per
// minion mode in CI, not once per topology.
func TestHotScenarioPassesOnTheDouble(t *testing.T) {
	parallelLab(t)
	out := runPasses(t, "hot", []string{"--topology", "hot", "--tags", "not @slow and (@hot or @mode-hot)"},
		"Stopping master-1 leaves every minion reachable through master-2 without a restart",
		`Master-1 killed (docker kill): master-2 reaches every minion without a restart (fault=kill "the first master")`,
		"Stopping master-1 keeps test.ping working through the load balancer")
	assert.Contains(t, out, "unchanged: valid")
}

type ciDirs struct{ states, pillar, masterConf, minionConf string }

// ciInputs writes a user's states, pillar and drop-ins as a CI gate would
// pass them.
func ciInputs(t *testing.T) ciDirs {
	t.Helper()
	root := t.TempDir()
	d := ciDirs{states: root + "/salt", pillar: root + "/pillar", masterConf: root + "/master.d", minionConf: root + "/minion.d"}
	files := map[string]string{
		d.states + "/top.sls":       "base:\n  '*':\n    - site\n",
		d.pillar + "/top.sls":       "base:\n  '*':\n    - data\n",
		d.masterConf + "/gate.conf": "keep_jobs_seconds: 600\n",
		d.minionConf + "/gate.conf": "log_level: info\n",
	}
	for path, body := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
	}
	return d
}

// TestFailedUpSaysWhyAndKeepsItsLogs: a lab that cannot come up fails
// `up` with exit 1, the failing container's own log line as evidence and,
// where saltlab recognises the cause, the setting that fixes it; nothing of
// the run is left on the engine and no run is claimed, but every
// container's log stays in the run folder the error names.
func TestFailedUpSaysWhyAndKeepsItsLogs(t *testing.T) {
	parallelLab(t)
	tests := []struct {
		name     string
		topology string
		set      string
		want     []string // in the output: what failed, its evidence and, where recognised, the cause and the fix
		failing  string   // the service whose kept log holds evidence
		evidence string
	}{
		{"a master that cannot start", "hot", "master.interface=256.1.1.1",
			[]string{`service "salt-master-1" exited before becoming healthy`, "256.1.1.1"}, "salt-master-1", "256.1.1.1"},
		// Masters that do not auto-accept come up now: bring-up accepts
		// the declared keys (TestUpWithoutAutoAcceptAcceptsDeclaredKeys).
	}
	bin := saltlabBinary(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id, reports := runID(t, "upfail"), t.TempDir()
			cmd := saltlab(t, bin, "up", "--topology", tc.topology, "--salt", "sim", "--reports", reports, "--run-id", id,
				"--set", tc.set)
			out, err := cmd.CombinedOutput()
			require.Error(t, err, string(out))
			assert.Equal(t, 1, cmd.ProcessState.ExitCode())
			for _, w := range tc.want {
				assert.Contains(t, string(out), w)
			}
			assertNothingLeft(t, id)
			logs := filepath.Join(reports, id, "logs")
			assert.Contains(t, string(out), "log files are kept in "+logs)
			failing, err := os.ReadFile(filepath.Join(logs, tc.failing+".log"))
			require.NoError(t, err, "the failing container's whole log is kept")
			assert.Contains(t, string(failing), tc.evidence)
			assert.NoFileExists(t, filepath.Join(reports, id, "run.json"), "no run is claimed")
		})
	}
}
