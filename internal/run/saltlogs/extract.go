package saltlogs

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/owned"
)

// Extract writes the regular files of r, a tar stream as Docker's archive
// API gives the directory src (entries named under its base name:
// "salt/master"), into dest as salt-<name>.log ("salt/sub/x" becomes
// salt-sub-x.log), and returns the names written. A file longer than max
// bytes keeps its tail, where the latest lines are, from its first whole
// line on, under a first line that says so. An entry named absolutely or
// with ".." is refused (an error naming it) and the others are still
// written; links, devices and directories are skipped, so nothing outside
// src is ever read through them. dest is created only when there is a file
// to write.
func Extract(r io.Reader, src, dest string, max int64) ([]string, error) {
	tr := tar.NewReader(r)
	var written []string
	var errs []error
	seen := map[string]bool{}
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return written, errors.Join(append(errs, fmt.Errorf("read tar of %s: %w", src, err))...)
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		name, err := fileName(hdr.Name)
		if err == nil && seen[name] {
			err = fmt.Errorf("refuse tar entry %q: another entry was written as %s", hdr.Name, name)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		seen[name] = true
		body, err := tail(tr, hdr.Size, max, path.Join(path.Dir(src), hdr.Name))
		if err != nil {
			return written, errors.Join(append(errs, fmt.Errorf("read %s from tar of %s: %w", hdr.Name, src, err))...)
		}
		if err := os.MkdirAll(dest, 0o755); err != nil {
			return written, errors.Join(append(errs, fmt.Errorf("create log dir: %w", err))...)
		}
		if err := owned.WriteFile(filepath.Join(dest, name), body, 0o644); err != nil {
			errs = append(errs, fmt.Errorf("write %s: %w", name, err))
			continue
		}
		written = append(written, name)
	}
	return written, errors.Join(errs...)
}

// fileName is the file a tar entry is saved as: its path below the
// directory Docker named first, joined with "-", as salt-<name>.log; an
// entry that could point outside the directory is refused.
func fileName(entry string) (string, error) {
	if strings.HasPrefix(entry, "/") {
		return "", fmt.Errorf("refuse tar entry %q: absolute path", entry)
	}
	var parts []string
	for _, p := range strings.Split(entry, "/") {
		switch p {
		case "..":
			return "", fmt.Errorf("refuse tar entry %q: it climbs out of the directory", entry)
		case "", ".":
			continue
		}
		parts = append(parts, safe(p))
	}
	switch len(parts) {
	case 0:
		return "", fmt.Errorf("refuse tar entry %q: no file name", entry)
	case 1: // src was a file, not a directory
	default:
		parts = parts[1:]
	}
	return "salt-" + strings.Join(parts, "-") + ".log", nil
}

// safe keeps letters, digits, '.', '_' and '-' of a name component and
// turns anything else into '_', so a saved name is a plain file name.
func safe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '_'
	}, s)
}

// tail reads an entry of size bytes and keeps at most its last max bytes,
// from the first whole line on, after a line naming what was cut.
func tail(r io.Reader, size, max int64, file string) ([]byte, error) {
	if size <= max {
		return io.ReadAll(r)
	}
	if _, err := io.CopyN(io.Discard, r, size-max); err != nil {
		return nil, err
	}
	kept, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if i := bytes.IndexByte(kept, '\n'); i >= 0 && i < len(kept)-1 {
		kept = kept[i+1:]
	}
	note := fmt.Sprintf("[saltlab: %s was %d bytes; only its last %d bytes are kept here, from the first whole line]\n", file, size, len(kept))
	return append([]byte(note), kept...), nil
}
