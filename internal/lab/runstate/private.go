package runstate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/usage"
)

// StateDirVar overrides where private run directories live.
const StateDirVar = "SALTLAB_STATE_DIR"

// Files inside a private run directory.
const (
	// APIPasswordFile holds the run's salt-api password (mode 0600),
	// bind-mounted read-only into the masters.
	APIPasswordFile = "api-password"
	// ConfigDir holds the per-run master.d/minion.d drop-in directories,
	// which may carry the user's secrets (--master-config, --minion-config).
	ConfigDir = "config"
)

// PrivateRoot returns the directory that holds every run's private
// directory: $SALTLAB_STATE_DIR, else $XDG_STATE_HOME/saltlab, else
// ~/.local/state/saltlab, absolute with its symlinks resolved. It is
// deliberately outside reports/: reports are meant to be shared and
// uploaded as CI artifacts; credentials and the user's config drop-ins
// must not travel with them. saltlab removes what it finds there (`down
// --all`), so a folder it may not use is a usage error naming where the
// folder came from: /, a home or system folder (owned.Root), or a folder
// of the user's (files, and no saltlab marker: owned.Claimable).
func PrivateRoot(getenv func(string) string) (string, error) {
	dir, from := getenv(StateDirVar), StateDirVar+"="+getenv(StateDirVar)
	switch {
	case dir != "":
	case getenv("XDG_STATE_HOME") != "":
		dir = filepath.Join(getenv("XDG_STATE_HOME"), "saltlab")
		from = "the private state dir " + dir + " (XDG_STATE_HOME)"
	case getenv("HOME") != "":
		dir = filepath.Join(getenv("HOME"), ".local", "state", "saltlab")
		from = "the private state dir " + dir + " (HOME)"
	default:
		return "", fmt.Errorf("find private state dir: set %s, XDG_STATE_HOME or HOME", StateDirVar)
	}
	abs, err := owned.Root(dir)
	if err == nil {
		err = owned.Claimable(abs)
	}
	if owned.IsRefusal(err) && adoptLegacy(abs) {
		err = nil
	}
	var r *owned.Refusal
	if errors.As(err, &r) {
		r.Fix = "set " + StateDirVar + " to a folder of saltlab's own (a new or empty one)"
		return "", usage.Errorf("%s: %w", from, r)
	}
	if err != nil {
		return "", fmt.Errorf("find private state dir: %w", err)
	}
	return abs, nil
}

// adoptLegacy marks root and the private directories in it as saltlab's
// when root is what an older saltlab left, which wrote no marker: every
// entry a private directory of a run (legacyPrivate). Anything else in it
// and nothing is marked: the folder stays the user's, and refused.
func adoptLegacy(root string) bool {
	fi, err := os.Lstat(root)
	if err != nil || !fi.IsDir() {
		return false
	}
	entries, err := os.ReadDir(root)
	if err != nil || len(entries) == 0 {
		return false
	}
	var dirs []string
	for _, e := range entries {
		p := filepath.Join(root, e.Name())
		if e.Name() == owned.Marker || owned.Is(p) {
			continue
		}
		if !legacyPrivate(p, true) {
			return false
		}
		dirs = append(dirs, p)
	}
	for _, d := range dirs {
		subs, _ := os.ReadDir(d)
		for _, s := range subs {
			if s.IsDir() && s.Name() != ConfigDir {
				if owned.Adopt(filepath.Join(d, s.Name())) != nil {
					return false
				}
			}
		}
		if owned.Adopt(d) != nil {
			return false
		}
	}
	return owned.Adopt(root) == nil
}

// legacyPrivate says whether dir is laid out as saltlab writes a run's
// private directory: named as a run id, holding at most the salt-api
// password file and the config folder of drop-in copies (its
// master.d-N and minion.d-N folders of files), and, for a run with
// several labs (withLabs), a folder of that layout per lab.
func legacyPrivate(dir string, withLabs bool) bool {
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() || labels.ValidateRunID(filepath.Base(dir)) != nil {
		return false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == APIPasswordFile && e.Type().IsRegular():
		case e.Name() == ConfigDir && e.IsDir() && legacyConfig(p):
		case withLabs && e.IsDir() && legacyPrivate(p, false):
		default:
			return false
		}
	}
	return true
}

// legacyConfig: a private directory's config folder, its drop-in folders
// (master.d-1, minion.d-2, ...) holding files only.
func legacyConfig(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		kind, n, ok := strings.Cut(name, ".d-")
		if !e.IsDir() || !ok || (kind != "master" && kind != "minion") || strings.Trim(n, "0123456789") != "" || n == "" {
			return false
		}
		files, err := os.ReadDir(filepath.Join(dir, name))
		if err != nil {
			return false
		}
		for _, f := range files {
			if !f.Type().IsRegular() {
				return false
			}
		}
	}
	return true
}

// MakePrivate creates the private directory of runID (of its lab, in a
// run with several: <root>/<run id>/<lab>), mode 0700, each folder marked
// as saltlab's, and returns its absolute path. A run id is used once: a
// private directory already there is an error.
func MakePrivate(root, runID, lab string) (string, error) {
	dirs := []string{root, filepath.Join(root, runID)}
	if lab != "" {
		dirs = append(dirs, filepath.Join(root, runID, lab))
	}
	last := dirs[len(dirs)-1]
	if _, err := os.Lstat(last); err == nil {
		return "", fmt.Errorf("create private run dir: %s exists (a run id is used once)", last)
	}
	for _, d := range dirs {
		if _, err := owned.Claim(d, 0o700); err != nil {
			return "", fmt.Errorf("create private run dir: %w", err)
		}
	}
	return last, nil
}

// RemovePrivate deletes a run's private directory (its secrets and config
// copies) as the run's lab goes away; one already gone is fine, one
// without saltlab's marker is left and named.
func RemovePrivate(dir string) error {
	if dir == "" {
		return nil
	}
	if err := owned.RemoveAll(dir); err != nil {
		return fmt.Errorf("remove private run dir: %w", err)
	}
	return nil
}

// PrivateDirs lists the private directories under root (saltlab's, each
// marked), and apart from them what else is there: entries saltlab did
// not make, which it leaves alone.
func PrivateDirs(root string) (dirs, others []string, err error) {
	entries, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("list private run dirs: %w", err)
	}
	for _, e := range entries {
		p := filepath.Join(root, e.Name())
		switch {
		case e.Name() == owned.Marker:
		case e.IsDir() && owned.Is(p):
			dirs = append(dirs, p)
		default:
			others = append(others, p)
		}
	}
	return dirs, others, nil
}
