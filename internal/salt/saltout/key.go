package saltout

import (
	"encoding/json"
	"fmt"
)

// KeyList is `salt-key -L --out=json` (salt-semantics §4.1).
type KeyList struct {
	Accepted []string `json:"minions"`
	Pending  []string `json:"minions_pre"`
	Rejected []string `json:"minions_rejected"`
	Denied   []string `json:"minions_denied"`
}

// Any reports whether the master knows any minion key at all.
func (k KeyList) Any() bool {
	return len(k.Accepted)+len(k.Pending)+len(k.Rejected)+len(k.Denied) > 0
}

// ParseKeyList parses `salt-key -L --out=json`. salt-key always prints all
// four lists and exits 0 even on errors, so a document without them is an
// error here.
func ParseKeyList(stdout string) (KeyList, error) {
	var raw map[string]json.RawMessage
	if err := parseOne(stdout, &raw); err != nil {
		return KeyList{}, fmt.Errorf("parse salt-key -L output: %w", err)
	}
	for _, name := range []string{"minions", "minions_pre", "minions_rejected", "minions_denied"} {
		if _, ok := raw[name]; !ok {
			return KeyList{}, fmt.Errorf("parse salt-key -L output %q: no %q list", clip(stdout), name)
		}
	}
	var k KeyList
	if err := parseOne(stdout, &k); err != nil {
		return k, fmt.Errorf("parse salt-key -L output: %w", err)
	}
	return k, nil
}

// ParseLocalFingers parses `salt-key -F --out=json` and returns the
// fingerprints under "local" (master.pem, master.pub). The category is
// absent when the master has no key pair yet.
func ParseLocalFingers(stdout string) (map[string]string, error) {
	var doc struct {
		Local map[string]string `json:"local"`
	}
	if err := parseOne(stdout, &doc); err != nil {
		return nil, fmt.Errorf("parse salt-key -F output: %w", err)
	}
	return doc.Local, nil
}

// parseOne decodes the single JSON document of stdout, skipping text lines
// printed before it.
func parseOne(stdout string, v any) error {
	docs, _, err := splitStream(stdout)
	if err != nil {
		return err
	}
	if len(docs) != 1 {
		return fmt.Errorf("want one JSON document, got %d in %q", len(docs), clip(stdout))
	}
	return json.Unmarshal(docs[0], v)
}
