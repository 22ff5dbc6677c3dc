// Package fileserver is the double's roots file server backend
// (salt/fileserver/roots.py): salt:// paths looked up in file_roots[base],
// first root wins.
package fileserver

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// HashType is Salt's default hash_type.
const HashType = "sha256"

// Rel turns a salt:// URL (or a bare relative path) into a clean relative
// path; "" when it escapes the root or is not a salt:// URL. A ?saltenv=
// query is dropped: the double serves only base.
func Rel(url string) string {
	p, ok := strings.CutPrefix(url, "salt://")
	if !ok {
		return ""
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	p = path.Clean("/" + p)[1:]
	if p == "" || p == "." {
		return ""
	}
	return p
}

// Find returns the file for rel in the first root that has it.
func Find(roots []string, rel string) (string, bool) {
	if rel == "" {
		return "", false
	}
	for _, r := range roots {
		fp := filepath.Join(r, filepath.FromSlash(rel))
		if st, err := os.Stat(fp); err == nil && st.Mode().IsRegular() {
			return fp, true
		}
	}
	return "", false
}

// Read returns the contents of a salt:// URL.
func Read(roots []string, url string) (string, bool, error) {
	fp, ok := Find(roots, Rel(url))
	if !ok {
		return "", false, nil
	}
	b, err := os.ReadFile(fp)
	if err != nil {
		return "", false, fmt.Errorf("read %s: %w", url, err)
	}
	return string(b), true, nil
}

// Hash is cp.hash_file's return {"hash_type": "sha256", "hsum": <hex>}; an
// empty map for a missing file (INFER: roots.file_hash returns {}).
func Hash(roots []string, url string) (*jsonout.Map, error) {
	data, ok, err := Read(roots, url)
	if err != nil || !ok {
		return jsonout.NewMap(), err
	}
	sum := sha256.Sum256([]byte(data))
	return jsonout.NewMap().Set("hash_type", HashType).Set("hsum", hex.EncodeToString(sum[:])), nil
}
