package saltout

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ParseRunner parses `salt-run --out=json <fun>`: the runner's return, one
// JSON document (log lines before it are skipped), kept as raw JSON so
// checkers compare values exactly as Salt printed them.
func ParseRunner(stdout string) (json.RawMessage, error) {
	var v json.RawMessage
	err := parseOne(stdout, &v)
	if err == nil {
		return v, nil
	}
	// A scalar return (null for a missing option, true, a string) is one
	// line that the document splitter, looking for objects, passes over.
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" && json.Valid([]byte(last)) && !strings.ContainsAny(last[:1], "{[") {
		return json.RawMessage(last), nil
	}
	return nil, fmt.Errorf("parse salt-run output: %w", err)
}

// ParseSums parses coreutils `sha256sum` output ("<64 hex>  <path>" per
// line, binary mode "<hex> *<path>"), returning path -> digest. A path
// sha256sum had to escape (a backslash or newline in the name) keeps its
// escaped form, so it stays one distinct key.
func ParseSums(stdout string) (map[string]string, error) {
	out := map[string]string{}
	for _, line := range strings.Split(stdout, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		escaped := strings.HasPrefix(line, `\`)
		rest := strings.TrimPrefix(line, `\`)
		digest, path, ok := strings.Cut(rest, " ")
		if !ok || len(digest) != 64 || strings.Trim(digest, "0123456789abcdef") != "" || len(path) < 2 {
			return nil, fmt.Errorf("parse sha256sum output: line %q is not \"<sha256>  <path>\"", clip(line))
		}
		path = path[1:] // the mode character: ' ' text, '*' binary
		if escaped {
			path = `\` + path
		}
		out[path] = digest
	}
	return out, nil
}
