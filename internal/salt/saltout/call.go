// Package saltout parses what Salt's CLIs print, in the shapes documented in
// salt-semantics §4: `salt-call --out=json` prints one document
// {"local": <return>}; `salt --out=json` prints a stream of one document per
// minion, possibly preceded by non-JSON text lines such as "No minions
// matched the target...". The same parsers run against real Salt and the
// Salt double, so they never rely on anything the double adds.
package saltout

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/textclip"
)

// maxQuoted is how many runes of Salt's output an error message quotes:
// enough to recognise the output, not a whole state run.
const maxQuoted = 300

// CallResult is the parsed output of `salt-call --out=json <fun>`.
type CallResult struct {
	// Local is the raw JSON value under "local".
	Local json.RawMessage
}

// Bool reports the return as a boolean; ok is false when it is not one.
func (r CallResult) Bool() (v, ok bool) {
	if err := json.Unmarshal(r.Local, &v); err != nil {
		return false, false
	}
	return v, true
}

// String reports the return as a string; ok is false when it is not one.
func (r CallResult) String() (v string, ok bool) {
	if err := json.Unmarshal(r.Local, &v); err != nil {
		return "", false
	}
	return v, true
}

// ParseCall parses salt-call JSON output. Text lines before the document
// (some Salt versions print warnings on stdout) are skipped.
func ParseCall(stdout string) (CallResult, error) {
	docs, _, err := splitStream(stdout)
	if err != nil {
		return CallResult{}, fmt.Errorf("parse salt-call output: %w", err)
	}
	if len(docs) != 1 {
		return CallResult{}, fmt.Errorf("parse salt-call output: want one JSON document, got %d in %q", len(docs), clip(stdout))
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(docs[0], &m); err != nil {
		return CallResult{}, fmt.Errorf("parse salt-call output: %w", err)
	}
	local, ok := m["local"]
	if !ok {
		return CallResult{}, fmt.Errorf("parse salt-call output: no \"local\" key in %q", clip(stdout))
	}
	return CallResult{Local: local}, nil
}

// clip shortens Salt's output for an error message, without the blank
// lines and indentation around it.
func clip(s string) string {
	return textclip.Clip(strings.TrimSpace(s), maxQuoted)
}
