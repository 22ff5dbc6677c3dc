package images

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// lineTTL is how long the package index's answer to "which release is the
// newest of this line" is trusted. Salt publishes a release every few
// weeks, so a day old answer is almost always still true, and asking costs
// every real bring-up about 2 s (pip starts and reads the index). A user
// who wants the release published this morning passes --salt-refresh.
const lineTTL = 24 * time.Hour

// maxLineMemo bounds the memo file: it holds a handful of lines.
const maxLineMemo = 64 << 10

// lineMemo is .cache/salt-lines.json: per line (3008), the release the
// index named, the release whose image served it (older when the newest
// could not be installed and the line fell back) and when the index was
// asked. Like the option cache it is only a shortcut: a memo that cannot
// be read or written means the index is asked, as before.
type lineMemo map[string]lineAnswer

type lineAnswer struct {
	Newest string    `json:"newest"` // the line's newest release on the index
	Served string    `json:"served"` // the release whose image served the line
	Asked  time.Time `json:"asked"`
}

func (b *Builder) lineMemoPath() string {
	return filepath.Join(b.root, ".cache", "salt-lines.json")
}

// loadLineMemo reads the memo; a missing, oversized or unparsable file is
// an empty memo.
func (b *Builder) loadLineMemo() lineMemo {
	data, err := userfile.ReadFile(b.lineMemoPath(), maxLineMemo)
	if err != nil {
		return lineMemo{}
	}
	m := lineMemo{}
	if json.Unmarshal(data, &m) != nil {
		return lineMemo{}
	}
	return m
}

// rememberLine records that the index named newest for line and that the
// image of served answered it. Written whole or not at all.
func (b *Builder) rememberLine(line, newest, served string) {
	m := b.loadLineMemo()
	m[line] = lineAnswer{Newest: newest, Served: served, Asked: b.now().UTC()}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return
	}
	path := b.lineMemoPath()
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	_ = owned.WriteFile(path, append(data, '\n'), 0o644) // a memo: without it the index is asked again
}

// imageAtHand is the image that answers spec without the package index:
// for an exact release, its image built by the current recipe; for a
// line, the image that served the line when the index was last asked,
// if that was within lineTTL. With --salt-refresh (b.refresh) the index
// is always asked.
func (b *Builder) imageAtHand(ctx context.Context, spec saltdist.Spec, recipe realRecipe) (RealImage, bool) {
	if b.refresh {
		return RealImage{}, false
	}
	if v, exact := spec.Exact(); exact {
		img, ok := b.existingReal(ctx, v.String(), recipe.hash)
		if ok {
			b.logf("using existing %s (Salt %s, built by route %s)", img.Ref, img.Version, img.Route)
		}
		return img, ok
	}
	a, ok := b.loadLineMemo()[spec.String()]
	if !ok || a.Served == "" {
		return RealImage{}, false
	}
	age := b.now().Sub(a.Asked)
	if age < 0 || age >= lineTTL {
		return RealImage{}, false
	}
	img, ok := b.existingReal(ctx, a.Served, recipe.hash)
	if !ok {
		return RealImage{}, false
	}
	b.logf("Salt %s is %s (the package index said so %s ago; --salt-refresh asks it again); using existing %s (built by route %s)",
		spec, a.Newest, age.Round(time.Minute), img.Ref, img.Route)
	return img, true
}
