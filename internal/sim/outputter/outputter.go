// Package outputter renders CLI results with Salt's outputters: json
// (delegated to jsonout) and nested, the default for most functions.
package outputter

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// Options are the --out/--out-indent choices.
type Options struct {
	Out    string // "json", "nested", "" (= nested)
	Indent int    // --out-indent, default 4
}

// Render formats v as one document (without trailing newline).
func Render(v any, o Options) (string, error) {
	switch o.Out {
	case "json":
		return jsonout.Render(v, o.Indent)
	case "", "nested", "highstate", "txt", "yaml", "key":
		// INFER: txt/yaml/highstate fall back to nested in the double.
		var lines []string
		nested(v, 0, "", &lines)
		return strings.Join(lines, "\n"), nil
	}
	return "", fmt.Errorf("render output: outputter %q is not available in the Salt double", o.Out)
}

// nested mirrors salt/output/nested.py NestDisplay.display without colours.
func nested(v any, indent int, prefix string, out *[]string) {
	pad := strings.Repeat(" ", indent)
	switch t := v.(type) {
	case nil:
		*out = append(*out, pad+prefix+"None")
	case bool:
		s := "False"
		if t {
			s = "True"
		}
		*out = append(*out, pad+prefix+s)
	case string:
		lines := strings.Split(t, "\n")
		for i, l := range lines {
			if i == 0 {
				*out = append(*out, pad+prefix+l)
			} else {
				*out = append(*out, pad+l)
			}
		}
	case json.Number, int, int64, float64:
		*out = append(*out, pad+prefix+fmt.Sprint(t))
	case []string:
		l := make([]any, len(t))
		for i, s := range t {
			l[i] = s
		}
		nested(l, indent, prefix, out)
	case []any:
		for _, e := range t {
			switch e.(type) {
			case []any, *jsonout.Map, map[string]any:
				*out = append(*out, pad+"|_")
				p := "- "
				if _, isList := e.([]any); !isList {
					p = ""
				}
				nested(e, indent+2, p, out)
			default:
				nested(e, indent, "- ", out)
			}
		}
	case *jsonout.Map:
		if indent > 0 {
			*out = append(*out, pad+"----------")
		}
		keys := t.Keys()
		sort.Strings(keys) // INFER: nested sorts plain dict keys
		for _, k := range keys {
			*out = append(*out, pad+prefix+k+":")
			val, _ := t.Get(k)
			nested(val, indent+4, "", out)
		}
	case map[string]any:
		m := jsonout.NewMap()
		for k, x := range t {
			m.Set(k, x)
		}
		nested(m, indent, prefix, out)
	default:
		*out = append(*out, pad+prefix+fmt.Sprint(t))
	}
}
