package debrief

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/owned"
)

// solvedRun writes a run folder whose solution booted salt-master-1 and
// met both tasks, on flavour and release, started at start.
func solvedRun(t *testing.T, flavor, release string, start time.Time) string {
	dir := filepath.Join(t.TempDir(), "run")
	_, err := owned.Claim(dir, 0o755)
	require.NoError(t, err)
	p := &state.Progress{Drill: "master-frozen", RunID: "drill-master-frozen-000001", Flavor: flavor, Release: release, Started: start, Mode: state.Solution,
		Met: map[string]time.Time{"master-1-runs": start.Add(9 * time.Second), "master-1-serves": start.Add(10 * time.Second)}}
	require.NoError(t, p.Save(dir))
	rec, err := history.Create(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	inv, _ := rec.Append(history.Entry{Type: history.Invoke, Time: start.Add(time.Second), Process: state.Solution, F: "boot salt-master-1", Node: "salt-master-1"})
	_, _ = rec.Append(history.Entry{Type: history.OK, Time: start.Add(2 * time.Second), Pair: inv.Index, Process: state.Solution, F: "boot salt-master-1", Node: "salt-master-1"})
	require.NoError(t, rec.Close())
	return dir
}

// TestTheSelfTestKeepsItsRunAsTheReference: a solved self-test's run is
// kept per flavour and release (the newest wins), and a learner's run
// is drawn beside the reference of its own flavour and release first,
// else of its flavour, else any; labelled with flavour, release and date.
func TestTheSelfTestKeepsItsRunAsTheReference(t *testing.T) {
	d := testDrill(t, "master-frozen")
	reports := t.TempDir()
	day := time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)
	learner := &state.Progress{Flavor: "real", Release: "3008.4", Started: day.Add(time.Hour), Mode: state.Learner}

	ref, err := FindReference(reports, d, learner)
	require.NoError(t, err)
	assert.Nil(t, ref, "none kept yet")
	mine := (&rec{}).op(state.Learner, "boot salt-master-1", time.Hour+40*time.Second, time.Hour+41*time.Second).op(state.Checker, "drill x: ps", time.Hour, time.Hour)
	learner.Met = map[string]time.Time{"master-1-runs": day.Add(time.Hour + 50*time.Second)}
	c := Compare(d, learner, Debrief{Cost: Cost{Until: "stop"}}, mine.h, nil, nil)
	assert.Equal(t, "Your run beside the reference run of the solution", c.Title)
	assert.Equal(t, "you: commands", c.Lanes[0].Label)
	require.Len(t, c.Lanes[0].Marks, 1, "the learner's lane, not the probes'")
	assert.Equal(t, 40*time.Second, c.Lanes[0].Marks[0].At, "from the incident's start")
	require.Len(t, c.Lanes[1].Marks, 1)
	assert.Equal(t, 50*time.Second, c.Lanes[1].Marks[0].At)
	require.Len(t, c.Notes, 2)
	assert.Contains(t, c.Notes[0], "While the incident lasted (the incident's first 0s, until stop): Salt jobs unknown")
	assert.Contains(t, c.Notes[1], "`saltlab drill test master-frozen` (its self-test) makes one")
	assert.Len(t, c.Lanes, 2, "the learner's lanes only")

	sim, err := KeepReference(reports, d, solvedRun(t, "sim", "3006.9 (saltlab sim 0.1.0)", day))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(reports, "drills", "master-frozen", "reference", "sim-3006.9"), sim)
	ref, err = FindReference(reports, d, learner)
	require.NoError(t, err)
	require.NotNil(t, ref)
	assert.Equal(t, sim, ref.Dir, "another flavour's, when there is no other")

	_, err = KeepReference(reports, d, solvedRun(t, "real", "3007.16", day.Add(time.Minute)))
	require.NoError(t, err)
	real8, err := KeepReference(reports, d, solvedRun(t, "real", "3008.4", day))
	require.NoError(t, err)
	_, err = KeepReference(reports, d, solvedRun(t, "real", "3008.4", day.Add(2*time.Minute)))
	require.NoError(t, err, "the newest of a flavour and release replaces the older")
	ref, err = FindReference(reports, d, learner)
	require.NoError(t, err)
	assert.Equal(t, real8, ref.Dir, "the learner's own flavour and release first")
	assert.Equal(t, day.Add(2*time.Minute), ref.Progress.Started.UTC(), "the newest")
	assert.Len(t, ref.History, 2)

	s := ref.Summary(d)
	assert.Equal(t, "2026-12-06", s.Date)
	require.NotNil(t, s.Solved)
	assert.Equal(t, 10*time.Second, *s.Solved)
	c = Compare(d, learner, Debrief{}, nil, ref, nil)
	require.Len(t, c.Lanes, 4)
	assert.Equal(t, "reference (real 3008.4, 2026-12-06): solution", c.Lanes[2].Label)
	require.Len(t, c.Lanes[2].Marks, 1)
	assert.Equal(t, "salt-master-1: boot salt-master-1", c.Lanes[2].Marks[0].Title)
	assert.Equal(t, time.Second, c.Lanes[2].Marks[0].At, "from the reference's own incident start")
	assert.Equal(t, "reference (real 3008.4, 2026-12-06): tasks met", c.Lanes[3].Label)
	assert.Contains(t, c.Notes[1], "Reference: the solution's self-test on Salt real 3008.4, 2026-12-06: every task met 10s after the incident's start")

	require.NoError(t, os.WriteFile(filepath.Join(real8, state.ProgressName), []byte("{"), 0o644))
	_, err = FindReference(reports, d, learner)
	assert.ErrorContains(t, err, "read the reference run", "a broken reference is named")
	c = Compare(d, learner, Debrief{}, nil, nil, err)
	assert.True(t, strings.Contains(c.Notes[1], "could not be read"), c.Notes[1])
}
