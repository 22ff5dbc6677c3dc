package saltout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// NoResponsePrefix starts the string Salt prints for a minion that did not
// return (salt-semantics §4.2), e.g. "Minion did not return. [No response]".
const NoResponsePrefix = "Minion did not return."

// Returns maps minion ids to their raw JSON returns, merged over all the
// documents of a `salt --out=json` stream.
type Returns map[string]json.RawMessage

// Responded reports whether minion returned something other than Salt's
// "did not return" text.
func (r Returns) Responded(minion string) bool {
	raw, ok := r[minion]
	if !ok {
		return false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && strings.HasPrefix(s, NoResponsePrefix) {
		return false
	}
	return true
}

// True reports whether minion returned exactly the JSON value true.
func (r Returns) True(minion string) bool {
	var v bool
	return json.Unmarshal(r[minion], &v) == nil && v
}

// ParseStream parses `salt --out=json` output: a concatenation of JSON
// objects (pretty or one per line), possibly with non-JSON text lines before
// them. It returns the merged returns and the text lines it skipped.
func ParseStream(stdout string) (Returns, []string, error) {
	docs, text, err := splitStream(stdout)
	if err != nil {
		return nil, text, fmt.Errorf("parse salt output: %w", err)
	}
	out := Returns{}
	for _, d := range docs {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(d, &m); err != nil {
			return nil, text, fmt.Errorf("parse salt output document %q: %w", clip(string(d)), err)
		}
		for k, v := range m {
			out[k] = v
		}
	}
	return out, text, nil
}

// splitStream separates leading/interleaved text lines from JSON documents.
// A line starting with '{' begins a JSON document that may span lines.
func splitStream(s string) ([]json.RawMessage, []string, error) {
	var docs []json.RawMessage
	var text []string
	rest := s
	for len(strings.TrimSpace(rest)) > 0 {
		trimmed := strings.TrimLeft(rest, " \t\r\n")
		if !strings.HasPrefix(trimmed, "{") {
			line, after, _ := strings.Cut(trimmed, "\n")
			if l := strings.TrimSpace(line); l != "" {
				text = append(text, l)
			}
			rest = after
			continue
		}
		dec := json.NewDecoder(strings.NewReader(trimmed))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return docs, text, fmt.Errorf("truncated JSON document: %q", clip(trimmed))
			}
			return docs, text, fmt.Errorf("decode JSON document: %w", err)
		}
		docs = append(docs, bytes.Clone(raw))
		rest = trimmed[dec.InputOffset():]
	}
	return docs, text, nil
}

// CountDocs counts, per minion id, the documents of a `salt --out=json`
// stream that carry it. A minion that executed a job twice (e.g. twice
// through two syndics, salt-semantics §6.3) appears twice in the stream,
// which ParseStream's merged view hides.
func CountDocs(stdout string) (map[string]int, error) {
	docs, _, err := splitStream(stdout)
	if err != nil {
		return nil, fmt.Errorf("parse salt output: %w", err)
	}
	counts := map[string]int{}
	for _, d := range docs {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(d, &m); err != nil {
			return nil, fmt.Errorf("parse salt output document %q: %w", clip(string(d)), err)
		}
		for k := range m {
			counts[k]++
		}
	}
	return counts, nil
}
