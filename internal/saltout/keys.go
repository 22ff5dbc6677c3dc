package saltout

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Keys is `salt-key -L --out=json` (salt-semantics §4.1): the minion ids in
// each of the master's key directories.
type Keys struct {
	Accepted []string `json:"minions"`
	Pending  []string `json:"minions_pre"`
	Rejected []string `json:"minions_rejected"`
	Denied   []string `json:"minions_denied"`
}

// Any reports whether the master knows any minion key at all.
func (k Keys) Any() bool {
	return len(k.Accepted)+len(k.Pending)+len(k.Rejected)+len(k.Denied) > 0
}

// ParseKeys reads salt-key's JSON listing. salt-key exits 0 even on
// errors, so an answer without the four lists is an error here.
func ParseKeys(stdout string) (Keys, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(strings.TrimSpace(stdout)), &raw); err != nil {
		return Keys{}, fmt.Errorf("parse salt-key listing %q: %w", clip(stdout), err)
	}
	for _, k := range []string{"minions", "minions_pre", "minions_rejected", "minions_denied"} {
		if _, ok := raw[k]; !ok {
			return Keys{}, fmt.Errorf("parse salt-key listing %q: no %q list", clip(stdout), k)
		}
	}
	var k Keys
	if err := json.Unmarshal([]byte(stdout), &k); err != nil {
		return Keys{}, fmt.Errorf("parse salt-key listing %q: %w", clip(stdout), err)
	}
	return k, nil
}
