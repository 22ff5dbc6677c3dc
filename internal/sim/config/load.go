package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Kind selects the master or minion configuration.
type Kind string

// The two configuration kinds; the value is also the main file name.
const (
	Master Kind = "master"
	Minion Kind = "minion"
)

// DefaultDir is Salt's default configuration directory.
const DefaultDir = "/etc/salt"

// Load reads <dir>/<kind> and <dir>/<kind>.d/*.conf over the defaults. A
// missing main file is not an error (Salt starts with defaults too).
func Load(kind Kind, dir string) (Opts, error) {
	opts := MinionDefaults()
	if kind == Master {
		opts = MasterDefaults()
	}
	files := []string{filepath.Join(dir, string(kind))}
	extra, err := filepath.Glob(filepath.Join(dir, string(kind)+".d", "*.conf"))
	if err != nil {
		return nil, fmt.Errorf("list %s.d: %w", kind, err)
	}
	sort.Strings(extra)
	files = append(files, extra...)
	for _, f := range files {
		m, err := readYAML(f)
		if err != nil {
			return nil, err
		}
		// INFER: top-level override; Salt merges include files with
		// dictupdate, which only differs for nested mappings.
		for k, v := range m {
			opts[k] = v
		}
	}
	opts["conf_file"] = files[0]
	opts["config_dir"] = dir
	return opts, nil
}

func readYAML(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	if strings.TrimSpace(string(b)) == "" {
		return nil, nil
	}
	var m map[string]any
	if err := yaml.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("parse config %s: %w", path, err)
	}
	return m, nil
}
