//go:build docker

package e2e

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"

	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/testenv"
)

// saltImageLine is where `saltlab images` names the Salt image.
var saltImageLine = regexp.MustCompile(`(?m)^salt image: (\S+) \(flavour`)

// composeBenchTopologies are the files both tools bring up as they are:
// two masters with salt-api behind Nginx, the key-wait chain, two minions.
var composeBenchTopologies = []string{"failover", "hot"}

const (
	// composeHealthyPoll spaces the baseline's looks at its containers'
	// health; it adds at most this much to docker-compose's time.
	composeHealthyPoll = 50 * time.Millisecond
	// composeStepTimeout bounds each docker-compose command and the wait.
	composeStepTimeout = 5 * time.Minute
)

// BenchmarkUpVsCompose is the paired comparison of bring-up: the same
// compose file (compose/<topology>/compose.yaml, as it is) brought up healthy by
// docker-compose (`up -d`, which itself waits for the file's depends_on
// conditions, then a wait until every container with a health check is
// healthy, looking every 50 ms) and by `saltlab up`, back to back in each
// op so both meet the same engine, each from process start with images
// cached; teardown is not timed. It reports both wall times and their
// ratio (saltlab/compose). On the double; SALT=real (and SALT_VERSION)
// runs both on the real Salt image `saltlab images` names.
func BenchmarkUpVsCompose(b *testing.B) {
	tool := testenv.Tool(b, "docker-compose", "docker-compose")
	bin := saltlabBinary(b)
	flavor := []string{"--salt", "sim"}
	if os.Getenv("SALT") == "real" {
		flavor = []string{"--salt", "real", "--salt-version", cmp.Or(os.Getenv("SALT_VERSION"), "3008")}
	}
	out, err := saltlab(b, bin, append([]string{"images"}, flavor...)...).CombinedOutput()
	if err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	m := saltImageLine.FindStringSubmatch(string(out))
	if m == nil {
		b.Fatalf("saltlab images named no salt image:\n%s", out)
	}
	image := m[1]
	for _, topology := range composeBenchTopologies {
		b.Run("topology="+topology, func(b *testing.B) {
			file, err := filepath.Abs(filepath.Join(repoRoot, "compose", topology, "compose.yaml"))
			if err != nil {
				b.Fatal(err)
			}
			var viaCompose, viaSaltlab time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				viaCompose += composeUp(b, tool, file, image)
				b.StartTimer() // ns/op is saltlab's
				viaSaltlab += saltlabUp(b, bin, topology, flavor)
				b.StopTimer()
			}
			n := float64(b.N)
			b.ReportMetric(viaCompose.Seconds()/n, "compose-s/op")
			b.ReportMetric(viaSaltlab.Seconds()/n, "saltlab-s/op")
			b.ReportMetric(viaSaltlab.Seconds()/viaCompose.Seconds(), "saltlab/compose")
		})
	}
}

// saltlabUp times `saltlab up` of topology on flavor from process
// start to its exit with the lab healthy; the lab is taken down after.
func saltlabUp(b *testing.B, bin, topology string, flavor []string) time.Duration {
	b.Helper()
	id := runID(b, "bench-up")
	args := append([]string{"up", "--topology", topology, "--reports", b.TempDir(), "--run-id", id}, flavor...)
	start := time.Now()
	out, err := saltlab(b, bin, args...).CombinedOutput()
	took := time.Since(start)
	if derr := saltlab(b, bin, "down", "--run", id).Run(); derr != nil {
		b.Errorf("saltlab down --run %s: %v", id, derr)
	}
	if err != nil {
		b.Fatalf("saltlab up: %v\n%s", err, out)
	}
	return took
}

// composeUp brings file up with docker-compose under a project of its
// own, as docs/topologies.md shows it by hand, and returns the time until
// every container with a health check is healthy; the project is taken
// down (volumes too) whatever happens.
func composeUp(b *testing.B, tool, file, image string) time.Duration {
	b.Helper()
	project := fmt.Sprintf("saltlab-bench-compose-%d", time.Now().UnixNano()%1_000_000_000)
	pw := filepath.Join(b.TempDir(), "api-password")
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(pw, []byte(hex.EncodeToString(secret)), 0o600); err != nil {
		b.Fatal(err)
	}
	compose := func(ctx context.Context, args ...string) *exec.Cmd {
		cmd := exec.CommandContext(ctx, tool, append([]string{"-f", file, "-p", project}, args...)...)
		cmd.Env = append(os.Environ(), "SALTLAB_SALT_IMAGE="+image, "SALTLAB_BASE_IMAGE=saltlab/base:bookworm",
			"SALTLAB_API_PASSWORD_FILE="+pw)
		return cmd
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), composeStepTimeout)
		defer cancel()
		if out, err := compose(ctx, "down", "-v", "--remove-orphans").CombinedOutput(); err != nil {
			b.Errorf("docker-compose down: %v\n%s", err, out)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), composeStepTimeout)
	defer cancel()
	cli, err := dockerx.New(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer cli.Close()
	start := time.Now()
	if out, err := compose(ctx, "up", "-d").CombinedOutput(); err != nil {
		b.Fatalf("docker-compose up -d: %v\n%s", err, out)
	}
	healthy, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(composeStepTimeout), Interval: composeHealthyPoll}, func(ctx context.Context, _ time.Duration) bool {
		cs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", "com.docker.compose.project="+project))})
		if err != nil || len(cs) == 0 {
			return false
		}
		for _, c := range cs {
			info, err := cli.ContainerInspect(ctx, c.ID)
			if err != nil || (info.State.Health != nil && info.State.Health.Status != container.Healthy) {
				return false
			}
		}
		return true
	})
	took := time.Since(start)
	if err != nil || !healthy {
		b.Fatalf("docker-compose project %s: not healthy within %s (%v)", project, composeStepTimeout, err)
	}
	return took
}
