package pillar

import (
	"fmt"
	"strconv"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"gopkg.in/yaml.v3"
)

// decodeYAML parses one SLS document keeping mapping key order (Salt's
// OrderedDict renderer output), so pillar.items prints keys as written.
func decodeYAML(b []byte) (any, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, err
	}
	if n.Kind == 0 {
		return nil, nil // empty file
	}
	return fromNode(&n)
}

func fromNode(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return fromNode(n.Content[0])
	case yaml.AliasNode:
		return fromNode(n.Alias)
	case yaml.MappingNode:
		m := jsonout.NewMap()
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			v, err := fromNode(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m.Set(k, v)
		}
		return m, nil
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := fromNode(c)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	case yaml.ScalarNode:
		return scalar(n)
	}
	return nil, fmt.Errorf("line %d: unsupported yaml node", n.Line)
}

func scalar(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		err := n.Decode(&b)
		return b, err
	case "!!int":
		if i, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return i, nil
		}
		var f float64
		err := n.Decode(&f)
		return f, err
	case "!!float":
		var f float64
		err := n.Decode(&f)
		return f, err
	}
	if n.Style == 0 {
		// PyYAML resolves YAML 1.1 booleans that yaml.v3 leaves as strings.
		switch n.Value {
		case "yes", "Yes", "YES", "on", "On", "ON":
			return true, nil
		case "no", "No", "NO", "off", "Off", "OFF":
			return false, nil
		}
	}
	return n.Value, nil
}
