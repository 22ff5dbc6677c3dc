package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ComposeFile is the file name of a topology under compose/<name>/.
const composeFile = "compose.yaml"

// Topologies lists the topology names available under repoRoot/compose.
func Topologies(repoRoot string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(repoRoot, "compose"))
	if err != nil {
		return nil, fmt.Errorf("list topologies: %w (is --root %s a saltlab checkout?)", err, repoRoot)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			if _, err := os.Stat(filepath.Join(repoRoot, "compose", e.Name(), composeFile)); err == nil {
				names = append(names, e.Name())
			}
		}
	}
	sort.Strings(names)
	return names, nil
}

// TopologyFile returns the compose file of a topology, or an error that
// lists the known topologies.
func TopologyFile(repoRoot, name string) (string, error) {
	known, err := Topologies(repoRoot)
	if err != nil {
		return "", err
	}
	for _, k := range known {
		if k == name {
			// Absolute, because run.json is read by later processes that
			// may run from another directory.
			return filepath.Abs(filepath.Join(repoRoot, "compose", name, composeFile))
		}
	}
	return "", fmt.Errorf("unknown topology %q: known topologies are %s (--topology NAME)", name, strings.Join(known, ", "))
}
