//go:build docker

package e2e

import (
	"cmp"
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
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// fleetSizes are the sizes of the cost curves (issue: 10, 100 and 1000).
var fleetSizes = []int{10, 100, 1000}

// fleetFlavor is the flavour BenchmarkFleet measures.
type fleetFlavor struct {
	name     string   // sim or real
	salt     []string // saltlab's flavour options (--salt, --salt-version)
	settings []string // the fleet's settings (--set)
	sizes    []int
	plot     string // the default file of its curves, under reports/bench
	// swarmAbove: beyond this many minions the flavour's fleet runs in
	// swarms (--minions-per-container SwarmSize); 0 keeps saltlab's
	// default layout.
	swarmAbove int
	// swarm names the swarm the fleets deploy on (SALTLAB_BENCH_SWARM,
	// `saltlab swarm up --name NAME`); empty for this host's engine.
	swarm string
	// judged: a size whose lab does not come up healthy, or a failed
	// @scale run, is a figure (saltlab's error and the verdicts say how it
	// failed), as on real Salt, whose baseline has not passed on two
	// cores; on the double a failed run fails the benchmark.
	judged bool
}

// args are the options of a lab of the flavour: its Salt, settings and
// engine.
func (f fleetFlavor) args() []string {
	a := append(append([]string{}, f.salt...), f.settings...)
	if f.swarm != "" {
		a = append(a, "--engine", "swarm", "--swarm", f.swarm)
	}
	return a
}

// benchFleetFlavor is the double, or real Salt with SALT=real
// (SALT_VERSION names the release line, 3008 by default). A real fleet
// beyond 10 runs in swarms: 100 real minions a container each (two Python
// processes, a health check and a configuration record each) saturated
// both cores and never finished a measurement (benchmarks.md). A real fleet
// runs the alive interval a real fleet runs, 30 s: at the topologies' 2 s
// the checks of 150 real minions ran late on two cores and the minions
// declared their master lost (benchmarks.md, "Real Salt in swarms"). Real
// sizes add 200, the most this machine's cores bring up in minutes, and
// keep 1000, which the memory check refuses before any Docker work: the
// benchmark prints the refusal, which names the limit.
//
// SALTLAB_BENCH_SWARM=NAME deploys every fleet on that swarm (--engine
// swarm) and draws fleet-curves[-real]-swarm.svg. Its nodes share this
// machine's cores, so the curves measure what the engine adds, not a
// fleet's capacity across machines (docs/scale.md).
func benchFleetFlavor() fleetFlavor {
	f := fleetFlavor{name: "sim", sizes: fleetSizes, plot: "fleet-curves", salt: []string{"--salt", "sim"}}
	if os.Getenv("SALT") == "real" {
		f = fleetFlavor{name: "real", sizes: []int{10, 100, 200, 1000}, plot: "fleet-curves-real", judged: true, swarmAbove: 10,
			salt:     []string{"--salt", "real", "--salt-version", cmp.Or(os.Getenv("SALT_VERSION"), "3008")},
			settings: []string{"--set", "minion.master_alive_interval=30"}}
	}
	if f.swarm = os.Getenv("SALTLAB_BENCH_SWARM"); f.swarm != "" {
		f.plot += "-swarm"
	}
	f.plot += ".svg"
	return f
}

// fleetRunTimeout bounds a fleet's `saltlab up` and `saltlab run`: 100
// real minions, a container each, took 4 min 53 s to come up healthy on
// two cores before the scenario began.
const fleetRunTimeout = 30 * time.Minute

// fleetPoint is what one fleet size costs.
type fleetPoint struct {
	n                    int
	healthy, fanout      time.Duration // saltlab up to healthy; one salt '*' test.ping round on every master
	returned             int           // how many minions that round reached (n unless it timed out)
	memMiB               float64       // the lab's containers, docker stats, once healthy
	p50, p95, max, limit time.Duration // the @scale failover, from its verdict
	// failover says how the @scale scenario judged the failover, or why
	// it has no spread (its baseline step failed).
	failover string
	refused  string // saltlab's refusal of this size, before any Docker work
	// unhealthy says why a judged flavour's lab of this size did not come
	// up healthy within saltlab's bound (saltlab up tore it down).
	unhealthy string
}

// BenchmarkFleet measures, for 10, 100 and 1000 minions on the double
// (SALT=real: real Salt, 10, 100, 200 and 1000): `saltlab up` to
// healthy, a `salt '*' test.ping` round that reaches every minion (on
// both masters at once: a failover fleet is split between them), the
// lab's memory, and the @scale scenario's failover spread; it prints each
// against the smallest size and draws the curves (SALTLAB_FLEET_PLOT,
// default reports/bench/fleet-curves.svg, or fleet-curves-real.svg). Run
// it with `make bench BENCH=BenchmarkFleet [SALT=real]`; it is not part
// of CI.
func BenchmarkFleet(b *testing.B) {
	bin := saltlabBinary(b)
	fl := benchFleetFlavor()
	out, err := saltlab(b, bin, append([]string{"images"}, fl.salt...)...).CombinedOutput()
	if err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	m := saltImageLine.FindStringSubmatch(string(out))
	if m == nil {
		b.Fatalf("saltlab images named no salt image:\n%s", out)
	}
	image := m[1] // saltlab/salt-real:3008.4: the release a line resolved to
	// Fleets in swarms keep their keys (--keep-fleet-keys, fleetArgs), so
	// the thousand keys cost one bring-up, not every one; the cache goes
	// with the benchmark unless it was there before.
	if exec.Command("docker", "volume", "inspect", knobs.SwarmKeysVolume).Run() != nil {
		b.Cleanup(func() {
			// No size in swarms may have run (a real fleet beyond 120
			// that memory refused): then there is no cache to remove.
			if exec.Command("docker", "volume", "inspect", knobs.SwarmKeysVolume).Run() != nil {
				return
			}
			if out, err := exec.Command("docker", "volume", "rm", knobs.SwarmKeysVolume).CombinedOutput(); err != nil {
				b.Errorf("remove the key cache %s: %v\n%s", knobs.SwarmKeysVolume, err, out)
			}
		})
	}
	var pts []fleetPoint
	for _, n := range fl.sizes {
		b.Run(fmt.Sprintf("%s/minions=%d", fl.name, n), func(b *testing.B) {
			var p fleetPoint
			for i := 0; i < b.N; i++ {
				p = measureFleet(b, bin, fl, n)
			}
			switch {
			case p.refused != "":
				fmt.Printf("fleet: %s, %d minions: refused before any Docker work: %s\n", fl.name, n, p.refused)
				return
			case p.unhealthy != "":
				fmt.Printf("fleet: %s, %d minions: not healthy within saltlab's bound, after %s: %s\n", fl.name, n, p.healthy.Round(time.Second), p.unhealthy)
				return
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
	if len(pts) < 2 || b.Failed() {
		return // a size failed, or -bench named one: no curve
	}
	// Printed, not logged: `make bench` shows a passing benchmark's
	// output only, and the ratios are what it is run for.
	base := pts[0]
	for _, p := range pts {
		fmt.Printf("fleet: %s, %d minions: healthy %s (x%.1f), fan-out %s (x%.1f, %d of %d returned), memory %.0f MiB (x%.1f), failover %s\n",
			fl.name, p.n, p.healthy.Round(time.Millisecond), ratio(p.healthy, base.healthy), p.fanout.Round(time.Millisecond), ratio(p.fanout, base.fanout),
			p.returned, p.n, p.memMiB, p.memMiB/base.memMiB, p.failover)
	}
	curve := func(title, unit string, y func(fleetPoint) float64) benchplot.Curve {
		c := benchplot.Curve{Title: title, Unit: unit}
		for _, p := range pts {
			c.X, c.Y = append(c.X, float64(p.n)), append(c.Y, y(p))
		}
		return c
	}
	curves := []benchplot.Curve{
		curve("time to healthy", "s", func(p fleetPoint) float64 { return p.healthy.Seconds() }),
		curve("salt '*' test.ping round", "s", func(p fleetPoint) float64 { return p.fanout.Seconds() }),
		curve("memory of the lab", "MiB", func(p fleetPoint) float64 { return p.memMiB }),
	}
	if spreads(pts) {
		curves = append(curves, curve("failover p95", "s", func(p fleetPoint) float64 { return p.p95.Seconds() }))
	}
	what := "the Salt double"
	if fl.name == "real" {
		_, release, _ := strings.Cut(image, ":")
		what = "real Salt " + release
	}
	if fl.swarm != "" {
		what += ", on swarm " + fl.swarm
	}
	svg, err := benchplot.SVG(fmt.Sprintf("saltlab fleet on %s, failover topology, %s (%s)", what, time.Now().UTC().Format("2006-01-02"), fl.layout()), curves)
	if err != nil {
		b.Fatal(err)
	}
	plot := os.Getenv("SALTLAB_FLEET_PLOT")
	if plot == "" {
		plot = filepath.Join(repoRoot, "reports", "bench", fl.plot)
	}
	if err := os.MkdirAll(filepath.Dir(plot), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(plot, svg, 0o644); err != nil {
		b.Fatal(err)
	}
	fmt.Printf("fleet: cost curves drawn in %s\n", plot)
}

// spreads says whether every point has a failover spread to draw.
func spreads(pts []fleetPoint) bool {
	for _, p := range pts {
		if p.limit == 0 {
			return false
		}
	}
	return true
}

// fleetArgs is --minions n in the flavour's layout, keeping the keys of
// a fleet in swarms.
func (f fleetFlavor) fleetArgs(n int) []string {
	args := []string{"--minions", strconv.Itoa(n)}
	fleet := knobs.Fleet{Minions: n}
	if f.swarmAbove > 0 && n > f.swarmAbove {
		fleet.PerContainer = knobs.SwarmSize
		args = append(args, "--minions-per-container", strconv.Itoa(knobs.SwarmSize))
	}
	// The key cache is a volume of this host's engine; a swarm's nodes
	// have none, so a fleet there makes its keys on every bring-up.
	if fleet.Swarmed() && f.swarm == "" {
		args = append(args, "--keep-fleet-keys")
	}
	return args
}

// layout says how the flavour runs a fleet, short enough for the plot's
// title (its width is the plot's).
func (f fleetFlavor) layout() string {
	threshold := knobs.MaxContainers
	if f.swarmAbove > 0 {
		threshold = f.swarmAbove
	}
	return fmt.Sprintf("swarms of %d beyond %d minions", knobs.SwarmSize, threshold)
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / b.Seconds() }

// measureFleet brings a fleet of n up and measures it, tears it down,
// then runs the @scale scenario on a fresh fleet of n for its spread. A
// size saltlab refuses (exit 2, before any Docker work) is a result: the
// point says why. A failed @scale run is one too when its verdicts name
// the failover or the baseline that stopped it.
func measureFleet(b *testing.B, bin string, fl fleetFlavor, n int) fleetPoint {
	p := fleetPoint{n: n}
	reports := b.TempDir()
	id := runID(b, fmt.Sprintf("fleet%d", n))
	start := time.Now()
	cmd := saltlabWithin(b, fleetRunTimeout, bin, append(append([]string{"up", "--reports", reports, "--run-id", id}, fl.args()...), fl.fleetArgs(n)...)...)
	out, err := cmd.CombinedOutput()
	p.healthy = time.Since(start)
	if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == 2 {
		p.refused = errorLine(string(out))
		return p
	}
	if err != nil {
		// A failed up has torn its lab down already.
		if fl.judged {
			p.unhealthy = errorLine(string(out))
			b.Logf("%s, %d minions: saltlab up failed after %s: %v\n%s", fl.name, n, p.healthy.Round(time.Millisecond), err, out)
			return p
		}
		b.Fatalf("saltlab up --minions %d: %v\n%s", n, err, out)
	}
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
	engines := labEngines(b, fl.swarm)
	p.fanout, p.returned = fanout(b, engines, id, n)
	p.memMiB = labMemory(b, engines, id)
	// Logged now: a @scale run that fails below ends the benchmark, and
	// these figures would go with it.
	b.Logf("%s, %d minions: healthy after %s, salt '*' round %s (%d returned), %.0f MiB", fl.name, n, p.healthy.Round(time.Millisecond), p.fanout.Round(time.Millisecond), p.returned, p.memMiB)
	down()

	rid := runID(b, fmt.Sprintf("fleetrun%d", n))
	out, runErr := saltlabWithin(b, fleetRunTimeout, bin, append(append([]string{"run", "--tags", "@scale", "--reports", reports, "--run-id", rid}, fl.args()...), fl.fleetArgs(n)...)...).CombinedOutput()
	if runErr != nil && !fl.judged {
		b.Fatalf("saltlab run --minions %d --tags @scale: %v\n%s", n, runErr, out)
	}
	f, err := checker.Read(filepath.Join(reports, rid, checker.FileName))
	if err != nil {
		b.Fatalf("saltlab run --minions %d --tags @scale: %v, and its verdicts: %v\n%s", n, runErr, err, out)
	}
	for _, j := range f.Verdicts {
		if j.Name != checker.NameFleet || j.Result.Spread == nil {
			continue
		}
		sp := j.Result.Spread
		switch {
		case strings.Contains(j.Result.Expected, "salt-master-2 to serve"):
			p.p50, p.p95, p.max, p.limit = sp.P50, sp.P95, sp.Max, sp.Limit
			p.failover = fmt.Sprintf("%s: %s", j.Result.Verdict, sp)
		case p.failover == "" && j.Result.Verdict != checker.Valid:
			p.failover = fmt.Sprintf("not reached: the baseline was %s: %s", j.Result.Verdict, sp)
		}
	}
	if p.failover == "" {
		b.Fatalf("run %s: no fleet-failover verdict in %s (%v)\n%s", rid, checker.FileName, runErr, out)
	}
	return p
}

// errorLine is saltlab's error line in out, or its last non-empty line
// when none: after the error a failed up prints the containers' last log
// lines, a refusal nothing.
func errorLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "saltlab: error:") {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

// fanout times one `salt '*' test.ping` published on both masters at
// once until their streamed returns together name every one of n minions
// (client.Unbuffered makes real Salt's CLI stream them as the double's does).
// A failover fleet is split between the masters, and each master's CLI
// waits out -t and a find_job round for the minions the other one holds,
// so the CLIs are read as they print and stopped once the union is whole.
func fanout(b *testing.B, engines [][]string, runID string, n int) (time.Duration, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	seen := map[string]bool{}
	whole := make(chan time.Time, 1)
	var last time.Time // the latest return that named a new minion
	var wg sync.WaitGroup
	start := time.Now()
	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		// Unbuffered: real Salt's CLI otherwise holds every return in its
		// pipe buffer until it exits, and a round cut at its bound showed
		// no return at all (100 real minions, 2026-11-27).
		on, id := findContainer(b, engines, runID, m)
		argv := append(append(append([]string{}, on[1:]...), "exec", id), client.Unbuffered(client.Salt("*", 30, "test.ping").Line()...)...)
		cmd := exec.CommandContext(ctx, on[0], argv...)
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
					if string(v) == "true" && !seen[id] {
						seen[id], last = true, time.Now()
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
	if len(seen) == 0 {
		b.Fatalf("salt '*' test.ping on both masters of run %s: no minion of %d returned", runID, n)
	}
	if len(seen) != n {
		// A real fleet's round can outlast the CLIs' -t and find_job
		// round on two cores: the count is the result, and the time
		// that of the last minion that did return.
		took = last.Sub(start)
	}
	return took, len(seen)
}

// labMemory sums what `docker stats` says the run's containers use, on
// every engine the lab runs on.
func labMemory(b *testing.B, engines [][]string, runID string) float64 {
	total := 0.0
	for _, on := range engines {
		ids, err := dockerOn(on, "ps", "-q", "--filter", "label="+labels.Run+"="+runID).Output()
		if err != nil {
			b.Fatal(err)
		}
		if len(strings.Fields(string(ids))) == 0 {
			continue
		}
		out, err := dockerOn(on, append([]string{"stats", "--no-stream", "--format", "{{.MemUsage}}"}, strings.Fields(string(ids))...)...).Output()
		if err != nil {
			b.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			used, _, _ := strings.Cut(line, " / ")
			total += mib(strings.TrimSpace(used))
		}
	}
	return total
}

// labEngines are the engines a fleet's containers run on, each as the
// command line that reaches it: this host's docker on compose; on a
// swarm, the docker inside each node container (the node image carries
// Debian's docker.io; the container's DOCKER_HOST names its engine), the
// nodes found by the swarm's run label on this host (swarm.RunID: the e2e
// room may not import the swarm room).
func labEngines(b *testing.B, swarmName string) [][]string {
	if swarmName == "" {
		return [][]string{{"docker"}}
	}
	out, err := exec.Command("docker", "ps", "--filter", "label="+labels.Run+"=swarm-"+swarmName, "--format", "{{.Names}}").Output()
	if err != nil {
		b.Fatal(err)
	}
	var on [][]string
	for _, node := range strings.Fields(string(out)) {
		on = append(on, []string{"docker", "exec", node, "docker"})
	}
	if len(on) == 0 {
		b.Fatalf("no node container of swarm %s runs here: `saltlab swarm up --name %s` first", swarmName, swarmName)
	}
	return on
}

// dockerOn is the command line of docker args on the engine on reaches.
func dockerOn(on []string, args ...string) *exec.Cmd {
	return exec.Command(on[0], append(append([]string{}, on[1:]...), args...)...)
}

// findContainer is the engine and id of the run's container of service.
func findContainer(b *testing.B, engines [][]string, runID, service string) ([]string, string) {
	for _, on := range engines {
		out, err := dockerOn(on, "ps", "-q", "--filter", "label="+labels.Run+"="+runID, "--filter", "label="+labels.Service+"="+service).Output()
		if err != nil {
			b.Fatal(err)
		}
		if id := strings.Fields(string(out)); len(id) > 0 {
			return on, id[0]
		}
	}
	b.Fatalf("run %s has no running %s on %v", runID, service, engines)
	return nil, ""
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
