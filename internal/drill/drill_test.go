package drill

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/prepare"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestParseLearnerLines(t *testing.T) {
	text := "1765000000.250000000\t0\tps -eo pid,stat,comm\n" +
		"garbage\n" +
		"1765000003.5\t1\tsalt-key -L\twith a tab\n" +
		"1765000004\t300\tbad exit\n" +
		"1765000005\t0\t   \n"
	lines, n := parseLearnerLines(text, "salt-master-1")
	assert.Equal(t, 5, n, "every line read is counted, kept or not")
	require.Len(t, lines, 2)
	assert.Equal(t, "ps -eo pid,stat,comm", lines[0].Line)
	assert.Equal(t, 0, lines[0].Exit)
	assert.Equal(t, time.Unix(1765000000, 250000000).UTC(), lines[0].At)
	assert.Equal(t, "salt-key -L\twith a tab", lines[1].Line)
	assert.Equal(t, 1, lines[1].Exit)
	assert.Equal(t, "salt-master-1", lines[1].Service)
}

func FuzzParseLearnerLines(f *testing.F) {
	f.Add("1765000000.25\t0\tls\n")
	f.Add("\t\t\n1e300\t0\tx\n")
	f.Fuzz(func(t *testing.T, text string) {
		lines, n := parseLearnerLines(text, "s")
		if len(lines) > n {
			t.Fatalf("%d lines kept of %d read", len(lines), n)
		}
		for _, l := range lines {
			if l.Line == "" || l.Exit < 0 || l.Exit > 255 {
				t.Fatalf("kept a bad line %+v", l)
			}
		}
	})
}

// TestPrepareRefusesWhatTheDrillDoesNotHoldFor: a flavour or a Salt line
// the drill is not written for is a usage error before any Docker work.
func TestPrepareRefusesWhatTheDrillDoesNotHoldFor(t *testing.T) {
	root := testenv.RepoRoot(t)
	o := StartOptions{Options: Options{Drills: filepath.Join(root, "drills"), Root: root}, Name: "master-frozen"}
	_, fl, err := Prepare(o)
	require.NoError(t, err)
	assert.Equal(t, "sim", fl, "the drill's first flavour")
	o.Flavor, o.SaltVersion = "real", "3009"
	_, _, err = Prepare(o)
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "holds for Salt 3006, 3007, 3008, not --salt-version 3009")
	o.SaltVersion = "3007.16"
	_, _, err = Prepare(o)
	assert.NoError(t, err)
}

// TestStopWithoutLab: a drill whose lab is gone ends with every task
// unknown (never met) and its debrief written, so it no longer counts as
// in flight.
func TestStopWithoutLab(t *testing.T) {
	root := testenv.RepoRoot(t)
	reports := t.TempDir()
	id := "drill-master-frozen-abcdef"
	dir := filepath.Join(reports, id)
	_, err := owned.Claim(dir, 0o755)
	require.NoError(t, err)
	require.NoError(t, runstate.Save(dir, runstate.State{RunID: id}))
	require.NoError(t, (&state.Progress{Drill: "master-frozen", RunID: id, Started: time.Now()}).Save(dir))
	require.Equal(t, []string{id}, prepare.LiveDrills(reports))

	var out strings.Builder
	db, err := StopWithoutLab(Options{Drills: filepath.Join(root, "drills"), Reports: reports}, id, assert.AnError, &out)
	require.NoError(t, err)
	assert.Equal(t, "unknown", db.Outcome)
	assert.Empty(t, prepare.LiveDrills(reports))
	assert.FileExists(t, filepath.Join(dir, debrief.DebriefJSONName))
	assert.Contains(t, out.String(), "the drill's lab is gone")
}
