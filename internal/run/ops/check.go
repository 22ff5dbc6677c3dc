package ops

import (
	"fmt"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Checked is a finished run judged again from its files alone.
type Checked struct {
	History string              // the history file judged
	Entries int                 // its entries
	Results []checker.Rechecked // every saved check, judged again
	// Invalid, Unknown count the verdicts now; Changed those that differ
	// from the verdict the run gave.
	Invalid, Unknown, Changed int
}

// Check judges the run in dir again from history.jsonl and the checks
// saved in verdicts.json (bounds included), with no Docker. A run without
// readable checks is a usage error: the folder is the user's input.
func Check(dir string) (Checked, error) {
	f, err := checker.Read(filepath.Join(dir, checker.FileName))
	if err != nil {
		return Checked{}, usage.Errorf("check %s: %w (only runs of this saltlab or later save their checks)", dir, err)
	}
	hist := f.History
	if hist == "" {
		hist = history.FileName
	}
	c := Checked{History: filepath.Join(dir, filepath.Base(hist))}
	h, err := history.Read(c.History)
	if userfile.Is(err) {
		return Checked{}, usage.Errorf("check %s: %w", dir, err)
	}
	if err != nil {
		return Checked{}, fmt.Errorf("check %s: %w", dir, err)
	}
	c.Entries = len(h)
	c.Results = checker.Recheck(f, h)
	for _, r := range c.Results {
		if !r.Same() {
			c.Changed++
		}
		switch r.Now.Verdict {
		case checker.Invalid:
			c.Invalid++
		case checker.Unknown:
			c.Unknown++
		}
	}
	return c, nil
}
