package checker

import (
	"fmt"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Rerun is a finished run judged again from its files alone.
type Rerun struct {
	History string      // the history file judged
	Entries int         // its entries
	Results []Rechecked // every saved check, judged again
	// Invalid, Unknown count the verdicts now; Changed those that differ
	// from the verdict the run gave.
	Invalid, Unknown, Changed int
}

// RecheckRun judges the run in dir again from history.jsonl and the
// checks saved in verdicts.json (bounds included), with no Docker
// (`saltlab check`). A run without readable checks is a usage error: the
// folder is the user's input.
func RecheckRun(dir string) (Rerun, error) {
	f, err := Read(filepath.Join(dir, FileName))
	if err != nil {
		return Rerun{}, usage.Errorf("check %s: %w (only runs of this saltlab or later save their checks)", dir, err)
	}
	hist := f.History
	if hist == "" {
		hist = history.FileName
	}
	c := Rerun{History: filepath.Join(dir, filepath.Base(hist))}
	h, err := history.Read(c.History)
	if userfile.Is(err) {
		return Rerun{}, usage.Errorf("check %s: %w", dir, err)
	}
	if err != nil {
		return Rerun{}, fmt.Errorf("check %s: %w", dir, err)
	}
	c.Entries = len(h)
	c.Results = Recheck(f, h)
	for _, r := range c.Results {
		if !r.Same() {
			c.Changed++
		}
		switch r.Now.Verdict {
		case Invalid:
			c.Invalid++
		case Unknown:
			c.Unknown++
		}
	}
	return c, nil
}
