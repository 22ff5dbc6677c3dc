// Package knobs holds the per-run settings a user layers over a topology:
// the minion count (--minions), Salt option overrides (--set) and the
// CI-gate inputs (--states, --pillar, --master-config, --minion-config). It
// validates them, writes the per-run drop-in directories, and rewrites the
// compose-go model of the topology before any container is created.
package knobs

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
)

// SetFile is the drop-in --set writes; "zz-" sorts it after every other
// *.conf, so its values win (Salt reads minion.d/*.conf in sorted order).
const SetFile = "zz-saltlab-set.conf"

// Kind is a Salt daemon whose configuration a knob targets.
type Kind string

// The configurable kinds; the value is the --set prefix and the drop-in
// directory name stem (minion.d, master.d).
const (
	Minion Kind = "minion"
	Master Kind = "master"
)

// Overrides maps each kind to its Salt options, as given with --set.
type Overrides map[Kind]map[string]any

// ParseSets parses KEY=VALUE pairs such as "minion.master_alive_interval=5".
// VALUE is a YAML scalar or flow value ("5", "true", "[a, b]"), the way it
// would be written in a Salt config file.
func ParseSets(pairs []string) (Overrides, error) {
	out := Overrides{}
	for _, p := range pairs {
		key, val, ok := strings.Cut(p, "=")
		if !ok {
			return nil, fmt.Errorf("parse --set %q: want KEY=VALUE, e.g. minion.master_alive_interval=5", p)
		}
		prefix, opt, ok := strings.Cut(strings.TrimSpace(key), ".")
		kind := Kind(prefix)
		if !ok || (kind != Minion && kind != Master) {
			return nil, fmt.Errorf("parse --set %q: unknown prefix %q: the key must start with \"minion.\" or \"master.\"", p, prefix)
		}
		if !saltopts.IsOptionName(opt) {
			return nil, fmt.Errorf("parse --set %q: invalid Salt option name %q: want lowercase words of letters, digits and underscores, dotted for a module's setting (mysql.host)", p, opt)
		}
		var v any
		if err := yaml.Unmarshal([]byte(val), &v); err != nil {
			return nil, fmt.Errorf("parse --set %q: value is not YAML: %w", p, err)
		}
		if v == nil {
			return nil, fmt.Errorf("parse --set %q: no value: give one in YAML, e.g. %s.%s=5", p, kind, opt)
		}
		if err := checkType(kind, opt, v); err != nil {
			return nil, fmt.Errorf("parse --set %q: Salt's %s option %s: %w", p, kind, opt, err)
		}
		if out[kind] == nil {
			out[kind] = map[string]any{}
		}
		out[kind][opt] = v
	}
	return out, nil
}

// YAML renders one kind's overrides as a drop-in file body, keys sorted.
func (o Overrides) YAML(kind Kind) ([]byte, error) {
	opts := o[kind]
	if len(opts) == 0 {
		return nil, nil
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	doc := &yaml.Node{Kind: yaml.MappingNode}
	for _, k := range keys {
		var v yaml.Node
		if err := v.Encode(opts[k]); err != nil {
			return nil, fmt.Errorf("encode --set %s.%s: %w", kind, k, err)
		}
		doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, &v)
	}
	body, err := yaml.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("encode --set %s overrides: %w", kind, err)
	}
	header := fmt.Sprintf("# Written by saltlab from --set %s.*; read after every other %s.d file.\n", kind, kind)
	return append([]byte(header), body...), nil
}
