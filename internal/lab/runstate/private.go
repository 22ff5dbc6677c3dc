package runstate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
// ~/.local/state/saltlab. It is deliberately outside reports/: reports are
// meant to be shared and uploaded as CI artifacts; credentials and the
// user's config drop-ins must not travel with them.
func PrivateRoot(getenv func(string) string) (string, error) {
	dir := getenv(StateDirVar)
	switch {
	case dir != "":
	case getenv("XDG_STATE_HOME") != "":
		dir = filepath.Join(getenv("XDG_STATE_HOME"), "saltlab")
	case getenv("HOME") != "":
		dir = filepath.Join(getenv("HOME"), ".local", "state", "saltlab")
	default:
		return "", fmt.Errorf("find private state dir: set %s, XDG_STATE_HOME or HOME", StateDirVar)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("find private state dir: %w", err)
	}
	return abs, nil
}

// MakePrivate creates the private directory of runID under root, mode
// 0700, and returns its absolute path.
func MakePrivate(root, runID string) (string, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return "", fmt.Errorf("create private state dir: %w", err)
	}
	dir := filepath.Join(root, runID)
	if err := os.Mkdir(dir, 0o700); err != nil {
		return "", fmt.Errorf("create private run dir: %w", err)
	}
	return dir, nil
}

// RemovePrivate deletes a run's private directory (its secrets and config
// copies) as the run's lab goes away; one already gone is fine.
func RemovePrivate(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.RemoveAll(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove private run dir: %w", err)
	}
	return nil
}
