//go:build browser

package report

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// browserRuns is where this test keeps its run folders, screenshots
// included, for a person to look at: the checkout's reports/ (ignored by
// git), or SALTLAB_BROWSER_REPORTS.
func browserRuns(t *testing.T) string {
	if d := os.Getenv("SALTLAB_BROWSER_REPORTS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "reports")
}

// TestReportRendersInHeadlessChromium renders report.html as a person's
// browser does and checks what they would see: the flavour banner, the
// summary, a timeline per scenario with a fault window, and the verdicts;
// a second run has a 50-minion, 10-minute scenario. The screenshots stay
// in the run folders (report.png).
func TestReportRendersInHeadlessChromium(t *testing.T) {
	chromium := needTool(t, "chromium", "chromium")
	for _, big := range []bool{false, true} {
		dir, sum := writeFixtureRun(t, true)
		name := "report-browser-test"
		if big {
			name += "-50-minions"
			h, ws := bigHistory(scPass)
			writeHistory(t, filepath.Join(dir, history.FileName), h)
			w := ws[0]
			ledger := fmt.Sprintf(`{"event":"inject","at":%q,"id":1,"kind":"stop","target":%q,"scenario":%q}`+"\n"+
				`{"event":"undone","at":%q,"id":1,"kind":"stop","target":%q,"scenario":%q}`+"\n",
				w.Start.Format(time.RFC3339Nano), w.Target, scPass, w.End.Format(time.RFC3339Nano), w.Target, scPass)
			require.NoError(t, os.WriteFile(filepath.Join(dir, LedgerFile), []byte(ledger), 0o644))
		}
		page := renderInChromium(t, chromium, dir, sum, name, 1600)
		for _, want := range []string{
			`id="flavour"`, "Salt flavour: sim", "NOT from real Salt",
			`<svg xmlns="http://www.w3.org/2000/svg" class="timeline"`, `class="fault"`, "stop salt-master-1",
			"failover-time: valid", "failover-time: invalid", "exactly-once: unknown",
		} {
			assert.True(t, strings.Contains(page, want), "the rendered page shows %q", want)
		}
		want := "#15 10:00:27.000 salt-minion-2 invoke salt-call test.ping"
		if big {
			want = "salt-minion-1 … salt-minion-50 (48 alike)"
		}
		assert.True(t, strings.Contains(page, want), "the rendered page shows %q", want)
	}
}

// TestComparisonRendersInHeadlessChromium: a drill's lane beside its
// reference run (comparison.json) renders in a browser under its
// scenario's timeline: the notes, one picture with every lane on one
// axis from the incident's start, and each lane's marks in words. The
// screenshot stays in the run folder (report.png).
func TestComparisonRendersInHeadlessChromium(t *testing.T) {
	chromium := needTool(t, "chromium", "chromium")
	dir, sum := writeFixtureRun(t, true)
	writeComparison(t, dir, fixtureComparison())
	page := renderInChromium(t, chromium, dir, sum, "report-browser-test-comparison", 2000)
	section := page[strings.Index(page, `<div class="comparison" id="s1-comparison">`):]
	section = section[:strings.Index(section, "</div>")]
	for _, want := range []string{
		"<h3>Your run beside the reference run of the solution</h3>",
		"Reference: the solution's self-test on Salt sim 3006.9, 2026-12-06",
		`aria-label="timeline: Your run beside the reference run of the solution"`,
		">you: commands<", ">you: tasks met<", ">reference: the solution<", ">reference: tasks met<",
		"+40.0s saltlab drill boot salt-master-1 (ok)", "+10.0s salt-master-1 reaches every minion (ok)",
	} {
		assert.True(t, strings.Contains(section, want), "the rendered comparison shows %q", want)
	}
}

// renderInChromium moves the run folder dir to name under browserRuns,
// writes its reports from sum, screenshots report.html in headless
// Chromium (a window height px tall; the screenshot stays there as
// report.png) and returns the page's DOM as Chromium rendered it.
func renderInChromium(t *testing.T, chromium, dir string, sum Summary, name string, height int) string {
	t.Helper()
	keep := filepath.Join(browserRuns(t), name)
	require.NoError(t, os.RemoveAll(keep))
	require.NoError(t, os.MkdirAll(filepath.Dir(keep), 0o755))
	require.NoError(t, os.Rename(dir, keep))
	_, _, err := WriteAll(keep, sum)
	require.NoError(t, err)
	abs, err := filepath.Abs(keep)
	require.NoError(t, err)
	url := "file://" + filepath.Join(abs, HTMLFile)
	shot := filepath.Join(abs, "report.png")

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", fmt.Sprintf("--window-size=1280,%d", height)}
	out, err := exec.CommandContext(ctx, chromium, append(flags, "--screenshot="+shot, url)...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	st, err := os.Stat(shot)
	require.NoError(t, err, "chromium wrote no screenshot:\n%s", out)
	assert.Greater(t, st.Size(), int64(20_000), "a blank page compresses to a few kB")
	dom, err := exec.CommandContext(ctx, chromium, append(flags, "--dump-dom", url)...).Output()
	require.NoError(t, err)
	t.Logf("screenshot kept: %s", shot)
	return string(dom)
}
