//go:build docker

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/benchplot"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/run/runner"
)

// fleetSizes are the sizes of the cost curves (issue: 10, 100 and 1000).
var fleetSizes = []int{10, 100, 1000}

// fleetPoint is what one fleet size costs on the double.
type fleetPoint struct {
	n                    int
	healthy, fanout      time.Duration // saltlab up to healthy; one salt '*' test.ping round on every master
	memMiB               float64       // the lab's containers, docker stats, once healthy
	p50, p95, max, limit time.Duration // the @scale failover, from its verdict
}

// BenchmarkFleet measures, for 10, 100 and 1000 minions on the double:
// `saltlab up` to healthy, a `salt '*' test.ping` round that reaches
// every minion (on both masters at once: a failover fleet is split
// between them), the lab's memory, and the @scale scenario's failover
// spread; it prints each against the smallest size and draws the curves
// (SALTLAB_FLEET_PLOT, default reports/bench/fleet-curves.svg). Run it
// with `make bench BENCH=BenchmarkFleet`; it is not part of CI.
func BenchmarkFleet(b *testing.B) {
	bin := saltlabBinary(b)
	if out, err := saltlab(b, bin, "images", "--salt", "sim").CombinedOutput(); err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	// Fleets in swarms keep their keys (--keep-fleet-keys, fleetArgs), so
	// the thousand keys cost one bring-up, not every one; the cache goes
	// with the benchmark unless it was there before.
	if exec.Command("docker", "volume", "inspect", knobs.SwarmKeysVolume).Run() != nil {
		b.Cleanup(func() {
			if out, err := exec.Command("docker", "volume", "rm", knobs.SwarmKeysVolume).CombinedOutput(); err != nil {
				b.Errorf("remove the key cache %s: %v\n%s", knobs.SwarmKeysVolume, err, out)
			}
		})
	}
	var pts []fleetPoint
	for _, n := range fleetSizes {
		b.Run(fmt.Sprintf("sim/minions=%d", n), func(b *testing.B) {
			var p fleetPoint
			for i := 0; i < b.N; i++ {
				p = measureFleet(b, bin, n)
			}
			b.ReportMetric(p.healthy.Seconds(), "healthy-s")
			b.ReportMetric(p.fanout.Seconds(), "fanout-s")
			b.ReportMetric(p.memMiB, "MiB")
			b.ReportMetric(p.p50.Seconds(), "failover-p50-s")
			b.ReportMetric(p.p95.Seconds(), "failover-p95-s")
			b.ReportMetric(p.max.Seconds(), "failover-max-s")
			pts = append(pts, p)
		})
	}
	if len(pts) != len(fleetSizes) {
		return // a size failed, or -bench named one: no curve
	}
	// Printed, not logged: `make bench` shows a passing benchmark's
	// output only, and the ratios are what it is run for.
	base := pts[0]
	for _, p := range pts {
		fmt.Printf("fleet: sim, %d minions: healthy %s (x%.1f), fan-out %s (x%.1f), memory %.0f MiB (x%.1f), failover p50 %s, p95 %s, max %s (x%.1f) of bound %s\n",
			p.n, p.healthy.Round(time.Millisecond), ratio(p.healthy, base.healthy), p.fanout.Round(time.Millisecond), ratio(p.fanout, base.fanout),
			p.memMiB, p.memMiB/base.memMiB, p.p50.Round(time.Millisecond), p.p95.Round(time.Millisecond), p.max.Round(time.Millisecond), ratio(p.p95, base.p95), p.limit)
	}
	curve := func(title, unit string, y func(fleetPoint) float64) benchplot.Curve {
		c := benchplot.Curve{Title: title, Unit: unit}
		for _, p := range pts {
			c.X, c.Y = append(c.X, float64(p.n)), append(c.Y, y(p))
		}
		return c
	}
	svg, err := benchplot.SVG(fmt.Sprintf("saltlab fleet on the Salt double, failover topology, %s (up to 120 minions a container each, beyond 50 to a container)", time.Now().UTC().Format("2006-01-02")), []benchplot.Curve{
		curve("time to healthy", "s", func(p fleetPoint) float64 { return p.healthy.Seconds() }),
		curve("salt '*' test.ping round", "s", func(p fleetPoint) float64 { return p.fanout.Seconds() }),
		curve("memory of the lab", "MiB", func(p fleetPoint) float64 { return p.memMiB }),
		curve("failover p95", "s", func(p fleetPoint) float64 { return p.p95.Seconds() }),
	})
	if err != nil {
		b.Fatal(err)
	}
	out := os.Getenv("SALTLAB_FLEET_PLOT")
	if out == "" {
		out = filepath.Join(repoRoot, "reports", "bench", "fleet-curves.svg")
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(out, svg, 0o644); err != nil {
		b.Fatal(err)
	}
	fmt.Printf("fleet: cost curves drawn in %s\n", out)
}

// fleetArgs is --minions n, keeping the keys of a fleet in swarms.
func fleetArgs(n int) []string {
	args := []string{"--minions", strconv.Itoa(n)}
	if knobs.Swarmed(n) {
		args = append(args, "--keep-fleet-keys")
	}
	return args
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / b.Seconds() }

// measureFleet brings a fleet of n up and measures it, tears it down,
// then runs the @scale scenario on a fresh fleet of n for its spread.
func measureFleet(b *testing.B, bin string, n int) fleetPoint {
	p := fleetPoint{n: n}
	reports := b.TempDir()
	id := runID(b, fmt.Sprintf("fleet%d", n))
	start := time.Now()
	out, err := saltlab(b, bin, append([]string{"up", "--salt", "sim", "--reports", reports, "--run-id", id}, fleetArgs(n)...)...).CombinedOutput()
	p.healthy = time.Since(start)
	up := true
	down := func() {
		if up {
			up = false
			if derr := saltlab(b, bin, "down", "--run", id).Run(); derr != nil {
				b.Errorf("saltlab down --run %s: %v", id, derr)
			}
		}
	}
	defer down()
	if err != nil {
		b.Fatalf("saltlab up --minions %d: %v\n%s", n, err, out)
	}
	project := runner.ProjectName("failover", id)
	p.fanout = fanout(b, project, n)
	p.memMiB = labMemory(b, id)
	down()

	rid := runID(b, fmt.Sprintf("fleetrun%d", n))
	out, err = saltlab(b, bin, append([]string{"run", "--salt", "sim", "--tags", "@scale", "--reports", reports, "--run-id", rid}, fleetArgs(n)...)...).CombinedOutput()
	if err != nil {
		b.Fatalf("saltlab run --minions %d --tags @scale: %v\n%s", n, err, out)
	}
	f, err := checker.Read(filepath.Join(reports, rid, checker.FileName))
	if err != nil {
		b.Fatal(err)
	}
	for _, j := range f.Verdicts {
		if j.Name == checker.NameFleet && j.Result.Spread != nil && strings.Contains(j.Result.Expected, "salt-master-2 to serve") {
			sp := j.Result.Spread
			p.p50, p.p95, p.max, p.limit = sp.P50, sp.P95, sp.Max, sp.Limit
		}
	}
	if p.limit == 0 {
		b.Fatalf("run %s: no fleet-failover verdict of the failover step in %s", rid, checker.FileName)
	}
	return p
}

// fanout times one `salt '*' test.ping` published on both masters at
// once until their streamed returns together name every one of n minions.
// A failover fleet is split between the masters, and each master's CLI
// waits out -t and a find_job round for the minions the other one holds,
// so the CLIs are read as they print and stopped once the union is whole.
func fanout(b *testing.B, project string, n int) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	seen := map[string]bool{}
	whole := make(chan time.Time, 1)
	var wg sync.WaitGroup
	start := time.Now()
	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		argv := append([]string{"exec", project + "-" + m + "-1"}, client.Salt("*", 30, "test.ping").Line()...)
		cmd := exec.CommandContext(ctx, "docker", argv...)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { _ = cmd.Wait() }()
			dec := json.NewDecoder(stdout)
			for {
				var doc map[string]json.RawMessage
				if err := dec.Decode(&doc); err != nil {
					return
				}
				mu.Lock()
				for id, v := range doc {
					if string(v) == "true" {
						seen[id] = true
					}
				}
				if len(seen) == n {
					select {
					case whole <- time.Now():
					default:
					}
				}
				mu.Unlock()
			}
		}()
	}
	var took time.Duration
	select {
	case at := <-whole:
		took = at.Sub(start)
	case <-ctx.Done():
	}
	cancel()
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != n {
		b.Fatalf("salt '*' test.ping on both masters of %s: %d of %d minions returned", project, len(seen), n)
	}
	return took
}

// labMemory sums what `docker stats` says the run's containers use.
func labMemory(b *testing.B, runID string) float64 {
	ids, err := exec.Command("docker", "ps", "-q", "--filter", "label=io.saltlab.run="+runID).Output()
	if err != nil {
		b.Fatal(err)
	}
	args := append([]string{"stats", "--no-stream", "--format", "{{.MemUsage}}"}, strings.Fields(string(ids))...)
	out, err := exec.Command("docker", args...).Output()
	if err != nil {
		b.Fatal(err)
	}
	total := 0.0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		used, _, _ := strings.Cut(line, " / ")
		total += mib(strings.TrimSpace(used))
	}
	return total
}

// mib parses docker stats' "11.3MiB", "1.2GiB", "900KiB" or "512B".
func mib(s string) float64 {
	for _, u := range []struct {
		suffix string
		f      float64
	}{{"GiB", 1024}, {"MiB", 1}, {"KiB", 1.0 / 1024}, {"B", 1.0 / (1 << 20)}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return 0
			}
			return x * u.f
		}
	}
	return 0
}
