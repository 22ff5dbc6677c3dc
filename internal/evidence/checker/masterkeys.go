package checker

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// MasterKeysParams are the parameters of MasterKeys.
type MasterKeysParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Masters []string `json:"masters"`
}

// ownFinger is the fingerprint of the public key master presents ("" with why
// when it cannot be told), whatever the release names its file.
func ownFinger(v history.FingersValue, master string) (finger string, err error) {
	_, finger, err = saltout.OwnPublicKey(master, v.Local)
	return finger, err
}

// signPub is the local key file of MultiMaster-PKI, which decides with the
// master's own public key whether a minion accepts it (salt-semantics §3.4,
// §3.5).
const signPub = "master_sign.pub"

// masterFingers is the last recorded history.FingerOp per master in s.
func masterFingers(h []history.Entry, s span) (map[string]history.FingersValue, map[string]history.Op) {
	vals, by := map[string]history.FingersValue{}, map[string]history.Op{}
	for _, o := range ops(h, s, history.FingerOp) {
		if !okOp(o) {
			continue
		}
		var v history.FingersValue
		if json.Unmarshal(o.Completion.Value, &v) != nil {
			continue
		}
		vals[o.Invoke.Node], by[o.Invoke.Node] = v, o
	}
	return vals, by
}

// MasterKeys judges that a minion which signed in to one master accepts
// every other master's key: every master presents the same master.pub
// (the shared key pair a key-wait init yields, §3.5 hot and failover), or
// every master signs its own key with one shared master_sign key pair
// (MultiMaster-PKI, §3.5). Anything else makes a minion that cached one
// master's key refuse the next one with "The master key has changed"
// (salt/crypt.py AsyncAuth.verify_master, §3.4).
func MasterKeys(h []history.Entry, p MasterKeysParams) Result {
	want := "every master to present one master key fingerprint (a shared key pair), or keys signed by one shared master_sign key"
	vals, by := masterFingers(h, span{from: p.From, to: p.To})
	var subs []Subject
	for _, m := range p.Masters {
		v, ok := vals[m]
		switch {
		case !ok:
			subs = append(subs, Subject{Name: m, Verdict: Unknown, Observed: "no key fingerprints of " + m + " were recorded"})
		default:
			if _, err := ownFinger(v, m); err != nil {
				subs = append(subs, Subject{Name: m, Verdict: Unknown, Observed: err.Error(), Evidence: opEvidence(by[m])})
			}
		}
	}
	if len(subs) > 0 {
		return fold(want, subs)
	}
	at := map[string]int64{}
	for m, o := range by {
		at[m] = o.Completion.Index
	}
	cause, fix, ev, bad := keyCause(vals, at, p.Masters)
	for _, m := range p.Masters {
		own, _ := ownFinger(vals[m], m)
		s := Subject{Name: m, Verdict: Valid, Observed: "public key " + own, Evidence: opEvidence(by[m])}
		if sign := vals[m].Local[signPub]; sign != "" {
			s.Observed += ", master_sign.pub " + sign
		}
		if bad[m] {
			s.Verdict = Invalid
			s.Observed += fmt.Sprintf(" differs from %s's", p.Masters[0])
		}
		subs = append(subs, s)
	}
	r := fold(want, subs)
	r.Cause, r.Fix, r.CauseEvidence = cause, fix, ev
	return r
}

// keysDiffer names the masters whose public key differs from the first
// one's, and says whether all of them sign their key with one shared
// master_sign key (MultiMaster-PKI, §3.5), which makes distinct pairs
// acceptable to a minion that verifies the signature.
func keysDiffer(vals map[string]history.FingersValue, masters []string) (bad map[string]bool, signed bool) {
	if len(masters) < 2 {
		return nil, false
	}
	first := vals[masters[0]]
	firstOwn, _ := ownFinger(first, masters[0])
	bad = map[string]bool{}
	signed = first.Local[signPub] != ""
	for _, m := range masters {
		if own, _ := ownFinger(vals[m], m); own != firstOwn {
			bad[m] = true
		}
		if vals[m].Local[signPub] == "" || vals[m].Local[signPub] != first.Local[signPub] {
			signed = false
		}
	}
	return bad, signed
}

// keyCause explains, from the recorded fingerprints of masters (at: the
// entry of each master's record), why a minion would refuse some of them,
// citing each record, and names the masters whose key differs from the
// first one's; "" when every master's key is acceptable.
func keyCause(vals map[string]history.FingersValue, at map[string]int64, masters []string) (cause, fix string, ev []int64, bad map[string]bool) {
	bad, signed := keysDiffer(vals, masters)
	if len(bad) == 0 || signed {
		return "", "", nil, nil
	}
	var shown []string
	for _, m := range masters {
		own, _ := ownFinger(vals[m], m)
		shown = append(shown, fmt.Sprintf("%s %s %s", m, own, entriesCited([]int64{at[m]})))
		ev = append(ev, at[m])
	}
	cause = fmt.Sprintf("/etc/salt/pki/master/master.pem differs between masters (%s) and they do not sign their keys with one shared master_sign key, "+
		"so a minion that cached one master's key refuses the others (salt/crypt.py verify_master: \"The master key has changed, the salt master could have been subverted\")",
		strings.Join(shown, "; "))
	return cause, keyFix(vals[masters[0]]), dedup(ev), bad
}

// keyFix is what makes every master's key acceptable.
func keyFix(first history.FingersValue) string {
	fix := "give every master the same master.pem/master.pub (share the pki directory, and start later masters only once the first wrote the pair: a key-wait), " +
		"or follow MultiMaster-PKI (master_sign_pubkey: True with one master_sign key pair on every master, verify_master_pubkey_sign on the minions) as the failover-pki topology does"
	if first.Local["master.pub"] == "" {
		// Only Salt 3008 names the pair after the master (salt/crypt.py
		// MasterKeys._setup_keys): a shared directory is not enough there.
		fix += "; on Salt 3008 the pair is kept as <master id>.pem and .pub, and a master on a shared pki directory generates its own pair " +
			"unless the shared one is already stored under its id (salt/cache/localfs_key.py contains() ignores the master.pem symlink): " +
			"copy master.pem and master.pub to <id>.pem and <id>.pub for every later master before it starts, as compose/lib/key-wait does"
	}
	return fix
}
