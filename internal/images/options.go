package images

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"

	cerrdefs "github.com/containerd/errdefs"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
)

// ErrNoOptionList: the image keeps no option list at saltopts.ImagePath,
// so it was not built by this saltlab's recipe (an image made by hand, or
// by an older saltlab and not rebuilt since).
var ErrNoOptionList = errors.New("the image keeps no Salt option list")

// maxOptionList bounds the file read back (Salt 3008's list is 28 kB).
const maxOptionList = 4 << 20

// SaltOptions reads the option list a Salt image keeps (written by its
// build: salt-options.py for real Salt, `saltsim --salt-options` for the
// double) out of a container of it that never starts. An image ID names
// the image's content, so the list read once is kept under the cache
// folder by that ID (optionCache) and read from there after: from the
// image it costs a container create, copy and remove, 0.1 s of every
// bring-up on a 2-core machine.
func (b *Builder) SaltOptions(ctx context.Context, ref string) (saltopts.List, error) {
	cache := b.optionCache(ctx, ref)
	if l, ok := cache.load(); ok {
		return l, nil
	}
	cc, ok := b.docker.(containerCopier)
	if !ok {
		return saltopts.List{}, errors.New("read Salt option list: this Docker client cannot create containers")
	}
	ctx, cancel := context.WithTimeout(ctx, copyOutTimeout)
	defer cancel()
	var data []byte
	err := copyOut(ctx, cc, ref, saltopts.ImagePath, func(r io.Reader) error {
		tr := tar.NewReader(r)
		h, err := tr.Next()
		if err != nil {
			return fmt.Errorf("read tar: %w", err)
		}
		if h.Typeflag != tar.TypeReg {
			return fmt.Errorf("%s is not a regular file", saltopts.ImagePath)
		}
		data, err = io.ReadAll(io.LimitReader(tr, maxOptionList+1))
		return err
	})
	var ce *copyError
	if errors.As(err, &ce) && cerrdefs.IsNotFound(ce.err) {
		return saltopts.List{}, fmt.Errorf("read Salt option list of %s: %w", ref, ErrNoOptionList)
	}
	if err != nil {
		return saltopts.List{}, fmt.Errorf("read Salt option list of %s: %w", ref, err)
	}
	l, err := saltopts.Parse(data)
	if err != nil {
		return saltopts.List{}, fmt.Errorf("read Salt option list of %s: %w", ref, err)
	}
	cache.store(data)
	return l, nil
}
