// Package prepare checks a drill before any Docker work: its file, its
// faults against the chaos catalogue, the services of its topology, and
// whether the machine holds its lab beside the drills in flight.
package prepare

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/usage"
)

// Lint checks a drill without a lab: its file against the schema, every
// file it names, its faults against the chaos catalogue, and the services
// it names against its topology's compose file.
func Lint(drills, root, name string) (*spec.Drill, error) {
	d, err := spec.Load(drills, name)
	if err != nil {
		return nil, err
	}
	file := filepath.Join(d.Dir, spec.FileName)
	var errs []error
	for i, a := range d.Incident {
		if a.Fault != nil {
			if _, err := ChaosSpec(*a.Fault); err != nil {
				errs = append(errs, fmt.Errorf("%s: incident[%d].fault: %w", file, i, err))
			}
		}
	}
	services, err := TopologyServices(root, d.Topology)
	if err != nil {
		errs = append(errs, fmt.Errorf("%s: topology: %w", file, err))
	} else {
		for _, n := range d.ServiceNames() {
			if !slices.Contains(services, n) {
				errs = append(errs, fmt.Errorf("%s: names service %q, which topology %s does not have (it has %s)", file, n, d.Topology, strings.Join(services, ", ")))
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, usage.Wrap(err)
	}
	return d, nil
}

// TopologyServices reads the service names of compose/<topology>.
func TopologyServices(root, topology string) ([]string, error) {
	path := filepath.Join(root, "compose", topology, "compose.yaml")
	b, err := spec.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no topology %q (no %s)", topology, path)
		}
		return nil, err
	}
	var f struct {
		Services map[string]yaml.Node `yaml:"services"`
	}
	if err := yaml.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var out []string
	for n := range f.Services {
		out = append(out, n)
	}
	slices.Sort(out)
	return out, nil
}
