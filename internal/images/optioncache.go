package images

import (
	"context"
	"os"
	"path/filepath"
	"regexp"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/userfile"
)

// imageID is the form of an image ID the cache accepts as a file name.
var imageID = regexp.MustCompile(`^sha256:([0-9a-f]{64})$`)

// optionCache is where one image's option list is kept on the host:
// <root>/.cache/salt-options/<image id>.json, or nowhere ("") when the
// image's ID cannot be had. A cache is only ever a shortcut: whatever goes
// wrong with it, the list is read from the image as before.
type optionCache string

// optionCache names the cache file of ref's list by ref's image ID.
func (b *Builder) optionCache(ctx context.Context, ref string) optionCache {
	info, err := b.docker.ImageInspect(ctx, ref)
	if err != nil {
		return ""
	}
	m := imageID.FindStringSubmatch(info.ID)
	if m == nil {
		return ""
	}
	return optionCache(filepath.Join(b.root, ".cache", "salt-options", m[1]+".json"))
}

// load is the kept list, if there is one that parses.
func (c optionCache) load() (saltopts.List, bool) {
	if c == "" {
		return saltopts.List{}, false
	}
	data, err := userfile.ReadFile(string(c), maxOptionList)
	if err != nil {
		return saltopts.List{}, false
	}
	l, err := saltopts.Parse(data)
	return l, err == nil
}

// store keeps data, the list as read from the image, whole or not at all
// (a temporary file renamed into place, so a reader never sees half of it).
// A failure is not the run's: the next run reads the image again.
func (c optionCache) store(data []byte) {
	if c == "" {
		return
	}
	dir := filepath.Dir(string(c))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	_ = owned.WriteFile(string(c), data, 0o644)
}
