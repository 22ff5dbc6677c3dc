//go:build docker

package e2e

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkUp measures `saltlab up` wall time, from the process start to
// its exit with the lab healthy, with images already built (the first,
// untimed `saltlab images` builds or finds them). Teardown is not timed.
// Run it with `make bench`.
func BenchmarkUp(b *testing.B) {
	bin := saltlabBinary(b)
	if out, err := saltlab(b, bin, "images", "--salt", "sim").CombinedOutput(); err != nil {
		b.Fatalf("saltlab images: %v\n%s", err, out)
	}
	for _, n := range []int{3, 50} {
		b.Run(fmt.Sprintf("topology=hot/minions=%d", n), func(b *testing.B) {
			var total time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				id := runID(b, fmt.Sprintf("bench%d", n))
				reports := b.TempDir()
				b.StartTimer()
				start := time.Now()
				out, err := saltlab(b, bin, "up", "--topology", "hot", "--salt", "sim", "--minions", fmt.Sprint(n),
					"--reports", reports, "--run-id", id).CombinedOutput()
				elapsed := time.Since(start)
				b.StopTimer()
				if derr := saltlab(b, bin, "down", "--run", id).Run(); derr != nil {
					b.Errorf("saltlab down --run %s: %v", id, derr)
				}
				if err != nil {
					b.Fatalf("saltlab up: %v\n%s", err, out)
				}
				total += elapsed
			}
			b.ReportMetric(total.Seconds()/float64(b.N), "s/up")
		})
	}
}
