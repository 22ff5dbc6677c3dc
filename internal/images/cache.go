package images

import (
	"fmt"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/owned"
)

// cacheDir is the folder of a checkout where saltlab keeps what it can
// make again: real Salt's wheelhouses, the package index's answers, the
// Salt option lists, the last real build's log. make keeps its Go
// toolchain there too.
const cacheDir = ".cache"

// CheckCache refuses a checkout (--root) whose .cache saltlab may not
// write below, before any work: resolved, symlinks too, it must not be /,
// a home folder or a system folder, or lie in one (owned.Root; a
// --root of ~ would make it ~/.cache, every program's cache). saltlab
// adds its files and its marked folders beside whatever else is there and
// replaces or removes only those.
func CheckCache(root string) error {
	if _, err := owned.Root(filepath.Join(root, cacheDir)); err != nil {
		return fmt.Errorf("the cache folder of --root %s: %w", root, err)
	}
	return nil
}
