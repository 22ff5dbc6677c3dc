package prepare

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/drill/spec"
)

// ChaosSpec is a drill's fault as the chaos engine takes it, read by the
// chaos registry as `saltlab chaos` reads its flags: a drill can hold only
// what the registry can inject and undo (key-action too), with the
// options its kind takes.
func ChaosSpec(f spec.Fault) (chaos.Spec, error) {
	s, err := chaos.Parse(f.Kind, []string{f.Target}, FaultOptions(f))
	if err != nil {
		return s, fmt.Errorf("fault kind %q: %w (`saltlab chaos list` names them)", f.Kind, err)
	}
	return s, nil
}

// FaultOptions are the options a drill's fault gives, by the registry's
// names, in their text form: each key but kind and target that is set,
// its name with "-" for "_", lists joined with commas.
func FaultOptions(f spec.Fault) map[string]string {
	given := map[string]string{}
	v, t := reflect.ValueOf(f), reflect.TypeOf(f)
	for i := range t.NumField() {
		key, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		fv := v.Field(i)
		if key == "kind" || key == "target" || fv.IsZero() {
			continue
		}
		given[strings.ReplaceAll(key, "_", "-")] = optionText(fv)
	}
	return given
}

// optionText is a drill key's value as the option's text: "a,b" for a
// list, "true" for a switch.
func optionText(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = optionText(v.Index(i))
		}
		return strings.Join(parts, ",")
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	default:
		return fmt.Sprint(v.Interface())
	}
}
