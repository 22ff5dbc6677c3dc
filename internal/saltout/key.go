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

// ParseKeyList parses `salt-key -L --out=json`.
func ParseKeyList(stdout string) (KeyList, error) {
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
