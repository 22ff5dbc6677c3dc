package spec

import (
	"encoding/json"
	"reflect"
	"strings"
)

// Schema is the drill file's JSON Schema (docs/drill.schema.json), made
// from the types Parse decodes into, so the published schema and the
// reader cannot drift: every object refuses keys it does not list, and a
// key without omitempty is required.
func Schema() ([]byte, error) {
	s := schemaOf(reflect.TypeOf(Drill{}))
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["title"] = "saltlab drill file (" + SchemaV1 + ")"
	b, err := json.MarshalIndent(s, "", "  ")
	return append(b, '\n'), err
}

var durationType = reflect.TypeOf(Duration(0))

func schemaOf(t reflect.Type) map[string]any {
	if t == durationType {
		return map[string]any{"type": "string", "pattern": `^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return schemaOf(t.Elem())
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Int:
		return map[string]any{"type": "integer"}
	case reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		var required []string
		for i := 0; i < t.NumField(); i++ {
			tag := t.Field(i).Tag.Get("yaml")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" || name == "" {
				continue
			}
			props[name] = schemaOf(t.Field(i).Type)
			if !strings.Contains(opts, "omitempty") {
				required = append(required, name)
			}
		}
		out := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			out["required"] = required
		}
		return out
	}
	return map[string]any{}
}
