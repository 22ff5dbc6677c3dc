//go:build browser

package board

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/testenv"
)

// boardArtefacts is where the screenshots stay for a person to look at:
// the checkout's reports/board-browser-test (ignored by git), or
// SALTLAB_BROWSER_REPORTS.
func boardArtefacts(t *testing.T) string {
	dir := filepath.Join("..", "..", "..", "reports", "board-browser-test")
	if d := os.Getenv("SALTLAB_BROWSER_REPORTS"); d != "" {
		dir = filepath.Join(d, "board-browser-test")
	}
	require.NoError(t, os.RemoveAll(dir))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	return abs
}

// TestBoardLiveInHeadlessChromium opens the board over the recorded
// drill as an instructor's browser does, sees the tasks, the map and the
// learner's commands, then sees a change of the run folder arrive live,
// and starts the next fault with the page's button.
func TestBoardLiveInHeadlessChromium(t *testing.T) {
	chromium := testenv.Tool(t, "chromium", "chromium")
	shots := boardArtefacts(t)
	t.Logf("screenshots kept in %s", shots)
	reports, drills := fixture(t)
	run := filepath.Join(reports, fixtureRun)
	// The drill has a reference run (here, this run kept as one, as a
	// self-test keeps its solution's).
	d, err := spec.Load(drills, "second-fault")
	require.NoError(t, err)
	_, err = debrief.KeepReference(reports, d, run)
	require.NoError(t, err)
	// The drill started four minutes ago, so the timer reads as in class.
	p, err := state.Load(run)
	require.NoError(t, err)
	p.Started = time.Now().Add(-4 * time.Minute)
	raw, _ := json.Marshal(p)
	require.NoError(t, os.WriteFile(filepath.Join(run, state.ProgressName), raw, 0o644))
	b, err := NewServer(&Source{Reports: reports, Drills: drills})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	streams, stop := context.WithCancel(ctx)
	srv := httptest.NewServer(b.Handler(streams))
	defer func() { stop(); srv.Close() }() // the page's stream ends first

	br := startBrowser(t, chromium)
	require.NoError(t, br.open(ctx, srv.URL+"/?token="+b.Token(), 1280, 1000))
	require.NoError(t, br.until(ctx, `document.querySelector('[data-task="master-1-runs"]').dataset.state === 'met'`))
	var seen struct {
		Serves, Master1, Conn, Console string
		Commands                       int
		TokenInHTML                    bool
		Cost, Reference, Total         string
		OpenReference                  bool
	}
	require.NoError(t, br.eval(ctx, `({
		Serves: document.querySelector('[data-task="master-1-serves"]').dataset.state,
		Master1: document.querySelector('[data-master="salt-master-1"]').dataset.state,
		Conn: document.getElementById('conn').dataset.state,
		Console: document.querySelector('.console').dataset.state,
		Commands: document.querySelectorAll('[data-command]').length,
		TokenInHTML: document.documentElement.outerHTML.includes(`+"`"+b.Token()+"`"+`),
		Cost: document.querySelector('[data-cost]').dataset.cost,
		Reference: document.querySelector('[data-reference]').dataset.reference,
		Total: document.querySelector('.cmds').dataset.total,
		OpenReference: !!document.querySelector('[data-open-reference]'),
	})`, &seen))
	assert.Equal(t, "not met", seen.Serves)
	assert.Equal(t, "down", seen.Master1)
	assert.Equal(t, "live", seen.Conn)
	assert.Equal(t, "on", seen.Console)
	assert.Equal(t, 3, seen.Commands)
	assert.False(t, seen.TokenInHTML, "the token stays in the address bar, never in the page")
	assert.Equal(t, "unknown", seen.Cost, "the fixture recorded no bus: its jobs are unknown, never none")
	assert.Equal(t, "sim", seen.Reference)
	assert.True(t, seen.OpenReference)
	assert.Equal(t, "3", seen.Total)
	require.NoError(t, br.screenshot(ctx, filepath.Join(shots, "1-board.png")))

	// The console meets the second task and the learner asks a hint: the
	// run folder changes, the page follows without a reload.
	p, err = state.Load(run)
	require.NoError(t, err)
	p.Hints = append(p.Hints, 1)
	p.Met["master-1-serves"] = time.Now()
	raw, _ = json.Marshal(p)
	require.NoError(t, os.WriteFile(filepath.Join(run, state.ProgressName), raw, 0o644))
	f, err := os.OpenFile(filepath.Join(run, "history.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	at := time.Now().UTC().Format(time.RFC3339Nano)
	_, err = f.WriteString(`{"index":30,"type":"invoke","time":"` + at + `","process":"drill-check","f":"drill master-1-serves: salt test.ping","node":"salt-master-1","target":"salt-minion-1,salt-minion-2"}` + "\n" +
		`{"index":31,"type":"ok","time":"` + at + `","pair":30,"process":"drill-check","f":"drill master-1-serves: salt test.ping","node":"salt-master-1","target":"salt-minion-1,salt-minion-2","value":"salt-master-1 reached salt-minion-1, salt-minion-2"}` + "\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, br.until(ctx, `document.querySelector('[data-task="master-1-serves"]').dataset.state === 'met'
		&& document.querySelector('[data-minion="salt-minion-2"]').dataset.state === 'served'
		&& document.querySelector('[data-hints]').dataset.hints === '2'`))
	var updates string
	require.NoError(t, br.eval(ctx, `document.body.dataset.updates`, &updates))
	assert.NotEqual(t, "1", updates, "the change came as a second event, not a reload")
	require.NoError(t, br.screenshot(ctx, filepath.Join(shots, "2-live-update.png")))

	// The instructor starts the next fault.
	require.NoError(t, br.eval(ctx, `(document.querySelector('[data-next]').click(), true)`, new(bool)))
	require.NoError(t, br.until(ctx, `document.querySelector('[data-msg]').textContent.startsWith('Asked at')`))
	r, err := state.ReadNextFaultRequest(run)
	require.NoError(t, err)
	require.NotNil(t, r, "the button left the request for the console")
	assert.Equal(t, 1, r.Action)
	var disabled bool
	require.NoError(t, br.eval(ctx, `document.querySelector('[data-next]').disabled`, &disabled))
	assert.True(t, disabled, "asked once: the button waits for the console")
	require.NoError(t, br.screenshot(ctx, filepath.Join(shots, "3-next-fault-asked.png")))
	// The reference run's page, as the board's button opens it.
	require.NoError(t, br.open(ctx, srv.URL+"/reference?token="+b.Token()+"&run="+fixtureRun, 1280, 800))
	require.NoError(t, br.until(ctx, `!!document.querySelector('[data-ref-note]')`))
	var note string
	require.NoError(t, br.eval(ctx, `document.querySelector('[data-ref-note]').textContent`, &note))
	assert.Contains(t, note, "The solution's self-test on Salt sim")
	require.NoError(t, br.screenshot(ctx, filepath.Join(shots, "4-reference.png")))
	st, err := os.Stat(filepath.Join(shots, "4-reference.png"))
	require.NoError(t, err)
	assert.Greater(t, st.Size(), int64(5_000), "the reference page is drawn")
	for _, s := range []string{"1-board.png", "2-live-update.png", "3-next-fault-asked.png"} {
		st, err := os.Stat(filepath.Join(shots, s))
		require.NoError(t, err)
		assert.Greater(t, st.Size(), int64(20_000), "%s: a blank page compresses to a few kB", s)
	}
}
