package runner

import (
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/compare"
	"github.com/saltlab/saltlab/internal/run/selection"
)

// CompareLimits is what `saltlab compare` blames on two runs' engines,
// from the run's own selection rules: the tag a run on each engine left
// out (selection.NarrowToEngine's) and the scenarios' tags in the feature
// files of the saltlab checkout at root. Here, beside the run that applied
// them, so the CLI reaches them without importing the selection itself.
func CompareLimits(root string) compare.EngineLimits {
	return selection.CompareLimits([]string{filepath.Join(root, "features")})
}
