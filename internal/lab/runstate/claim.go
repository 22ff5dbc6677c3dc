package runstate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/saltlab/saltlab/internal/owned"
)

// Claim is the run directory a bring-up writes run.json into. A run that
// never started (an image that would not build, a lab that never came up,
// nothing left to run) leaves nothing behind and claims no lab: Withdraw
// takes back what the claim wrote. run.json is written only through Save,
// so the claim knows whether it wrote one.
type Claim struct {
	dir     string
	existed bool // the directory was there before the run
	fresh   bool // Save marked the directory as saltlab's (owned.Claim): it was missing or empty
	saved   bool // Save wrote run.json
	// kept names what Withdraw leaves in a directory the run created:
	// the logs of a lab that failed at bring-up, the only evidence of why.
	kept []string
}

// Stake notes whether dir exists; it creates nothing (Save does, with
// run.json, just before the lab's first object is created).
func Stake(dir string) *Claim {
	_, err := os.Stat(dir)
	return &Claim{dir: dir, existed: !errors.Is(err, fs.ErrNotExist)}
}

// Dir is the run directory.
func (c *Claim) Dir() string { return c.dir }

// Save writes s to the directory's run.json (runstate.Save).
func (c *Claim) Save(s State) error {
	fresh, err := save(c.dir, s)
	c.fresh = c.fresh || fresh
	if err != nil {
		return err
	}
	c.saved = true
	return nil
}

// Keep asks Withdraw to leave name (a file or folder in the run
// directory) in place: a lab that failed at bring-up keeps its logs,
// though not its claim on the run.
func (c *Claim) Keep(name string) {
	if !slices.Contains(c.kept, name) {
		c.kept = append(c.kept, name)
	}
}

// Withdraw removes what the run wrote: the whole directory when Stake
// found none and Save made it (everything in it is this run's) but for
// what Keep named; everything in it, its marker too, when it was an empty
// folder Save marked, so it is left empty as it was; else only the
// run.json it saved, so a directory that held something before keeps it.
// A run.json this run never wrote (another lab's, under a reused id) is
// left alone.
func (c *Claim) Withdraw() error {
	switch {
	case c.fresh && !c.existed && len(c.kept) == 0:
		if err := owned.RemoveAll(c.dir); err != nil {
			return fmt.Errorf("remove run dir of a run that never started: %w", err)
		}
	case c.fresh:
		entries, err := os.ReadDir(c.dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("read run dir of a run that never started: %w", err)
		}
		for _, e := range entries {
			if e.Name() == owned.Marker || slices.Contains(c.kept, e.Name()) {
				continue
			}
			if err := owned.RemoveIn(c.dir, e.Name()); err != nil {
				return fmt.Errorf("remove %s of a run that never started: %w", e.Name(), err)
			}
		}
		if len(c.kept) == 0 { // else what is kept stays saltlab's
			if err := owned.Unmark(c.dir); err != nil {
				return fmt.Errorf("unmark the run dir of a run that never started: %w", err)
			}
		}
	case c.saved:
		if err := owned.RemoveIn(c.dir, StateFile); err != nil {
			return fmt.Errorf("remove %s of a run that never started: %w", StateFile, err)
		}
	}
	c.saved, c.fresh = false, false
	return nil
}
