package saltdist

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/userfile"
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
	// SHA256 holds each file's digest, so a cached or carried wheelhouse is
	// checked before it is reused.
	SHA256 map[string]string `json:"sha256,omitempty"`
	// Lock is the lock file in Salt's source archive that constrained the
	// dependencies ("" when the archive ships none), Pinned how many pins
	// it held, Deviations the pins that could not be kept.
	Lock       string      `json:"lock,omitempty"`
	Pinned     int         `json:"pinned,omitempty"`
	Deviations []Deviation `json:"deviations,omitempty"`
	// Compiled are the dependencies that had no wheel for the image and
	// were built from source in the builder container.
	Compiled []string `json:"compiled,omitempty"`
}

// Folders are the folders a wheelhouse dir is made with: dir itself, the
// wheelhouse being filled (dir.partial, renamed onto dir when complete)
// and the scratch folder (dir.work). saltlab empties and removes each, so
// each must be missing or saltlab's.
func Folders(dir string) [3]string {
	return [3]string{dir, dir + ".partial", dir + ".work"}
}

// CheckFolders refuses a wheelhouse dir saltlab may not make, before any
// work: a folder of the user's (files and no saltlab marker) or a file at
// dir or at the folders beside it (Folders), or dir where this user
// cannot write.
func CheckFolders(dir string) error {
	for _, d := range Folders(dir) {
		if err := owned.Claimable(d); err != nil {
			return err
		}
	}
	return owned.Writable(dir)
}

// cacheEntryRe matches what saltlab keeps in the host cache's wheelhouse
// folder: salt-<release>-<target>, with the folders it is filled in
// (.partial, .work) and the note of a release the index lacks.
var cacheEntryRe = regexp.MustCompile(`^salt-[0-9][0-9a-z.]*-cp[0-9]+-[a-z0-9_]+(\.partial|\.work|\.missing\.json)?$`)

// AdoptCache marks the host cache's wheelhouse folder under root, and the
// wheelhouses in it, as saltlab's when an older saltlab made them before
// folders carried the marker: only when every entry there is named as
// saltlab names its cache entries. Then a stale one can be filled again.
func AdoptCache(root string) error {
	dir := filepath.Join(root, ".cache", "wheelhouse")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // none yet: Prepare makes it
	}
	var adopt []string
	for _, e := range entries {
		if e.Name() == owned.Marker {
			continue
		}
		if !cacheEntryRe.MatchString(e.Name()) {
			return nil // something else is there: nothing is taken
		}
		if e.IsDir() && e.Type()&os.ModeSymlink == 0 {
			adopt = append(adopt, filepath.Join(dir, e.Name()))
		}
	}
	for _, d := range append(adopt, dir) {
		if err := owned.Adopt(d); err != nil {
			return err
		}
	}
	return nil
}

// CacheDir is the host cache folder of one release's wheelhouse, keyed by
// release and target so later runs reuse it.
func CacheDir(root string, v saltver.Version, t Target) string {
	return filepath.Join(root, ".cache", "wheelhouse", "salt-"+v.String()+"-"+t.String())
}

// saltFileRe matches Salt's wheel and source archive names.
var saltFileRe = regexp.MustCompile(`^salt-([0-9][0-9a-z.]*?)(-py[^-]*-none-any\.whl|\.tar\.gz)$`)

// SaltReleases lists the Salt releases a wheelhouse folder holds, as wheel
// or source archive, newest first.
func SaltReleases(dir string) ([]saltver.Version, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read wheelhouse %s: %w", dir, err)
	}
	var vs []saltver.Version
	for _, e := range entries {
		m := saltFileRe.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if v, err := saltver.Parse(m[1]); err == nil {
			vs = append(vs, v)
		}
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Compare(vs[j]) > 0 })
	return vs, nil
}

// PickFrom resolves spec against the Salt releases in a wheelhouse folder.
// A folder without a fitting Salt is an error that says what it has.
func PickFrom(dir string, spec Spec) (saltver.Version, error) {
	vs, err := SaltReleases(dir)
	if err != nil {
		return saltver.Version{}, err
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
	return saltver.Version{}, fmt.Errorf("wheelhouse %s has no Salt %s (%s): prepare it with `saltlab wheelhouse --salt-version %s --dir %s` on a machine that reaches the package index", dir, spec, have, spec, dir)
}

// Complete says whether dir is a wheelhouse saltlab finished for v and t.
func Complete(dir string, v saltver.Version, t Target) bool {
	return Validate(dir, v, t) == nil
}

// Validate checks a wheelhouse before it is reused: its manifest is for v
// and t, every listed file is there with its recorded digest, and Salt's
// wheel declares its dependencies. The error says what is wrong.
func Validate(dir string, v saltver.Version, t Target) error {
	b, err := userfile.ReadFile(filepath.Join(dir, ManifestFile), userfile.Text)
	if userfile.Is(err) {
		return fmt.Errorf("validate wheelhouse %s: %w", dir, err)
	}
	if err != nil {
		return fmt.Errorf("validate wheelhouse %s: no %s (an interrupted or foreign folder)", dir, ManifestFile)
	}
	var m Manifest
	switch {
	case json.Unmarshal(b, &m) != nil:
		return fmt.Errorf("validate wheelhouse %s: %s is not valid JSON", dir, ManifestFile)
	case m.Salt != v.String() || m.Target != t.String():
		return fmt.Errorf("validate wheelhouse %s: it holds Salt %s for %s, want %s for %s", dir, m.Salt, m.Target, v, t)
	case len(m.Files) == 0:
		return fmt.Errorf("validate wheelhouse %s: the manifest lists no files", dir)
	}
	for _, f := range m.Files {
		if err := checkFile(dir, f, m.SHA256[f]); err != nil {
			return fmt.Errorf("validate wheelhouse %s: %w", dir, err)
		}
	}
	if m.SHA256 == nil {
		return nil // written before digests were recorded: presence is all it can show
	}
	wheel := filepath.Join(dir, "salt-"+v.String()+"-py3-none-any.whl")
	n, err := RequiresDist(wheel)
	if err != nil {
		return fmt.Errorf("validate wheelhouse %s: %w", dir, err)
	}
	if n == 0 {
		return fmt.Errorf("validate wheelhouse %s: %w", dir, errNoRequires(wheel))
	}
	return nil
}

func checkFile(dir, name, want string) error {
	path := filepath.Join(dir, name)
	if want == "" {
		_, err := userfile.Check(path, userfile.Archive)
		return err
	}
	got, err := fileSHA256(path)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("%s has sha256 %.12s, the manifest says %.12s (changed after it was written)", name, got, want)
	}
	return nil
}

func errNoRequires(wheel string) error {
	return fmt.Errorf("%s declares no dependencies (no Requires-Dist): it was built with a setuptools Salt does not support and would install without its dependencies", filepath.Base(wheel))
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
	m.SHA256 = map[string]string{}
	for n := range names {
		m.Files = append(m.Files, n)
		sum, err := fileSHA256(filepath.Join(tmp, n))
		if err != nil {
			return fmt.Errorf("finish wheelhouse: %w", err)
		}
		m.SHA256[n] = sum
	}
	sort.Strings(m.Files)
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := owned.WriteFile(filepath.Join(tmp, ManifestFile), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	// dir is replaced only when saltlab made it (owned.Replace): a folder
	// of the user's named by --dir is refused, never emptied.
	if err := owned.Replace(tmp, dir); err != nil {
		return fmt.Errorf("finish wheelhouse: %w", err)
	}
	return nil
}
