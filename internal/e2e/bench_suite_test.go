//go:build docker

package e2e

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/matrix"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// benchTopologies are the built-in topologies BenchmarkSuite times.
var benchTopologies = []string{"failover", "failover-dns", "failover-pki", "hot", "syndic", "ai-infra-matrix"}

// defaultSelection is what `make lab` runs by default.
const defaultSelection = "not @slow"

// BenchmarkSuite measures the wall time of `saltlab run` on the Salt
// double per built-in topology with the default selection (not @slow),
// images cached (the first, untimed `saltlab images` builds or finds
// them): bring-up, every selected scenario, reports and teardown, as
// `make lab` spends it. It reports scenarios/op, failed/op and s/scenario
// besides ns/op. On a sound topology a run that fails fails the benchmark:
// a time for a red suite would be no suite time. On a known-bad topology (matrix.KnownBad) the
// run must end with every scenario judged and at least one failed (exit 1,
// no undefined or interrupted step), so its time is the time of the whole
// diagnosed suite. One topology: -bench 'BenchmarkSuite/hot'.
func BenchmarkSuite(b *testing.B) {
	bin := saltlabBinary(b)
	if out, err := saltlab(b, bin, "images", "--salt", "sim").CombinedOutput(); err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	for _, topo := range benchTopologies {
		b.Run(topo, func(b *testing.B) {
			var total time.Duration
			scenarios, failed := 0, 0
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				id := runID(b, "bench-"+topo)
				reports := b.TempDir()
				b.StartTimer()
				start := time.Now()
				out, err := saltlab(b, bin, "run", "--topology", topo, "--salt", "sim", "--tags", defaultSelection,
					"--reports", reports, "--run-id", id).CombinedOutput()
				total += time.Since(start)
				b.StopTimer()
				sum, rerr := report.ReadSummary(filepath.Join(reports, id, report.SummaryFile))
				if rerr != nil {
					b.Fatalf("read the run's summary: %v (run: %v)\n%s", rerr, err, out)
				}
				bad, isBad := matrix.KnownBad(topo, matrix.ReleaseOf(matrix.RecordOf(id, sum)))
				if err != nil && !isBad {
					b.Fatalf("saltlab run --topology %s: %v\n%s", topo, err, out)
				}
				if isBad && (sum.Counts.Failed == 0 || sum.Counts.Errors > 0 || sum.Error != "") {
					b.Fatalf("topology %s (known bad: %s): want every scenario judged and at least one failed, got %+v (run: %v)\n%s",
						topo, bad, sum.Counts, err, out)
				}
				scenarios += len(sum.Scenarios)
				failed += sum.Counts.Failed
			}
			if scenarios == 0 {
				b.Fatalf("topology %s: the default selection ran no scenario", topo)
			}
			b.ReportMetric(float64(scenarios)/float64(b.N), "scenarios/op")
			b.ReportMetric(float64(failed)/float64(b.N), "failed/op")
			b.ReportMetric(total.Seconds()/float64(scenarios), "s/scenario")
		})
	}
}
