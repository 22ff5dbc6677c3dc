//go:build docker

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/testenv/cpuacct"
)

// EnvCPUBaseline names a saltlab binary built from an earlier commit,
// which BenchmarkSelectionCPU pairs with the checkout's.
const EnvCPUBaseline = "SALTLAB_BENCH_BASELINE"

// EnvCPUReports names a folder where BenchmarkSelectionCPU keeps each
// run's reports (history, summary), to count what a run started and to
// hold two runs side by side with `saltlab compare`; by default they go
// to a temporary folder removed when the benchmark ends.
const EnvCPUReports = "SALTLAB_BENCH_REPORTS"

// cpuRunTimeout bounds one metered run: a serial real selection takes
// about 8 minutes on two cores, more on a busy one, and a run cut short
// measures nothing.
const cpuRunTimeout = 30 * time.Minute

// BenchmarkSelectionCPU measures what the failover default selection (not
// @slow) costs in CPU-seconds on one lab: every container of the run by
// its cgroup's account (restarts included) and the engine's dockerd and
// containerd, from process start to exit. With SALTLAB_BENCH_BASELINE set
// to another saltlab binary it runs that one first in each op, on the
// same engine, and reports the ratio (checkout/baseline); both runs must
// pass. The engine's figure is the run's only on an otherwise idle engine.
// SALTLAB_BENCH_REPORTS keeps the runs' reports.
// On the double by default; SALT=real runs it on real Salt
// (`make bench BENCH=BenchmarkSelectionCPU SALT=real`).
func BenchmarkSelectionCPU(b *testing.B) {
	flavor := "sim"
	if os.Getenv("SALT") == "real" {
		flavor = "real"
	}
	bin := saltlabBinary(b)
	baseline := os.Getenv(EnvCPUBaseline)
	if out, err := saltlab(b, bin, "images", "--salt", flavor).CombinedOutput(); err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	var base, now cpuacct.Report
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if baseline != "" {
			rep := meteredSuite(b, baseline, flavor, "cpu-baseline")
			b.Logf("baseline %s: %s", baseline, rep)
			base = add(base, rep)
		}
		b.StartTimer()
		rep := meteredSuite(b, bin, flavor, "cpu")
		b.StopTimer()
		b.Logf("checkout: %s", rep)
		now = add(now, rep)
	}
	n := float64(b.N)
	b.ReportMetric(now.Containers().Seconds()/n, "containers-cpu-s/op")
	b.ReportMetric(now.Engine.Seconds()/n, "engine-cpu-s/op")
	if baseline != "" {
		b.ReportMetric(base.Containers().Seconds()/n, "baseline-containers-cpu-s/op")
		b.ReportMetric(base.Engine.Seconds()/n, "baseline-engine-cpu-s/op")
		b.ReportMetric((now.Containers()+now.Engine).Seconds()/(base.Containers()+base.Engine).Seconds(), "cpu/baseline")
	}
}

// meteredSuite runs the failover default selection with bin on one lab
// and returns what it cost; the run must pass.
func meteredSuite(b *testing.B, bin, flavor, kind string) cpuacct.Report {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), cpuRunTimeout)
	defer cancel()
	cli, err := dockerx.New(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer cli.Close()
	id := runID(b, "bench-"+kind)
	reports := os.Getenv(EnvCPUReports)
	if reports == "" {
		reports = b.TempDir()
	}
	meter, err := cpuacct.New(cli, id)
	if err != nil {
		b.Fatal(err)
	}
	var out []byte
	rep, err := meter.Measure(ctx, func() error {
		cmd := saltlabCmd(ctx, bin, "run", "--salt", flavor, "--tags", defaultSelection, "--reports", reports, "--run-id", id)
		out, err = cmd.CombinedOutput()
		return err
	})
	if err != nil {
		// What a failed run cost is still a figure worth reading.
		b.Fatalf("%s run: %v (it cost %s)\n%s", kind, err, rep, out)
	}
	sum, err := report.ReadSummary(filepath.Join(reports, id, report.SummaryFile))
	if err != nil || !sum.Passed {
		b.Fatalf("%s run %s: want a passed summary, got %+v (%v; it cost %s)\n%s", kind, id, sum.Counts, err, rep, out)
	}
	b.Logf("%s run %s passed: reports in %s", kind, id, filepath.Join(reports, id))
	return rep
}

func add(a, b cpuacct.Report) cpuacct.Report {
	sum := cpuacct.Report{Services: map[string]time.Duration{}, Engine: a.Engine + b.Engine, Wall: a.Wall + b.Wall}
	for _, r := range []cpuacct.Report{a, b} {
		for s, d := range r.Services {
			sum.Services[s] += d
		}
	}
	return sum
}
