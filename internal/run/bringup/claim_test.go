package bringup

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// TestRunClaim: a run with one lab writes run.json as before; a run with
// several lists every lab (the first at the top), whichever saved first,
// and takes its folder back only when no lab claims it.
func TestRunClaim(t *testing.T) {
	st := func(project string) runstate.State {
		return runstate.State{RunID: "r1", Project: project, Started: time.Unix(1, 0)}
	}
	t.Run("one lab", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "r1")
		c := NewRunClaim(dir, []string{""})
		require.NoError(t, c.lab("").Save(st("saltlab-hot-r1")))
		got, err := runstate.Load(dir)
		require.NoError(t, err)
		assert.Equal(t, "saltlab-hot-r1", got.Project)
		assert.Empty(t, got.Labs)
		assert.Equal(t, []runstate.State{got}, got.All())
		require.NoError(t, c.lab("").Withdraw())
		assert.NoDirExists(t, dir)
	})
	t.Run("two labs", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "r1")
		c := NewRunClaim(dir, []string{"lab1", "lab2"})
		require.NoError(t, c.lab("lab2").Save(st("saltlab-hot-r1-lab2")))
		require.NoError(t, c.lab("lab1").Save(st("saltlab-hot-r1-lab1")))
		got, err := runstate.Load(dir)
		require.NoError(t, err)
		assert.Equal(t, "saltlab-hot-r1-lab1", got.Project, "the first lab at the top")
		var projects, ledgers []string
		for _, l := range got.All() {
			projects = append(projects, l.Project)
			ledgers = append(ledgers, runstate.LedgerName(l.Lab))
		}
		assert.Equal(t, []string{"saltlab-hot-r1-lab1", "saltlab-hot-r1-lab2"}, projects)
		assert.Equal(t, []string{"faults-lab1.jsonl", "faults-lab2.jsonl"}, ledgers)

		require.NoError(t, c.lab("lab1").Withdraw())
		got, err = runstate.Load(dir)
		require.NoError(t, err, "lab2 still claims the folder")
		assert.Equal(t, "saltlab-hot-r1-lab2", got.Project)
		require.NoError(t, c.lab("lab2").Withdraw())
		assert.NoDirExists(t, dir)
	})
}
