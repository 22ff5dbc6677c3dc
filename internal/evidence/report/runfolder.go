package report

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/usage"
)

// CheckRunFolder refuses, as the user's input, a folder Rerender must not
// write into: one that does not exist or is no folder, one without a
// finished run's summary.json, and one saltlab did not make (the reports
// are replaced in place).
func CheckRunFolder(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usage.Errorf("report: %s does not exist: name a run folder such as reports/<run id>", dir)
	case err != nil:
		return usage.Errorf("report: %w", err)
	case !st.IsDir():
		return usage.Errorf("report: %s is not a directory: name a run folder such as reports/<run id>", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, SummaryFile)); err != nil {
		return usage.Errorf("report: %s has no %s: it is not a finished run's folder (a run writes it with its reports; runs cut short before the reports have nothing to render)", dir, SummaryFile)
	}
	if !owned.Is(dir) {
		return usage.Errorf("report: %s carries no %s, so saltlab did not make it (an older saltlab's run folder, or a copy that lost its hidden files), and it replaces files only in folders it made: if it is a run folder of saltlab's, mark it (touch %s) and render again", dir, owned.Marker, filepath.Join(dir, owned.Marker))
	}
	return nil
}
