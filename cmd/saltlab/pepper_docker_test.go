//go:build docker

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/testenv"
)

// pepperReach bounds how long after master-1 stops salt-pepper may go on
// missing minions through the balancer: a failover minion's alive check
// (master_alive_interval 2 s in compose/failover), its sign-in to
// master-2 (auth_timeout 3 s) and salt-api's timeout; measured at 2 s on
// real Salt 3008.4 and on the double, on 2 cores, and kept wide for a
// loaded CI machine: the claim is that it recovers, the steps' bounds
// judge how fast.
const pepperReach = 3 * time.Minute

// pepperTimeout bounds one salt-pepper call.
const pepperTimeout = 60 * time.Second

// pepperThroughTheBalancer drives salt-pepper, the salt-api client users
// run (Debian's salt-pepper), against the lab's Nginx balancer from the
// host with the run's own credentials, from a pepperrc file (mode 0600,
// as a user keeps one; never the environment): every minion answers
// test.ping, and, once salt-master-1's container is stopped, every minion
// answers again through the same URL within pepperReach, served by
// master-2's salt-api once the minions failed over. Master-1 is started
// again at the end.
func pepperThroughTheBalancer(t *testing.T, ctx context.Context, l upLab, minions []string) {
	bin := testenv.Tool(t, "salt-pepper", "salt-pepper", "pepper")
	creds, err := access.Creds(l.st)
	require.NoError(t, err)
	info, err := l.cli.ContainerInspect(ctx, lab.ContainerNameOf(l.st.Project, "nginx"))
	require.NoError(t, err)
	bound := info.NetworkSettings.Ports["80/tcp"]
	require.NotEmpty(t, bound, "the balancer publishes port 80")
	assert.Equal(t, "127.0.0.1", bound[0].HostIP, "salt-api is reachable from this host only")
	home := t.TempDir()
	rc := filepath.Join(home, "pepperrc")
	body := fmt.Sprintf("[main]\nSALTAPI_URL=http://127.0.0.1:%s/\nSALTAPI_USER=%s\nSALTAPI_PASS=%s\nSALTAPI_EAUTH=%s\n",
		bound[0].HostPort, creds.Username, creds.Password, creds.EAuth)
	require.NoError(t, os.WriteFile(rc, []byte(body), 0o600))
	ping := func() (map[string]any, string) {
		cctx, cancel := context.WithTimeout(ctx, pepperTimeout)
		defer cancel()
		cmd := exec.CommandContext(cctx, bin, "-c", rc, "-x", filepath.Join(home, "cache"), "--non-interactive", "*", "test.ping")
		cmd.Env = append(withoutSaltAPI(os.Environ()), "HOME="+home)
		out, err := cmd.CombinedOutput()
		var r struct{ Return []map[string]any }
		if err != nil || json.Unmarshal(out, &r) != nil || len(r.Return) == 0 {
			return nil, string(out)
		}
		return r.Return[0], string(out)
	}
	everyMinionTrue := func(got map[string]any) bool {
		for _, m := range minions {
			if got[m] != true {
				return false
			}
		}
		return true
	}
	got, out := ping()
	require.True(t, everyMinionTrue(got), "salt-pepper through the balancer, both masters up: %s", out)

	require.NoError(t, l.cli.ContainerStop(ctx, lab.ContainerNameOf(l.st.Project, "salt-master-1"), container.StopOptions{}))
	stopped := time.Now()
	ok, err := poll.Run(ctx, poll.Within(pepperReach), func(context.Context, time.Duration) bool {
		got, out = ping()
		return everyMinionTrue(got)
	})
	require.NoError(t, err)
	require.True(t, ok, "salt-pepper through the balancer within %s of master-1 stopping; last: %s", pepperReach, out)
	t.Logf("salt-pepper: every minion answered through the balancer %s after salt-master-1 stopped", time.Since(stopped).Round(time.Second))

	// Master-1 back, healthy, for what the lab is used for next.
	require.NoError(t, l.cli.ContainerStart(ctx, lab.ContainerNameOf(l.st.Project, "salt-master-1"), container.StartOptions{}))
	healthy, err := poll.Run(ctx, poll.Within(masterBackWithin), func(ctx context.Context, _ time.Duration) bool {
		info, err := l.cli.ContainerInspect(ctx, lab.ContainerNameOf(l.st.Project, "salt-master-1"))
		return err == nil && info.State != nil && info.State.Health != nil && info.State.Health.Status == "healthy"
	})
	require.NoError(t, err)
	require.True(t, healthy, "salt-master-1 healthy again within %s of its start", masterBackWithin)
}

// masterBackWithin bounds a stopped master's start to healthy: the
// compose file's start_period for the health check, 120 s.
const masterBackWithin = 2 * time.Minute

// withoutSaltAPI drops pepper's SALTAPI_* variables from an environment,
// so that only the pepperrc under test speaks.
func withoutSaltAPI(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "SALTAPI_") {
			out = append(out, kv)
		}
	}
	return out
}
