package board

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fixtureRun is the recorded drill under testdata: second-fault, its
// first fault fixed half-way (master-1-runs met, master-1-serves not),
// one hint used, three learner commands, its second fault waiting.
const fixtureRun = "drill-second-fault-a1b2c3"

// fixture copies testdata to a temporary folder the test may change and
// returns the reports and drills folders.
func fixture(t *testing.T) (reports, drills string) {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		to := filepath.Join(dst, path)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
	require.NoError(t, err)
	// The console saved drill.json just now: it is watching.
	now := time.Now()
	require.NoError(t, os.Chtimes(filepath.Join(dst, "testdata", "reports", fixtureRun, "drill.json"), now, now))
	return filepath.Join(dst, "testdata", "reports"), filepath.Join(dst, "testdata", "drills")
}
