package report

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// t0 is the fixture run's start; every fixture time is an offset from it.
var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

const (
	scPass = "Stopping master-1 moves salt-call to master-2"
	scFail = "Stopping the wrong master"
	scSkip = "Partition needs NET_ADMIN"
)

// fixtureGodog is godog's JUnit for a run with a passing, a failing and a
// skipped scenario (and the statuses godog gets wrong).
const fixtureGodog = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="saltlab" tests="3" skipped="0" failures="1" errors="0" time="40">
  <testsuite name="Failover" tests="3" skipped="0" failures="1" errors="0" time="40">
    <testcase name="` + scPass + `" status="passed" time="22.5"></testcase>
    <testcase name="` + scFail + `" status="passed" time="17.2">
      <failure message="Step every minion answers through &#34;salt-master-2&#34;: expected every minion's salt-call test.ping to be served by salt-master-2 within its failover bound, measured from salt-master-1 stopped; observed:&#xA;  salt-minion-2: not within 16s (bound: 2s DNS + 1 x 5s auth + 8s slack); 20 attempt(s); last observed: served by salt-master-1"></failure>
      <error message="Step the lab is healed" type="skipped"></error>
    </testcase>
    <testcase name="` + scSkip + `" status="" time="0">
      <error message="Step the engine grants NET_ADMIN" type="skipped"></error>
    </testcase>
  </testsuite>
</testsuites>`

func fixtureRun() Run {
	return Run{ID: "r1", Topology: "failover", Project: "saltlab-failover-r1", Host: "ci-7", Engine: "20.10.24",
		Flavor:  Flavor{Name: "sim", Version: "salt-call 3006.9 (saltlab sim 0.1.0)"},
		Started: t0, Duration: 41 * time.Second, BringUp: 9 * time.Second}
}

func fixtureMeasurements() *Measurements {
	ms := &Measurements{}
	for i, obs := range []time.Duration{3200 * time.Millisecond, 4100 * time.Millisecond} {
		ms.Add(Measurement{Scenario: scPass, Name: "salt-call test.ping failover to salt-master-2", Subject: fmt.Sprintf("salt-minion-%d", i+1),
			Observed: obs, Bound: 16 * time.Second, BoundExplain: "2s DNS + 1 x 5s auth + 8s slack", Met: true})
	}
	ms.Add(Measurement{Scenario: scFail, Name: "salt-call test.ping failover to salt-master-2", Subject: "salt-minion-2",
		Bound: 16 * time.Second, BoundExplain: "2s DNS + 1 x 5s auth + 8s slack", Met: false})
	return ms
}

// writeFixtureRun writes a run folder reports/r1 with godog's JUnit and,
// when full, a history, verdicts and a ledger; it returns the folder and
// the summary the runner would pass to WriteAll.
func writeFixtureRun(t *testing.T, full bool) (string, Summary) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "reports", "r1")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "godog-junit.xml"), []byte(fixtureGodog), 0o644))
	s, err := ReadJUnit(filepath.Join(dir, "godog-junit.xml"))
	require.NoError(t, err)
	sum := Summarize(fixtureRun(), s, fixtureMeasurements(), nil)
	if !full {
		return dir, sum
	}
	writeLedger(t, dir)
	writeHistory(t, filepath.Join(dir, history.FileName), fixtureHistory())
	judged := func(sc, name string, v checker.Verdict, expected, observed string, ev ...int64) checker.Judged {
		return checker.Judged{Check: checker.Check{Name: name, Scenario: sc}, Result: checker.Result{Verdict: v, Expected: expected, Observed: observed, Evidence: ev}}
	}
	// The invalid verdict carries a diagnosis, as checker.Explain gives
	// one, so the goldens show where cause and fix are rendered.
	diagnosed := judged(scFail, "failover-time", checker.Invalid, "every minion served by salt-master-2 within 16s", "salt-minion-2 still answered via salt-master-1 at +14.0s", 15, 17)
	diagnosed.Result.Cause = "setting master: salt-minion-2: master = [salt-master-1, salt-master-2], master_type = failover: these entries name the masters by Docker DNS container name"
	diagnosed.Result.Fix = "list the masters' IP addresses in the minions' master setting"
	diagnosed.Result.CauseEvidence = []int64{1}
	require.NoError(t, checker.Write(dir, history.FileName, []checker.Judged{
		judged(scPass, "failover-time", checker.Valid, "every minion served by salt-master-2 within 16s", "all within 16s", 6, 8),
		diagnosed,
		judged(scFail, "exactly-once", checker.Unknown, "each job ran once per minion", "no job return events were recorded"),
	}))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, LogsDir), 0o755))
	for _, svc := range []string{"salt-master-1", "salt-master-2"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, LogsDir, svc+".log"), []byte("log of "+svc+"\n"), 0o644))
	}
	// Salt's own log file of a master, as the runner copies it out.
	require.NoError(t, os.MkdirAll(filepath.Join(dir, LogsDir, "salt-master-1"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, LogsDir, "salt-master-1", "salt-master.log"), []byte("[WARNING ] master log\n"), 0o644))
	return dir, sum
}

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

func writeLedger(t *testing.T, dir string) {
	t.Helper()
	lines := []string{
		fmt.Sprintf(`{"event":"inject","at":%q,"id":1,"kind":"stop","target":"salt-master-1","scenario":%q}`, at(2).Format(time.RFC3339Nano), scPass),
		fmt.Sprintf(`{"event":"undone","at":%q,"id":1,"kind":"stop","target":"salt-master-1","scenario":%q}`, at(12).Format(time.RFC3339Nano), scPass),
		fmt.Sprintf(`{"event":"inject","at":%q,"id":2,"kind":"stop","target":"salt-master-2","scenario":%q}`, at(25).Format(time.RFC3339Nano), scFail),
		fmt.Sprintf(`{"event":"undone","at":%q,"id":2,"kind":"stop","target":"salt-master-2","scenario":%q}`, at(41).Format(time.RFC3339Nano), scFail),
	}
	var b []byte
	for _, l := range lines {
		b = append(b, l+"\n"...)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, LedgerFile), b, 0o644))
}

func writeHistory(t testing.TB, path string, h []history.Entry) {
	t.Helper()
	r, err := history.Create(path)
	require.NoError(t, err)
	for _, e := range h {
		_, err := r.Append(e)
		require.NoError(t, err)
	}
	require.NoError(t, r.Close())
}

// fixtureHistory is a hand-written history: the passing scenario's two
// minions fail over to master-2; in the failing one minion-2 keeps being
// served by master-1 and one call never completes.
func fixtureHistory() []history.Entry {
	ok, fail, info := history.OK, history.Fail, history.Info
	op := func(sc string, inv float64, p string, typ history.Type, done float64, via, errs string, pair int64) []history.Entry {
		return []history.Entry{
			{Type: history.Invoke, Time: at(inv), Scenario: sc, Process: p, Node: p, F: "salt-call test.ping"},
			{Type: typ, Time: at(done), Scenario: sc, Process: p, Node: p, F: "salt-call test.ping", Via: via, Error: errs, Pair: pair},
		}
	}
	var h []history.Entry
	add := func(es ...history.Entry) { h = append(h, es...) }
	add(op(scPass, 0.5, "salt-minion-1", ok, 0.9, "salt-master-1", "", 0)...)                                                                           // 0,1
	add(history.Entry{Type: history.Fault, Time: at(2), Scenario: scPass, FaultID: "1", Kind: "stop", Target: "salt-master-1", Phase: "start"})         // 2
	add(op(scPass, 2.5, "salt-minion-1", info, 4.5, "", "timed out after 2s", 3)...)                                                                    // 3,4
	add(history.Entry{Type: history.Event, Time: at(5), Scenario: scPass, Master: "salt-master-2", Tag: "salt/auth"})                                   // 5
	add(op(scPass, 4.6, "salt-minion-1", ok, 5.2, "salt-master-2", "", 6)...)                                                                           // 6,7
	add(op(scPass, 5.0, "salt-minion-2", ok, 6.1, "salt-master-2", "", 8)...)                                                                           // 8,9
	add(history.Entry{Type: history.Fault, Time: at(12), Scenario: scPass, FaultID: "1", Kind: "stop", Target: "salt-master-1", Phase: "end"})          // 10
	add(history.Entry{Type: history.Event, Time: at(13), Scenario: scPass, Master: "salt-master-1", Tag: "salt/minion/salt-minion-1/start"})            // 11
	add(op(scFail, 25.5, "salt-minion-1", ok, 26.5, "salt-master-1", "", 12)...)                                                                        // 12,13
	add(history.Entry{Type: history.Fault, Time: at(25), Scenario: scFail, FaultID: "2", Kind: "stop", Target: "salt-master-2", Phase: "start"})        // 14
	add(op(scFail, 27, "salt-minion-2", fail, 28, "salt-master-1", "served by salt-master-1", 15)...)                                                   // 15,16
	add(history.Entry{Type: history.Invoke, Time: at(39), Scenario: scFail, Process: "salt-minion-2", Node: "salt-minion-2", F: "salt-call test.ping"}) // 17
	add(history.Entry{Type: history.Fault, Time: at(41), Scenario: scFail, FaultID: "2", Kind: "stop", Target: "salt-master-2", Phase: "end"})          // 18
	return h
}
