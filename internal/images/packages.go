package images

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/userfile"
)

// packagesFile is the one package list of the base image, relative to the
// repository root.
const packagesFile = "images/base/packages.txt"

// validPackageName follows Debian policy §5.6.1: lowercase letters, digits,
// "+", "-" and ".", at least two characters, starting alphanumeric. Checking
// it here turns a typo into a clear error instead of a failed debootstrap
// half a minute later.
func validPackageName(name string) bool {
	if len(name) < 2 {
		return false
	}
	for i, r := range name {
		alnum := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
		if !alnum && (i == 0 || (r != '+' && r != '-' && r != '.')) {
			return false
		}
	}
	return true
}

// ParsePackages normalises a package list: "#" comments and blank lines are
// dropped, names are de-duplicated and sorted. Each line holds one name.
func ParsePackages(text string) ([]string, error) {
	seen := map[string]bool{}
	var pkgs []string
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !validPackageName(line) {
			return nil, fmt.Errorf("parse package list: line %d: %q is not one Debian package name", n, line)
		}
		if !seen[line] {
			seen[line] = true
			pkgs = append(pkgs, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("parse package list: %w", err)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("parse package list: no packages")
	}
	sort.Strings(pkgs)
	return pkgs, nil
}

// PackagesHash is the hex sha256 of the normalised list, one name per line.
// Comments, order and duplicates do not change it, so only a real change of
// the package set triggers a rebuild.
func PackagesHash(pkgs []string) string {
	sum := sha256.Sum256([]byte(strings.Join(pkgs, "\n") + "\n"))
	return hex.EncodeToString(sum[:])
}

// packageList is the parsed images/base/packages.txt plus its raw text (the
// Dockerfile path copies the file as it is).
type packageList struct {
	raw  []byte
	pkgs []string
	hash string
}

func (b *Builder) readPackages() (packageList, error) {
	return b.readPackageFiles(packagesFile)
}

// readPackageFiles joins package lists (the base's and an image's own) into
// one; the hash covers the union.
func (b *Builder) readPackageFiles(files ...string) (packageList, error) {
	var raw []byte
	for _, f := range files {
		r, err := userfile.ReadFile(b.path(f), userfile.Text)
		if err != nil {
			return packageList{}, fmt.Errorf("read package list: %w", err)
		}
		raw = append(append(raw, r...), '\n')
	}
	if len(files) == 1 {
		raw = raw[:len(raw)-1]
	}
	pkgs, err := ParsePackages(string(raw))
	if err != nil {
		return packageList{}, fmt.Errorf("%s: %w", strings.Join(files, " + "), err)
	}
	return packageList{raw: raw, pkgs: pkgs, hash: PackagesHash(pkgs)}, nil
}
