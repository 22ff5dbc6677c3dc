package saltout

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// KeyList is `salt-key -L --out=json` (salt-semantics §4.1).
type KeyList struct {
	Accepted []string `json:"minions"`
	Pending  []string `json:"minions_pre"`
	Rejected []string `json:"minions_rejected"`
	Denied   []string `json:"minions_denied"`
}

// Any reports whether the master knows any minion key at all.
func (k KeyList) Any() bool { return len(k.All()) > 0 }

// All is every id the master lists, whatever the key's state.
func (k KeyList) All() []string {
	return slices.Concat(k.Accepted, k.Pending, k.Rejected, k.Denied)
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

// OwnPublicKey picks, from salt-key's "local" fingerprints of master, the
// public key that master presents to minions. Salt 3006 and 3007 keep it as
// master.pub. Salt 3008 keeps it as <master id>.pub with master.pub a
// symlink (salt/crypt.py MasterKeys._setup_keys), and lists every id-named
// key of a shared pki directory, one per master; the master id is the
// host name, which the lab's masters take from their service name. An
// error says which keys there are when none can be told apart.
func OwnPublicKey(master string, local map[string]string) (name, finger string, err error) {
	for _, n := range []string{"master.pub", master + ".pub"} {
		if f := local[n]; f != "" {
			return n, f, nil
		}
	}
	var pubs []string
	for n := range local {
		if strings.HasSuffix(n, ".pub") && n != "master_sign.pub" {
			pubs = append(pubs, n)
		}
	}
	sort.Strings(pubs)
	switch len(pubs) {
	case 0:
		return "", "", fmt.Errorf("%s has no public key yet (no master.pub, no %s.pub)", master, master)
	case 1:
		return pubs[0], local[pubs[0]], nil
	}
	return "", "", fmt.Errorf("cannot tell which of %s is %s's own key: its host name is not %s (set hostname: %s on the service)", strings.Join(pubs, ", "), master, master, master)
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
