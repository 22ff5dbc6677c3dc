//go:build docker

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// labsLine is what a run with several labs prints of how many it uses.
var labsLine = regexp.MustCompile(`(\d+) labs in parallel`)

// BenchmarkParallelSuite is the paired comparison of parallel labs: the
// failover default selection (not @slow) with one lab (--parallel 1) and
// with the machine's default number of labs (no --parallel: one per
// core, as many as memory holds), back to back in each op so both meet
// the same engine, each timed from process start to exit (bring-up,
// scenarios, reports, teardown) with images cached. It reports both wall
// times, their ratio (parallel/serial; at most 0.5 is what parallel labs
// aim for on two cores) and the labs the default used. Both runs must
// pass: a time for a red suite is no suite time. On the double by
// default; SALT=real runs it on real Salt
// (`make bench BENCH=BenchmarkParallelSuite SALT=real`).
// SALTLAB_BENCH_LABS=N runs the parallel side with --parallel N instead
// of the default: on two cores real Salt's default is one lab, so the
// question whether a second real lab pays needs `SALTLAB_BENCH_LABS=2`.
func BenchmarkParallelSuite(b *testing.B) {
	flavor := "sim"
	if os.Getenv("SALT") == "real" {
		flavor = "real"
	}
	parallelSide := saltlabDefaultLabs
	if v := os.Getenv("SALTLAB_BENCH_LABS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			b.Fatalf("SALTLAB_BENCH_LABS=%q: want a number of labs, 1 or more", v)
		}
		parallelSide = saltlabLabs(v)
	}
	bin := saltlabBinary(b)
	if out, err := saltlab(b, bin, "images", "--salt", flavor).CombinedOutput(); err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	var serial, parallel time.Duration
	labs := 0
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		took, _ := timedSuite(b, saltlabCmd, bin, flavor, "serial")
		serial += took
		b.StartTimer() // ns/op is the parallel run's
		took, out := timedSuite(b, parallelSide, bin, flavor, "parallel")
		b.StopTimer()
		parallel += took
		labs = 1
		if m := labsLine.FindStringSubmatch(out); m != nil {
			labs, _ = strconv.Atoi(m[1])
		}
	}
	n := float64(b.N)
	b.ReportMetric(serial.Seconds()/n, "serial-s/op")
	b.ReportMetric(parallel.Seconds()/n, "parallel-s/op")
	b.ReportMetric(parallel.Seconds()/serial.Seconds(), "parallel/serial")
	b.ReportMetric(float64(labs), "labs")
}

// timedSuite runs the failover default selection through command and
// returns its wall time and output; the run must pass.
func timedSuite(b *testing.B, command func(context.Context, string, ...string) *exec.Cmd, bin, flavor, kind string) (time.Duration, string) {
	b.Helper()
	id := runID(b, "bench-"+kind)
	reports := b.TempDir()
	// A serial real selection outlasts runTimeout (about 12 min on a
	// 2-core machine of 2026-12-06): the metered runs' bound.
	bound := runTimeout
	if flavor == "real" {
		bound = cpuRunTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	cmd := command(ctx, bin, "run", "--salt", flavor, "--tags", defaultSelection, "--reports", reports, "--run-id", id)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err != nil {
		b.Fatalf("%s run: %v\n%s", kind, err, out)
	}
	sum, err := report.ReadSummary(filepath.Join(reports, id, report.SummaryFile))
	if err != nil || !sum.Passed {
		b.Fatalf("%s run: want a passed summary, got %+v (%v)\n%s", kind, sum.Counts, err, out)
	}
	return took, string(out)
}
