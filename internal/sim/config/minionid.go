package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// MinionID resolves the minion id like Salt: the `id` option, else the cached
// <config_dir>/minion_id, else the host name, which is then cached (when
// minion_id_caching is on) so the id survives host name changes.
func MinionID(opts Opts, hostname func() (string, error)) (string, error) {
	if id := opts.Str("id"); id != "" {
		return id, nil
	}
	cache := filepath.Join(opts.Str("config_dir"), "minion_id")
	b, err := os.ReadFile(cache)
	if err == nil && strings.TrimSpace(string(b)) != "" {
		return strings.TrimSpace(string(b)), nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("read minion_id: %w", err)
	}
	name, err := hostname()
	if err != nil {
		return "", fmt.Errorf("get hostname: %w", err)
	}
	if opts.Bool("minion_id_caching") {
		// Salt writes the id without a trailing newline.
		if err := os.WriteFile(cache, []byte(name), 0o644); err != nil {
			return "", fmt.Errorf("write minion_id: %w", err)
		}
	}
	return name, nil
}

// MasterID is the master's opts["id"] as salt-master and salt-key derive it
// from the same master configuration: the `id` option, else the host name
// with "_master" appended (INFER: the suffix is not read from Salt's source;
// what the double relies on is only that both programs derive the same id
// from the same configuration, which holds whatever the rule).
func MasterID(opts Opts, hostname func() (string, error)) (string, error) {
	if id := opts.Str("id"); id != "" {
		return id, nil
	}
	name, err := hostname()
	if err != nil {
		return "", fmt.Errorf("get hostname: %w", err)
	}
	return name + "_master", nil
}
