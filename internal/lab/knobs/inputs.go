package knobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// MaxMinions bounds --minions: each minion is a container on a /24 whose
// dynamic range (the upper /25) holds 126 addresses.
const MaxMinions = 120

// Inputs are the knobs as given on the command line.
type Inputs struct {
	Minions      int      // 0 keeps the topology's own minions
	Sets         []string // KEY=VALUE, see ParseSets
	States       string   // replaces /srv/salt
	Pillar       string   // replaces /srv/pillar
	MasterConfig string   // extra master.d drop-ins, read after the topology's
	MinionConfig string   // extra minion.d drop-ins, read after the topology's
}

// Settings are the resolved knobs of one run. They are saved in run.json so
// that a later process (status, logs, down) rebuilds the same project.
type Settings struct {
	Minions int    `json:"minions,omitempty"`
	States  string `json:"states,omitempty"`
	Pillar  string `json:"pillar,omitempty"`
	// DropIns maps a topology's drop-in directory (a bind mount source on
	// /etc/salt/<kind>.d; "minion"/"master" for services without one) to
	// the per-run directory that replaces it.
	DropIns map[string]string `json:"drop_ins,omitempty"`
}

// validated is Inputs checked and parsed, ready to build drop-ins.
type validated struct {
	Inputs
	overrides Overrides
	config    map[Kind]string // user drop-in dirs, absolute
}

// Validate checks every knob and returns the absolute paths, so that bad
// input fails before any image is built or container created.
func (in Inputs) validate() (validated, error) {
	v := validated{Inputs: in, config: map[Kind]string{}}
	var errs []error
	// 0 is not a user's value here but "the topology's own minions".
	if in.Minions != 0 {
		if err := valid.Int("--minions", in.Minions, 1, MaxMinions, fmt.Sprintf("want 1 to %d, or leave it out for the topology's own minions", MaxMinions)); err != nil {
			errs = append(errs, err)
		}
	}
	var err error
	if v.overrides, err = ParseSets(in.Sets); err != nil {
		errs = append(errs, err)
	}
	dirs := []struct {
		flag string
		path *string
	}{{"--states", &v.States}, {"--pillar", &v.Pillar}, {"--master-config", &v.MasterConfig}, {"--minion-config", &v.MinionConfig}}
	for _, d := range dirs {
		if *d.path == "" {
			continue
		}
		abs, err := readableDir(*d.path)
		if err != nil {
			errs = append(errs, fmt.Errorf("validate %s: %w", d.flag, err))
			continue
		}
		// Bound into the masters or minions: the compose policy's rule
		// for bind mounts holds for it too.
		if err := policy.OSRules().HostPath(abs); err != nil {
			errs = append(errs, fmt.Errorf("validate %s: %w: a lab container would see the host's own files; name a directory of your own (%s)", d.flag, err, policy.Doc))
			continue
		}
		*d.path = abs
	}
	if v.MasterConfig != "" {
		v.config[Master] = v.MasterConfig
	}
	if v.MinionConfig != "" {
		v.config[Minion] = v.MinionConfig
	}
	return v, errors.Join(errs...)
}

// Validate checks the inputs without side effects.
func (in Inputs) Validate() error {
	_, err := in.validate()
	return err
}

func readableDir(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("directory %s: %w", path, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", path)
	}
	if _, err := os.ReadDir(abs); err != nil {
		return "", fmt.Errorf("directory %s is not readable: %w", path, err)
	}
	return abs, nil
}
