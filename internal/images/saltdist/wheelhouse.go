package saltdist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// ManifestFile marks a wheelhouse saltlab finished preparing. It is
// written last, so an interrupted download is never mistaken for a
// complete one.
const ManifestFile = "saltlab-wheelhouse.json"

// Manifest says what a prepared wheelhouse holds.
type Manifest struct {
	Salt   string   `json:"salt"`
	Target string   `json:"target"`
	Extras []string `json:"extras"`
	Files  []string `json:"files"`
}

// CacheDir is the host cache folder of one release's wheelhouse, keyed by
// release and target so later runs reuse it.
func CacheDir(root string, v Version, t Target) string {
	return filepath.Join(root, ".cache", "wheelhouse", "salt-"+v.String()+"-"+t.String())
}

// saltFileRe matches Salt's wheel and source archive names.
var saltFileRe = regexp.MustCompile(`^salt-([0-9][0-9a-z.]*?)(-py[^-]*-none-any\.whl|\.tar\.gz)$`)

// SaltReleases lists the Salt releases a wheelhouse folder holds, as wheel
// or source archive, newest first.
func SaltReleases(dir string) ([]Version, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read wheelhouse %s: %w", dir, err)
	}
	var vs []Version
	for _, e := range entries {
		m := saltFileRe.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if v, err := ParseVersion(m[1]); err == nil {
			vs = append(vs, v)
		}
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Compare(vs[j]) > 0 })
	return vs, nil
}

// PickFrom resolves spec against the Salt releases in a wheelhouse folder.
// A folder without a fitting Salt is an error that says what it has.
func PickFrom(dir string, spec Spec) (Version, error) {
	vs, err := SaltReleases(dir)
	if err != nil {
		return Version{}, err
	}
	for _, v := range vs {
		if spec.Matches(v) {
			return v, nil
		}
	}
	have := "no Salt wheel or source archive at all"
	if len(vs) > 0 {
		names := make([]string, len(vs))
		for i, v := range vs {
			names[i] = v.String()
		}
		have = "only Salt " + strings.Join(names, ", ")
	}
	return Version{}, fmt.Errorf("wheelhouse %s has no Salt %s (%s): prepare it with `saltlab wheelhouse --salt-version %s --dir %s` on a machine that reaches the package index", dir, spec, have, spec, dir)
}

// Complete says whether dir is a wheelhouse saltlab finished for v and t.
func Complete(dir string, v Version, t Target) bool {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return false
	}
	var m Manifest
	if json.Unmarshal(b, &m) != nil || m.Salt != v.String() || m.Target != t.String() || len(m.Files) == 0 {
		return false
	}
	for _, f := range m.Files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return false
		}
	}
	return true
}

// maxHandBuilt bounds how many wheel-less dependencies Prepare builds on
// the host before it gives up; Salt has a handful at most.
const maxHandBuilt = 10

// Prepare fills dir with wheels of Salt v, the Extras and every dependency
// for the image's Python t, so the image can install with no network.
// Salt is published as a source archive: it is pure Python, so the host
// builds its wheel. Dependencies come as wheels for t; a dependency with
// no such wheel is built on the host too, and accepted only if the result
// is pure Python. dir appears only when complete.
func Prepare(ctx context.Context, p Pip, dir string, v Version, t Target) error {
	tmp := dir + ".partial"
	if err := os.RemoveAll(tmp); err != nil {
		return fmt.Errorf("prepare wheelhouse: %w", err)
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return fmt.Errorf("prepare wheelhouse: %w", err)
	}
	defer os.RemoveAll(tmp)
	salt := "salt==" + v.String()
	if err := p.pureWheel(ctx, tmp, salt); err != nil {
		return err
	}
	reqs := append([]string{salt}, Extras...)
	for built := 0; ; built++ {
		out, err := p.download(ctx, tmp, t, reqs)
		if err == nil {
			break
		}
		missing := missingRequirement(out)
		if missing == "" || strings.HasPrefix(missing, "salt") || built == maxHandBuilt {
			return newIndexError(fmt.Sprintf("download Salt %s's dependencies for %s (pip download)", v, t), out, err)
		}
		if err := p.pureWheel(ctx, tmp, missing); err != nil {
			return fmt.Errorf("%s has no wheel for the image's Python (%s): %w", missing, t, err)
		}
	}
	return finish(tmp, dir, Manifest{Salt: v.String(), Target: t.String(), Extras: Extras})
}

// pureWheel builds req's wheel on the host and checks it is pure Python,
// since the host's interpreter may differ from the image's.
func (p Pip) pureWheel(ctx context.Context, dir, req string) error {
	before, _ := wheelNames(dir)
	out, err := p.buildWheel(ctx, dir, req)
	if err != nil {
		return newIndexError("build the wheel of "+req+" (pip wheel)", out, err)
	}
	after, _ := wheelNames(dir)
	for name := range after {
		if before[name] {
			continue
		}
		if !strings.HasSuffix(name, "-none-any.whl") {
			os.Remove(filepath.Join(dir, name))
			return fmt.Errorf("build the wheel of %s: %s is not pure Python, so a wheel built on this host may not load in the image: prepare the wheelhouse on a Debian bookworm host, or use the package index route", req, name)
		}
	}
	return nil
}

func wheelNames(dir string) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	names := map[string]bool{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".whl") {
			names[e.Name()] = true
		}
	}
	return names, err
}

// finish writes the manifest and moves tmp to dir in one rename.
func finish(tmp, dir string, m Manifest) error {
	names, err := wheelNames(tmp)
	if err != nil {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	for n := range names {
		m.Files = append(m.Files, n)
	}
	sort.Strings(m.Files)
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(tmp, ManifestFile), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	if err := os.RemoveAll(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	return nil
}
