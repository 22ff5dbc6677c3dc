package images

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/userfile"
)

// missingTTL is how long a release found to lack a dependency on the
// package index is not tried again: an index gains packages in days, and
// every `make lab` would otherwise spend half a minute to learn it again.
const missingTTL = 24 * time.Hour

// missingNote is what the cache keeps of a release the index cannot give.
type missingNote struct {
	Checked time.Time `json:"checked"`
	Reason  string    `json:"reason"`
}

func (b *Builder) missingPath(v saltver.Version) string {
	return saltdist.CacheDir(b.root, v, b.target) + ".missing.json"
}

// rememberMissing notes that v lacks a dependency on the index.
func (b *Builder) rememberMissing(v saltver.Version, missing error) {
	if missing == nil {
		return
	}
	raw, _ := json.Marshal(missingNote{Checked: time.Now().UTC(), Reason: missing.Error()})
	path := b.missingPath(v)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
		_ = owned.WriteFile(path, raw, 0o644) // a cache: without it the release is only tried again
	}
}

// knownMissing answers from the cache for a line whose release v was found
// to lack a dependency within missingTTL; an exact release is always tried.
func (b *Builder) knownMissing(spec saltdist.Spec, v saltver.Version, fail *RealUnavailableError) (RealImage, error, error) {
	if _, exact := spec.Exact(); exact {
		return RealImage{}, nil, nil
	}
	raw, err := userfile.ReadFile(b.missingPath(v), userfile.Text)
	if err != nil {
		return RealImage{}, nil, nil
	}
	var n missingNote
	if json.Unmarshal(raw, &n) != nil || time.Since(n.Checked) > missingTTL {
		return RealImage{}, nil, nil
	}
	reason := n.Reason + " (found " + n.Checked.Format(time.RFC3339) + "; tried again after " + missingTTL.String() + ", or delete " + b.missingPath(v) + ")"
	fail.Tried = append(fail.Tried, RouteFailure{Route: "wheelhouse (Salt " + v.String() + ")", Reason: reason})
	return RealImage{}, errors.New(reason), fail
}
