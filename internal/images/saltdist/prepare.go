package saltdist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Compiler builds wheels from source archives for the image's Python, in
// a container made from the image's own Debian, with no network: the host
// needs no compiler and the wheels match the image's glibc and Python.
type Compiler interface {
	// CompileWheels builds a wheel of every source archive in src, with
	// build dependencies taken only from the wheels in deps, into out.
	CompileWheels(ctx context.Context, src, deps, out string) error
}

// maxCompiled bounds how many wheel-less dependencies Prepare builds or
// lock pins it drops before it gives up; Salt has a handful at most.
const maxCompiled = 10

// setuptoolsForSalt is the setuptools Salt supports for building a source
// archive that declares no [build-system] of its own (Salt pins
// setuptools<80 since saltstack/salt#67994; newer ones build a wheel
// without Requires-Dist, #65149).
const setuptoolsForSalt = "setuptools<80\n"

// preparation is one Prepare: the folders it fills and what it learned.
type preparation struct {
	p       Pip
	c       Compiler
	t       Target
	v       saltver.Version
	out     string // the wheelhouse being filled (dir.partial)
	work    string // scratch: source archives, build dependencies
	pins    Pins
	dropped map[string]Deviation
	m       Manifest
}

// Prepare fills dir with wheels of Salt v, the Extras and every dependency
// for the image's Python t, so the image installs with no network. Salt's
// own source archive is built into a wheel on the host (it is pure Python)
// with the setuptools it supports, and refused if it declares no
// dependencies. Dependencies are constrained by the lock the source
// archive ships for t's Python; one with no wheel for t is compiled from
// source by c. dir appears only when complete. dir and the folders
// Prepare works in beside it (Folders) must be missing or saltlab's
// (owned): a folder of the user's is refused, never emptied.
func Prepare(ctx context.Context, p Pip, c Compiler, dir string, v saltver.Version, t Target) error {
	if err := CheckFolders(dir); err != nil {
		return fmt.Errorf("prepare wheelhouse: %w", err)
	}
	folders := Folders(dir)
	pr := &preparation{p: p, c: c, t: t, v: v, out: folders[1], work: folders[2], dropped: map[string]Deviation{},
		m: Manifest{Salt: v.String(), Target: t.String(), Extras: Extras}}
	for _, d := range []string{pr.out, pr.work} {
		// What an interrupted Prepare left (marked as saltlab's) goes.
		if err := owned.RemoveAll(d); err != nil {
			return fmt.Errorf("prepare wheelhouse: %w", err)
		}
		if _, err := owned.Claim(d, 0o755); err != nil {
			return fmt.Errorf("prepare wheelhouse: %w", err)
		}
		defer owned.RemoveAll(d)
	}
	if err := pr.saltWheel(ctx); err != nil {
		return err
	}
	if err := pr.dependencies(ctx); err != nil {
		return err
	}
	return finish(pr.out, dir, pr.m)
}

// saltWheel fetches Salt's source archive, reads its lock and build
// system, and builds the wheel.
func (pr *preparation) saltWheel(ctx context.Context) error {
	req := "salt==" + pr.v.String()
	sdist, err := pr.fetch(ctx, filepath.Join(pr.work, "salt"), req)
	if err != nil {
		return err
	}
	lock := LockPath(pr.t.Python)
	files, err := sdistMembers(sdist, "pyproject.toml", lock)
	if err != nil {
		return err
	}
	if text, ok := files[lock]; ok {
		pr.pins = ParseLock(string(text))
		pr.m.Lock, pr.m.Pinned = lock, len(pr.pins)
	}
	buildConstraints := ""
	if _, declared := buildRequires(files["pyproject.toml"]); !declared {
		buildConstraints = filepath.Join(pr.work, "build-constraints.txt")
		if err := owned.WriteFile(buildConstraints, []byte(setuptoolsForSalt), 0o644); err != nil {
			return fmt.Errorf("write build constraints: %w", err)
		}
	}
	if out, err := pr.p.buildSaltWheel(ctx, pr.out, sdist, buildConstraints); err != nil {
		return newIndexError("build the wheel of "+req+" (pip wheel)", out, err)
	}
	wheel := filepath.Join(pr.out, "salt-"+pr.v.String()+"-py3-none-any.whl")
	n, err := RequiresDist(wheel)
	if err != nil {
		return fmt.Errorf("check Salt's wheel: %w", err)
	}
	if n == 0 {
		return errNoRequires(wheel)
	}
	return nil
}

// fetch downloads one source archive into dir and returns its path.
func (pr *preparation) fetch(ctx context.Context, dir, req string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("fetch %s: %w", req, err)
	}
	if out, err := pr.p.fetchSdist(ctx, dir, req); err != nil {
		return "", newIndexError("download the source archive of "+req+" (pip download --no-binary)", out, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		return "", fmt.Errorf("fetch %s: want one source archive in %s, found %d", req, dir, len(entries))
	}
	return filepath.Join(dir, entries[0].Name()), nil
}

// dependencies downloads every dependency as a wheel for the image,
// compiling those that have none and dropping lock pins the index lacks.
func (pr *preparation) dependencies(ctx context.Context) error {
	reqs := append([]string{"salt==" + pr.v.String()}, Extras...)
	for round := 0; ; round++ {
		constraints, err := pr.constraints()
		if err != nil {
			return err
		}
		out, err := pr.p.download(ctx, pr.out, constraints, pr.t, reqs)
		if err == nil {
			return nil
		}
		missing := missingRequirement(out)
		name := ReqName(missing)
		if missing == "" || name == "salt" || round == maxCompiled {
			return newIndexError(fmt.Sprintf("download Salt %s's dependencies for %s (pip download)", pr.v, pr.t), out, err)
		}
		if err := pr.resolveMissing(ctx, round, name, missing, out, err); err != nil {
			return err
		}
	}
}

// resolveMissing handles one requirement pip found no wheel for: compile
// it from its source archive, or, when not even that exists at the
// version Salt's lock pins, drop the pin and resolve within Salt's own
// requirement.
func (pr *preparation) resolveMissing(ctx context.Context, round int, name, missing, pipOut string, pipErr error) error {
	req := missing
	pin, pinned := pr.pins[name]
	if _, gone := pr.dropped[name]; pinned && !gone {
		req = name + "==" + pin
	}
	src := filepath.Join(pr.work, fmt.Sprintf("src-%d", round))
	sdist, err := pr.fetch(ctx, src, req)
	if err != nil {
		if _, gone := pr.dropped[name]; pinned && !gone {
			dev := Deviation{Project: name, Locked: pin, Why: "the package index has neither a wheel nor a source archive of " + req + "; resolved within Salt's own requirement instead"}
			pr.dropped[name] = dev
			pr.m.Deviations = append(pr.m.Deviations, dev)
			return nil
		}
		return &MissingError{Project: name, Requirement: missing, Salt: pr.v, Target: pr.t, cause: newIndexError("download "+missing+" for "+pr.t.String(), pipOut, pipErr)}
	}
	return pr.compile(ctx, name, src, sdist)
}

// compile builds one source archive into a wheel in the builder.
func (pr *preparation) compile(ctx context.Context, name, src, sdist string) error {
	if pr.c == nil {
		return fmt.Errorf("%s has no wheel for the image's Python (%s) and must be compiled, which needs the builder container: run saltlab with access to the Docker engine", name, pr.t)
	}
	files, err := sdistMembers(sdist, "pyproject.toml")
	if err != nil {
		return err
	}
	buildReqs, _ := buildRequires(files["pyproject.toml"])
	deps := filepath.Join(pr.work, "build-deps")
	if err := os.MkdirAll(deps, 0o755); err != nil {
		return fmt.Errorf("compile %s: %w", name, err)
	}
	// setuptools and wheel: pip's fallback for a setup.py-only archive.
	reqs := append(append([]string{}, buildReqs...), "setuptools", "wheel")
	if out, err := pr.p.download(ctx, deps, "", pr.t, reqs); err != nil {
		return newIndexError("download the build dependencies of "+name+" ("+strings.Join(buildReqs, ", ")+")", out, err)
	}
	before, _ := wheelNames(pr.out)
	if err := pr.c.CompileWheels(ctx, src, deps, pr.out); err != nil {
		return fmt.Errorf("compile %s from %s: %w", name, filepath.Base(sdist), err)
	}
	after, _ := wheelNames(pr.out)
	for w := range after {
		if !before[w] && wheelProject(w) == name {
			pr.m.Compiled = append(pr.m.Compiled, w)
			return nil
		}
	}
	return fmt.Errorf("compile %s from %s: the builder wrote no wheel of %s", name, filepath.Base(sdist), name)
}

// constraints writes the lock's pins less the dropped ones; "" without a
// lock.
func (pr *preparation) constraints() (string, error) {
	if len(pr.pins) == 0 {
		return "", nil
	}
	path := filepath.Join(pr.work, "constraints.txt")
	if err := owned.WriteFile(path, []byte(pr.pins.constraintsText(pr.dropped)), 0o644); err != nil {
		return "", fmt.Errorf("write constraints: %w", err)
	}
	return path, nil
}

// MissingError: a dependency of Salt that the package index cannot give
// in any form the image can use. A line of releases can fall back to an
// older release of the line on it.
type MissingError struct {
	Project, Requirement string
	Salt                 saltver.Version
	Target               Target
	cause                error
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("Salt %s needs %s, which the package index has neither as a wheel for %s nor as a source archive: %v", e.Salt, e.Requirement, e.Target, e.cause)
}

func (e *MissingError) Unwrap() error { return e.cause }

// IsMissing says whether err is a *MissingError.
func IsMissing(err error) bool {
	var m *MissingError
	return errors.As(err, &m)
}

// wheelProject is the normalised project name of a wheel file name
// ("timelib-0.3.0-cp311-cp311-linux_x86_64.whl" -> "timelib").
func wheelProject(file string) string {
	name, _, _ := strings.Cut(file, "-")
	return NormalizeName(name)
}

func fileSHA256(path string) (string, error) {
	f, err := userfile.Open(path, userfile.Archive)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hash %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
