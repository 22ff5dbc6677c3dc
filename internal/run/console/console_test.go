package console

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// recorded feeds the recorded run testdata/run.jsonl into c as the run
// feeds a console: godog's events through the formatter's writer, the
// steps' notes through their methods, the runner's lines through the
// story and plumbing writers (a part of a line at a time, as godog's
// writer does); then the run's summary. The run folder, dir, appears
// after a few lines, as a run's does once its lab is up: console.log is
// attached then.
func recorded(t *testing.T, c *Console, dir string) {
	t.Helper()
	f, err := os.Open("testdata/run.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for i := 0; sc.Scan(); i++ {
		if i == 5 {
			require.NoError(t, c.Attach(dir))
		}
		var ev Event
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev), sc.Text())
		l := c.Lab(ev.Lab)
		switch ev.Kind {
		case Scenario, Step, End, Suite:
			b := encode(Event{Kind: ev.Kind, Text: ev.Text, Status: ev.Status, Where: ev.Where, Error: ev.Error})
			for len(b) > 0 { // godog's colour filter writes a rune at a time
				n := min(7, len(b))
				_, _ = l.Events().Write(b[:n])
				b = b[n:]
			}
		case Wait:
			l.Wait(ev.Text)
		case Fault:
			l.Fault(ev.Text)
		case Heal:
			l.Heal(ev.Text)
		case Verdict:
			l.Verdict(ev.Text)
		case Warning:
			l.Warn(ev.Text)
		case Detail:
			l.Detail(ev.Text)
		case Line:
			fmt.Fprintln(l, ev.Text)
		case Plumbing:
			fmt.Fprintln(l.Plumbing(), ev.Text)
		default:
			t.Fatalf("unknown kind %q", ev.Kind)
		}
	}
	require.NoError(t, sc.Err())
	c.Summary(recordedSummary(), "reports/20261206-061613-684165")
}

// recordedSummary is the summary of the recorded run's reports.
func recordedSummary() report.Summary {
	return report.Summary{
		Note:   report.Flavor{Name: "sim", Version: "saltlab sim 0.1.0"}.Disclaimer(),
		Counts: report.Counts{Total: 3, Passed: 1, Failed: 2},
		Scenarios: []report.ScenarioResult{
			{Name: "Stopping master-1 moves salt-call and the minion daemons to master-2", Status: report.StatusPassed, Lab: "lab1",
				Verdicts: []report.Verdict{{Checker: "failover-time", Verdict: checker.Valid}}},
			{Name: "A minion whose key was rejected cannot sign in (master=salt-master-1)", Status: report.StatusFailed, Lab: "lab2",
				Message:  "Step Then \"salt-minion-1\" does not sign in to \"salt-master-1\": start-event: unknown: salt-minion-1: the event stream of salt-master-1 was not recorded while the minion signed in\nexpected no start event",
				Verdicts: []report.Verdict{{Checker: "start-event", Verdict: checker.Unknown, Explanation: "salt-minion-1: the event stream of salt-master-1 was not recorded"}}},
			{Name: "Master-1 stops and the daemons move within the alive-check bound (master_alive_interval=2)", Status: report.StatusFailed, Lab: "lab1",
				Message: "Step Then within the alive-check bound \"salt-master-2\" reaches every minion with \"test.ping\": failover-time: invalid\nexpected ...",
				Verdicts: []report.Verdict{{Checker: "failover-time", Verdict: checker.Invalid, Explanation: "salt-minion-1: never served by salt-master-2",
					Cause: "salt-minion-1 lists only salt-master-1 in master", Fix: "list every master in the minion's master option"}}},
		},
	}
}

// clock is a run's clock that moves on half a second each time it is read.
func clock() func() time.Time {
	at := time.Date(2026, 12, 6, 6, 16, 13, 0, time.UTC)
	return func() time.Time {
		at = at.Add(500 * time.Millisecond)
		return at
	}
}

// The console a person watches, rendered from a recorded run: by default
// (the story only), with -v (the plumbing too), on a narrow terminal
// (wrapped under the label column, long events cut), and the console.log
// the run folder keeps (every line whole, the plumbing included, whatever
// was printed).
func TestRecordedRunGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		opts   Options
	}{
		{"default.golden", Options{Width: 100}},
		{"verbose.golden", Options{Width: 100, Verbose: true}},
		{"narrow.golden", Options{Width: 60}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			var term bytes.Buffer
			tc.opts.Now = clock()
			c := New(&term, tc.opts)
			dir := t.TempDir()
			recorded(t, c, dir)
			require.NoError(t, c.Close())
			golden(t, tc.golden, term.String())
			log, err := os.ReadFile(filepath.Join(dir, LogName))
			require.NoError(t, err)
			golden(t, "console.log.golden", string(log))
			for _, l := range strings.Split(strings.TrimSuffix(term.String(), "\n"), "\n") {
				assert.LessOrEqual(t, runes(l), tc.opts.Width, "a line wider than the terminal: %q", l)
			}
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to write it")
	assert.Equal(t, string(want), got, "%s (go test -update rewrites it)", path)
}
