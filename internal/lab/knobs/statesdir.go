package knobs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/userfile"
)

// topFile is Salt's default state_top: the file a highstate reads to map
// minions to SLS files (salt/config/__init__.py DEFAULT_MASTER_OPTS).
const topFile = "top.sls"

// ExamplesDir is where a saltlab checkout keeps the example states and
// pillar (states/, pillar/) that a run mounts when given neither --states
// nor --pillar: they converge offline, so the CI gate scenarios have
// something to apply.
const ExamplesDir = "examples"

// checkStatesDir rejects a --states directory no highstate can use, before
// any Docker work: an empty one, or one without a top file (unless the
// user's master drop-ins set state_top to another name, which Salt would
// read instead).
func checkStatesDir(dir, masterConfig string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read %s: %w", dir, err)
	}
	if len(entries) == 0 {
		return fmt.Errorf("%s is empty: put your SLS files there with a %s that maps minions to them (example: %s/states/%s)", dir, topFile, ExamplesDir, topFile)
	}
	top := filepath.Join(dir, topFile)
	if _, err := userfile.Check(top, userfile.Text); userfile.Is(err) {
		return fmt.Errorf("%w (Salt reads it whole for every highstate)", err) // a fifo would hang the masters' highstate
	} else if err == nil || setsStateTop(masterConfig) {
		return nil
	}
	return fmt.Errorf("%s has no %s, so a highstate applies nothing (Salt answers \"No Top file or master_tops data matches found\"): add a %s mapping minions to your SLS files, e.g. \"base: {'*': [mystate]}\" (example: %s/states/%s)", dir, topFile, topFile, ExamplesDir, topFile)
}

// setsStateTop reports whether a drop-in in dir sets state_top.
func setsStateTop(dir string) bool {
	if dir == "" {
		return false
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.conf"))
	for _, f := range files {
		b, err := userfile.ReadFile(f, userfile.Text)
		if err != nil {
			continue // not a drop-in Salt reads either; copying it fails naming it
		}
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "state_top:") {
				return true
			}
		}
	}
	return false
}

// examples returns the example states and pillar under root, when the
// checkout has them ("" otherwise: an older checkout keeps the
// topology's own, empty, states).
func examples(root string) (states, pillar string) {
	if root == "" {
		return "", ""
	}
	s, p := filepath.Join(root, ExamplesDir, "states"), filepath.Join(root, ExamplesDir, "pillar")
	for _, d := range []string{s, p} {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return "", ""
		}
	}
	return s, p
}
