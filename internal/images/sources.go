package images

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/userfile"
)

// sourcesDigest is a digest of everything a Go image's binary is built
// from in the checkout at root: every regular file outside the vendor
// tree and the dot, reports and bin folders (Go sources, the files they
// embed, go.mod and go.sum), vendor/modules.txt (which `go mod vendor`
// rewrites with every vendored change), and extra (the Dockerfile, the
// package, the go binary's path, which names its release). A file that
// does not change the binary (a doc) changes the digest too: the cost is
// one build, never a stale image. Hashing the checkout takes milliseconds
// where `go build` with a warm cache takes half a second.
func sourcesDigest(root string, extra ...string) (string, error) {
	h := sha256.New()
	for _, e := range extra {
		fmt.Fprintf(h, "extra %d\n%s\n", len(e), e)
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel != "." && skipSourceDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return hashFile(h, rel, path)
	})
	if err != nil {
		return "", fmt.Errorf("hash sources under %s: %w", root, err)
	}
	if err := hashFile(h, filepath.Join("vendor", "modules.txt"), filepath.Join(root, "vendor", "modules.txt")); err != nil && !os.IsNotExist(err) {
		return "", fmt.Errorf("hash sources under %s: %w", root, err)
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:6]), nil
}

// skipSourceDir names the folders no binary is built from: the vendor
// tree (vendor/modules.txt stands for it), dot folders (.git, .cache),
// and what runs and builds write (reports, bin).
func skipSourceDir(rel string) bool {
	name := filepath.Base(rel)
	return strings.HasPrefix(name, ".") || rel == "vendor" || rel == "reports" || rel == "bin"
}

func hashFile(h io.Writer, rel, path string) error {
	f, err := userfile.Open(path, userfile.Archive)
	if err != nil {
		return err
	}
	defer f.Close()
	fmt.Fprintf(h, "file %s %d\n", filepath.ToSlash(rel), f.Info().Size())
	_, err = io.Copy(h, f)
	return err
}
