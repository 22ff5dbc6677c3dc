package saltdist

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/saltlab/saltlab/internal/userfile"
)

// maxSdistMember bounds what is read of one file inside a source archive:
// a pyproject.toml or a lock file is a few kilobytes, never megabytes.
const maxSdistMember = 1 << 20

// sdistMembers returns the files of a .tar.gz source archive whose path
// below the archive's top folder is one of names ("pyproject.toml",
// "requirements/static/pkg/py3.11/linux.lock"). Absent names are absent
// from the map.
func sdistMembers(path string, names ...string) (map[string][]byte, error) {
	f, err := userfile.Open(path, userfile.Archive)
	if err != nil {
		return nil, fmt.Errorf("open source archive: %w", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("read source archive %s: %w", path, err)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	found := map[string][]byte{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return found, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read source archive %s: %w", path, err)
		}
		// Members sit below one top folder, salt-3008.5/.
		_, rel, ok := strings.Cut(h.Name, "/")
		if !ok || !want[rel] || h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, maxSdistMember))
		if err != nil {
			return nil, fmt.Errorf("read %s in %s: %w", rel, path, err)
		}
		found[rel] = b
	}
}

var (
	buildSystemRe = regexp.MustCompile(`(?m)^\[build-system\]\s*$`)
	requiresRe    = regexp.MustCompile(`(?s)\brequires\s*=\s*\[(.*?)\]`)
	quotedRe      = regexp.MustCompile(`"([^"]*)"|'([^']*)'`)
)

// legacyBuildRequires is what pip builds a source archive with when its
// pyproject.toml declares no [build-system] (PEP 517's fallback).
var legacyBuildRequires = []string{"setuptools>=40.8.0", "wheel"}

// buildRequires reads [build-system] requires from a pyproject.toml, and
// says whether the table is there at all. Only that one array is read, so
// a small reader does; no TOML library is vendored.
func buildRequires(pyproject []byte) (reqs []string, declared bool) {
	loc := buildSystemRe.FindIndex(pyproject)
	if loc == nil {
		return legacyBuildRequires, false
	}
	table := pyproject[loc[1]:]
	if next := regexp.MustCompile(`(?m)^\[`).FindIndex(table); next != nil {
		table = table[:next[0]]
	}
	m := requiresRe.FindSubmatch(table)
	if m == nil {
		return legacyBuildRequires, true
	}
	for _, q := range quotedRe.FindAllSubmatch(m[1], -1) {
		r := strings.TrimSpace(string(q[1]) + string(q[2]))
		if r != "" {
			reqs = append(reqs, r)
		}
	}
	return reqs, true
}
