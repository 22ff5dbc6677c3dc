package runstate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Claim is the run directory a bring-up writes run.json into. A run that
// never started (an image that would not build, a lab that never came up,
// nothing left to run) leaves nothing behind and claims no lab: Withdraw
// takes back what the claim wrote. run.json is written only through Save,
// so the claim knows whether it wrote one.
type Claim struct {
	dir     string
	existed bool // the directory was there before the run
	saved   bool // Save wrote run.json
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
	if err := Save(c.dir, s); err != nil {
		return err
	}
	c.saved = true
	return nil
}

// Withdraw removes what the run wrote: the whole directory when Stake
// found none (everything in it is this run's), else only the run.json it
// saved, so a directory that held something before keeps it. A run.json
// this run never wrote (another lab's, under a reused id) is left alone.
func (c *Claim) Withdraw() error {
	switch {
	case !c.existed:
		if err := os.RemoveAll(c.dir); err != nil {
			return fmt.Errorf("remove run dir of a run that never started: %w", err)
		}
	case c.saved:
		if err := os.Remove(filepath.Join(c.dir, StateFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove %s of a run that never started: %w", StateFile, err)
		}
	}
	c.saved = false
	return nil
}
