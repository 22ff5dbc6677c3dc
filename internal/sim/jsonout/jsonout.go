// Package jsonout renders values like Salt's json outputter
// (salt/output/json_out.py): indent 4 by default, keys in insertion order,
// --out-indent=-1 (or any negative) for compact single-line documents.
package jsonout

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Map is a JSON object that keeps insertion order (Python dicts do).
type Map struct {
	keys []string
	vals map[string]any
}

// NewMap returns an empty ordered map.
func NewMap() *Map { return &Map{vals: map[string]any{}} }

// Set adds or replaces a key, keeping its first position.
func (m *Map) Set(k string, v any) *Map {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
	return m
}

// Get returns a value.
func (m *Map) Get(k string) (any, bool) { v, ok := m.vals[k]; return v, ok }

// Keys returns the keys in order.
func (m *Map) Keys() []string { return append([]string(nil), m.keys...) }

// Len is the number of keys.
func (m *Map) Len() int { return len(m.keys) }

// MarshalJSON writes the keys in insertion order without HTML escaping.
func (m *Map) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range m.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		vb, err := marshal(m.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON keeps the document's key order (returns travel as JSON).
func (m *Map) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return err
	}
	om, ok := v.(*Map)
	if !ok {
		return fmt.Errorf("decode ordered map: not an object")
	}
	*m = *om
	return nil
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode json: %w", err)
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// Render formats v; indent < 0 gives one compact line. Python's json.dumps
// with an indent uses ", " only without indent, so compact output has
// ", " and ": " separators.
func Render(v any, indent int) (string, error) {
	raw, err := marshal(v)
	if err != nil {
		return "", err
	}
	if indent < 0 {
		return pythonCompact(raw), nil
	}
	var b bytes.Buffer
	if indent == 0 {
		// json.dumps(indent=0) puts every element on its own line without indentation.
		if err := json.Indent(&b, raw, "", ""); err != nil {
			return "", fmt.Errorf("indent json: %w", err)
		}
	} else if err := json.Indent(&b, raw, "", spaces(indent)); err != nil {
		return "", fmt.Errorf("indent json: %w", err)
	}
	return fixColon(b.String()), nil
}

func spaces(n int) string { return string(bytes.Repeat([]byte(" "), n)) }

// fixColon is a no-op: Go's json.Indent already writes ": " like Python.
func fixColon(s string) string { return s }

// pythonCompact re-spaces compact JSON as json.dumps(indent=None) does.
func pythonCompact(raw []byte) string {
	var out bytes.Buffer
	inStr, esc := false, false
	for _, c := range raw {
		out.WriteByte(c)
		switch {
		case inStr && esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case !inStr && c == ',':
			out.WriteByte(' ')
		case !inStr && c == ':':
			out.WriteByte(' ')
		}
	}
	return out.String()
}
