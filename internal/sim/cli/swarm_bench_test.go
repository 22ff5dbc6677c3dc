package cli

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/require"
)

// swarmBenchSize is the swarm the figures in docs/sim-fidelity.md describe.
const swarmBenchSize = 100

// idleWindow is how long the idle CPU cost of the connected swarm is
// sampled: a measurement period, not a synchronisation wait.
const idleWindow = 3 * time.Second

// BenchmarkSwarm100 measures 100 idle sim minions in swarm mode against one
// in-process master: heap and RSS after connecting, CPU while idle, and the
// time of one `salt '*' test.ping` round across all of them (ns/op).
//
//	go test -run '^$' -bench Swarm100 -benchtime 10x ./internal/sim/cli
func BenchmarkSwarm100(b *testing.B) {
	l := newSwarmLab(b)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	rssBefore := rssKiB(b)
	l.startSwarm(b, swarmBenchSize, "", saltlog.New("salt.minion", &simtest.Buffer{}, saltlog.Warning))

	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	heap := float64(after.HeapInuse-before.HeapInuse) / swarmBenchSize / 1024
	rss := float64(rssKiB(b)-rssBefore) / swarmBenchSize

	cpu0, wall0 := cpuTime(b), time.Now()
	time.Sleep(idleWindow) // measurement window, see idleWindow
	idle := 100 * float64(cpuTime(b)-cpu0) / float64(time.Since(wall0))

	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := run(b, l.r, "", "salt", "-c", l.conf, "--out=json", "--out-indent=-1", "-t", "10", "*", "test.ping")
		if res.code != 0 || strings.Count(res.stdout, "true}") != swarmBenchSize {
			b.Fatalf("test.ping round %d: exit %d, %d returns\n%s", i, res.code, strings.Count(res.stdout, "\n"), res.stderr)
		}
	}
	b.StopTimer()
	// reported after the loop: ResetTimer discards earlier ReportMetric values
	b.ReportMetric(heap, "heapKiB/minion")
	b.ReportMetric(rss, "rssKiB/minion")
	b.ReportMetric(idle, "idleCPU%")
}

// rssKiB reads VmRSS of this process.
func rssKiB(tb testing.TB) int64 {
	tb.Helper()
	f, err := os.Open("/proc/self/status")
	require.NoError(tb, err)
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmRSS:"); ok {
			n, err := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
			require.NoError(tb, err)
			return n
		}
	}
	tb.Fatal("VmRSS not found in /proc/self/status")
	return 0
}

// cpuTime is user+system CPU time consumed by this process.
func cpuTime(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	require.NoError(tb, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
