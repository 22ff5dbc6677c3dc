// Package config loads Salt master/minion configuration the way Salt 3006
// does: built-in defaults, the main file, then <kind>.d/*.conf in sorted
// order, later files overriding earlier ones.
package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Opts is a loaded configuration: a YAML mapping with Salt's defaults filled in.
type Opts map[string]any

// Copy returns a shallow copy, enough for per-master minion opts (Salt deep
// copies, but the double never mutates nested values in place).
func (o Opts) Copy() Opts {
	c := make(Opts, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}

// Str returns a string option ("" when absent or null).
func (o Opts) Str(key string) string {
	switch v := o[key].(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// Int returns an integer option, def when absent or unparsable.
func (o Opts) Int(key string, def int) int {
	switch v := o[key].(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			return n
		}
	}
	return def
}

// Float returns a numeric option as float64, def when absent.
func (o Opts) Float(key string, def float64) float64 {
	switch v := o[key].(type) {
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case float64:
		return v
	case string:
		if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
			return f
		}
	}
	return def
}

// Seconds returns a timing option in seconds as a duration. Salt's timing
// options are integers; fractions are accepted so tests can run fast.
// INFER: real Salt would truncate or reject fractional values for some keys.
func (o Opts) Seconds(key string, def float64) time.Duration {
	return time.Duration(o.Float(key, def) * float64(time.Second))
}

// Bool returns a boolean option; YAML 1.1 spellings (yes/no/on/off) count,
// because Salt parses configs with PyYAML.
func (o Opts) Bool(key string) bool {
	switch v := o[key].(type) {
	case bool:
		return v
	case int:
		return v != 0
	case string:
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true", "yes", "on", "1", "y":
			return true
		}
	}
	return false
}

// Has reports whether the option is set to a non-null value.
func (o Opts) Has(key string) bool {
	v, ok := o[key]
	return ok && v != nil
}

// List returns a list-of-strings option; a plain string becomes one element.
func (o Opts) List(key string) []string {
	switch v := o[key].(type) {
	case []string:
		return append([]string(nil), v...)
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			out = append(out, fmt.Sprint(e))
		}
		return out
	case string:
		return []string{v}
	}
	return nil
}

// IsList reports whether the option holds a YAML sequence.
func (o Opts) IsList(key string) bool {
	switch o[key].(type) {
	case []any, []string:
		return true
	}
	return false
}

// Roots returns a file_roots/pillar_roots style mapping env -> dirs.
func (o Opts) Roots(key string) map[string][]string {
	out := map[string][]string{}
	m, _ := o[key].(map[string]any)
	for env, v := range m {
		out[env] = Opts{"v": v}.List("v")
	}
	return out
}

// Set sets key and returns the opts, for building test configurations.
func (o Opts) Set(key string, v any) Opts {
	o[key] = v
	return o
}
