package knobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/usage/valid"
	"github.com/saltlab/saltlab/internal/userfile"
)

// MaxContainers bounds the minion containers of a lab: each is a container
// on a /24 whose dynamic range (the upper /25) holds 126 addresses. Up to
// this many, --minions N runs one minion per container.
const MaxContainers = 120

// MaxMinions bounds --minions whatever the flavour and machine: beyond
// MaxContainers the minions run as swarms (Fleet.Layout), at most SwarmSize per
// container. What one flavour holds on this machine is checked later,
// against its memory (runner), before any Docker work.
const MaxMinions = MaxContainers * SwarmSize

// Inputs are the knobs as given on the command line.
type Inputs struct {
	Minions int // 0 keeps the topology's own minions
	// MinionsPerContainer is --minions-per-container, 0 for the default
	// layout (Fleet.PerContainer).
	MinionsPerContainer int
	// KeepFleetKeys keeps a fleet's minion keys in the volume
	// SwarmKeysVolume for the next fleet (--keep-fleet-keys); off, a fleet
	// generates its keys and leaves nothing behind.
	KeepFleetKeys bool
	Sets          []string // KEY=VALUE, see ParseSets
	States        string   // replaces /srv/salt
	Pillar        string   // replaces /srv/pillar
	MasterConfig  string   // extra master.d drop-ins, read after the topology's
	MinionConfig  string   // extra minion.d drop-ins, read after the topology's
	// Root is the saltlab checkout: without --states and --pillar the
	// run mounts its example states and pillar (ExamplesDir). Empty for a
	// user's compose file, which mounts its own.
	Root string
}

// Settings are the resolved knobs of one run. They are saved in run.json so
// that a later process (status, logs, down) rebuilds the same project.
type Settings struct {
	Minions int `json:"minions,omitempty"`
	// MinionsPerContainer is Fleet.PerContainer.
	MinionsPerContainer int `json:"minions_per_container,omitempty"`
	// KeepFleetKeys: the swarms keep their keys in SwarmKeysVolume.
	KeepFleetKeys bool `json:"keep_fleet_keys,omitempty"`
	// SwarmStart is how long each minion of a fleet in swarms is given
	// to start (the flavour's, capacity.SwarmStart): a swarm container's
	// health check start period is the fleet's size times this.
	SwarmStart time.Duration `json:"swarm_start_ns,omitempty"`
	States     string        `json:"states,omitempty"`
	Pillar     string        `json:"pillar,omitempty"`
	// DropIns maps a topology's drop-in directory (a bind mount source on
	// /etc/salt/<kind>.d; "minion"/"master" for services without one) to
	// the per-run directory that replaces it.
	DropIns map[string]string `json:"drop_ins,omitempty"`
}

// Parsed is Inputs checked and parsed once, before any Docker work and
// before the compose project is loaded: directories made absolute, and
// --set parsed and rendered to the drop-in text it becomes. Resolve
// writes it out for one project; the zero value is no knobs.
type Parsed struct {
	fleet          Fleet
	keepFleetKeys  bool
	states, pillar string
	overrides      Overrides       // --set, parsed
	sets           map[Kind][]byte // the --set drop-in body of each kind
	config         map[Kind]string // user drop-in dirs, absolute
}

// Fleet is --minions and --minions-per-container; Minions is 0 when the
// topology's own minions run.
func (p Parsed) Fleet() Fleet { return p.fleet }

// Fleet is the saved --minions and --minions-per-container.
func (s Settings) Fleet() Fleet {
	return Fleet{Minions: s.Minions, PerContainer: s.MinionsPerContainer}
}

// FleetStart is the start period of every swarm container's health
// check: every swarm starts at once on the host's cores, so it counts
// the whole fleet, SwarmStart a minion. 0 without swarms.
func (s Settings) FleetStart() time.Duration {
	if !s.Fleet().Swarmed() {
		return 0
	}
	return time.Duration(s.Minions) * s.SwarmStart
}

// Parse checks every knob, so that bad input fails before any image is
// built or container created, and resolves them for Resolve.
func (in Inputs) Parse() (Parsed, error) {
	f := Fleet{Minions: in.Minions, PerContainer: in.MinionsPerContainer}
	v := Parsed{fleet: f, keepFleetKeys: in.KeepFleetKeys, config: map[Kind]string{}}
	var errs []error
	// 0 is not a user's value here but "the topology's own minions".
	if in.Minions != 0 {
		if err := valid.Int("--minions", in.Minions, 1, MaxMinions, fmt.Sprintf("want 1 to %d, or leave it out for the topology's own minions", MaxMinions)); err != nil {
			errs = append(errs, err)
		}
	}
	errs = append(errs, checkFleetLayout(f)...)
	if in.KeepFleetKeys && !f.Swarmed() {
		errs = append(errs, fmt.Errorf("validate --keep-fleet-keys: only a fleet in swarms has keys to keep: add --minions %d or more (or --minions-per-container 2 or more), or leave the flag out", MaxContainers+1))
	}
	if o, sets, err := renderSets(in.Sets); err != nil {
		errs = append(errs, err)
	} else {
		v.overrides, v.sets = o, sets
	}
	if in.States == "" && in.Pillar == "" {
		in.States, in.Pillar = examples(in.Root)
	}
	dirs := []struct {
		flag, path string
		into       func(string)
	}{
		{"--states", in.States, func(p string) { v.states = p }},
		{"--pillar", in.Pillar, func(p string) { v.pillar = p }},
		{"--master-config", in.MasterConfig, func(p string) { v.config[Master] = p }},
		{"--minion-config", in.MinionConfig, func(p string) { v.config[Minion] = p }},
	}
	for _, d := range dirs {
		if d.path == "" {
			continue
		}
		abs, err := readableDir(d.path)
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
		if d.flag == "--states" {
			if err := checkStatesDir(abs, in.MasterConfig); err != nil {
				errs = append(errs, fmt.Errorf("validate --states: %w", err))
				continue
			}
		}
		if d.flag == "--master-config" || d.flag == "--minion-config" {
			if err := checkDropIns(abs); err != nil {
				errs = append(errs, fmt.Errorf("validate %s: %w", d.flag, err))
				continue
			}
		}
		d.into(abs)
	}
	if err := errors.Join(errs...); err != nil {
		return Parsed{}, err
	}
	return v, nil
}

// checkFleetLayout checks --minions-per-container: it shapes a fleet,
// at most SwarmSize share a container, and the fleet's containers must
// fit MaxContainers (a lab's network).
func checkFleetLayout(f Fleet) []error {
	if f.PerContainer == 0 {
		return nil
	}
	const flag = "--minions-per-container"
	if err := valid.Int(flag, f.PerContainer, 1, SwarmSize, fmt.Sprintf("want 1 (a container each) to %d, or leave it out for the default layout", SwarmSize)); err != nil {
		return []error{err}
	}
	if f.Minions == 0 {
		return []error{fmt.Errorf("validate %s %d: it says how a fleet shares containers, and there is none: add --minions N, or leave it out", flag, f.PerContainer)}
	}
	if n, _ := f.Layout(); n > MaxContainers {
		least := (f.Minions + MaxContainers - 1) / MaxContainers
		return []error{fmt.Errorf("validate %s %d: --minions %d would take %d containers, more than the %d a lab's network holds; use %s %d or more", flag, f.PerContainer, f.Minions, n, MaxContainers, flag, least)}
	}
	return nil
}

// renderSets parses the --set pairs and renders each kind's drop-in.
func renderSets(pairs []string) (Overrides, map[Kind][]byte, error) {
	o, err := ParseSets(pairs)
	if err != nil {
		return nil, nil, err
	}
	out := map[Kind][]byte{}
	for _, k := range []Kind{Master, Minion} {
		body, err := o.YAML(k)
		if err != nil {
			return nil, nil, err
		}
		if len(body) > 0 {
			out[k] = body
		}
	}
	return o, out, nil
}

// checkDropIns checks, before any Docker work, the files of a drop-in
// directory that a run copies (copyFiles: its regular files): each must
// be one saltlab reads whole (userfile: at most userfile.Text).
func checkDropIns(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read %s: %w", dir, err)
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue // not copied: Salt reads <kind>.d/*.conf files only
		}
		if _, err := userfile.Check(filepath.Join(dir, e.Name()), userfile.Text); err != nil {
			return err
		}
	}
	return nil
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
