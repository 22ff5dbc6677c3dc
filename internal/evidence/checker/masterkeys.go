package checker

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// FingerOp names the key-fingerprint operation (`salt-key -F --out=json`
// on a master); its value is FingersValue.
const FingerOp = "salt-key -F"

// MasterKeysParams are the parameters of MasterKeys.
type MasterKeysParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Masters []string `json:"masters"`
}

// FingersValue is the value of a FingerOp: the master's local key files
// (master.pem, master.pub, master_sign.pub where it signs) and their
// fingerprints, salt-key's "local" category (salt/key.py local_keys).
type FingersValue struct {
	Local map[string]string `json:"local"`
}

// own is the fingerprint of the public key master presents ("" with why
// when it cannot be told), whatever the release names its file.
func (v FingersValue) own(master string) (finger string, err error) {
	_, finger, err = saltout.OwnPublicKey(master, v.Local)
	return finger, err
}

// signPub is the local key file of MultiMaster-PKI, which decides with the
// master's own public key whether a minion accepts it (salt-semantics §3.4,
// §3.5).
const signPub = "master_sign.pub"

// masterFingers is the last recorded FingerOp per master in s.
func masterFingers(h []history.Entry, s span) (map[string]FingersValue, map[string]history.Op) {
	vals, by := map[string]FingersValue{}, map[string]history.Op{}
	for _, o := range ops(h, s, FingerOp) {
		if !okOp(o) {
			continue
		}
		var v FingersValue
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
			if _, err := v.own(m); err != nil {
				subs = append(subs, Subject{Name: m, Verdict: Unknown, Observed: err.Error(), Evidence: opEvidence(by[m])})
			}
		}
	}
	if len(subs) > 0 {
		return fold(want, subs)
	}
	cause, fix, _, bad := keyCause(vals, by, p.Masters)
	for _, m := range p.Masters {
		own, _ := vals[m].own(m)
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
	r.Cause, r.Fix = cause, fix
	return r
}

// keyCause explains, from the recorded fingerprints of masters, why a
// minion would refuse some of them, and names the masters whose key
// differs from the first one's; "" when every master's key is acceptable.
func keyCause(vals map[string]FingersValue, by map[string]history.Op, masters []string) (cause, fix string, ev []int64, bad map[string]bool) {
	if len(masters) < 2 {
		return "", "", nil, nil
	}
	first := vals[masters[0]]
	firstOwn, _ := first.own(masters[0])
	var differ []string
	bad = map[string]bool{}
	signed := first.Local[signPub] != ""
	for _, m := range masters {
		ev = append(ev, opEvidence(by[m])...)
		if own, _ := vals[m].own(m); own != firstOwn {
			differ = append(differ, fmt.Sprintf("%s %s", m, own))
			bad[m] = true
		}
		if vals[m].Local[signPub] == "" || vals[m].Local[signPub] != first.Local[signPub] {
			signed = false
		}
	}
	if len(differ) == 0 || signed {
		return "", "", nil, nil
	}
	cause = fmt.Sprintf("/etc/salt/pki/master/master.pem differs between masters (%s %s; %s) and they do not sign their keys with one shared master_sign key, "+
		"so a minion that cached one master's key refuses the others (salt/crypt.py verify_master: \"The master key has changed, the salt master could have been subverted\")",
		masters[0], firstOwn, strings.Join(differ, "; "))
	fix = "give every master the same master.pem/master.pub (share the pki directory, and start later masters only once the first wrote the pair: a key-wait), " +
		"or follow MultiMaster-PKI (master_sign_pubkey: True with one master_sign key pair on every master, verify_master_pubkey_sign on the minions) as the failover-pki topology does"
	if first.Local["master.pub"] == "" {
		// Only Salt 3008 names the pair after the master (salt/crypt.py
		// MasterKeys._setup_keys): a shared directory is not enough there.
		fix += "; on Salt 3008 the pair is kept as <master id>.pem and .pub, and a master on a shared pki directory generates its own pair " +
			"unless the shared one is already stored under its id (salt/cache/localfs_key.py contains() ignores the master.pem symlink): " +
			"copy master.pem and master.pub to <id>.pem and <id>.pub for every later master before it starts, as compose/lib/key-wait does"
	}
	return cause, fix, dedup(ev), bad
}

// masterKeyPairs is the key rule of Explain: masters whose keys a minion
// cannot all accept (keyCause), from the whole history (settings do not
// change within a run, so the fingerprints recorded at lab start count),
// for checks of minions being served by a master, with the failures that
// show the refusal and, in the check's scenario, the sign-ins such a
// master accepted (salt/auth act=accept): the master let the minions in,
// so the refusal was on the minions' side.
func masterKeyPairs(c Check, _ Result, h []history.Entry, _ labConf) (string, string, []int64, bool) {
	if !servesMinions(c.Name) {
		return "", "", nil, false
	}
	vals, by := masterFingers(h, span{})
	masters := sortedKeys(vals)
	cause, fix, ev, bad := keyCause(vals, by, masters)
	if cause == "" {
		return "", "", nil, false
	}
	for _, o := range history.Ops(h) {
		if o.Completion != nil && strings.Contains(o.Completion.Error, "master key has changed") {
			ev = append(ev, o.Completion.Index)
		}
	}
	accepted := map[string]map[string]bool{}
	for _, e := range h {
		if e.Type != history.Event || e.Tag != "salt/auth" || !bad[e.Master] || (c.Scenario != "" && e.Scenario != c.Scenario) {
			continue
		}
		d := eventData(e)
		id, _ := d["id"].(string)
		if d["act"] != "accept" || id == "" {
			continue
		}
		if accepted[e.Master] == nil {
			accepted[e.Master] = map[string]bool{}
		}
		accepted[e.Master][id] = true
		ev = append(ev, e.Index)
	}
	for _, m := range sortedKeys(accepted) {
		cause += fmt.Sprintf(". In this scenario %s accepted the sign-in of %s (salt/auth act=accept), so the refusal was on the minions' side",
			m, strings.Join(sortedKeys(accepted[m]), ", "))
	}
	return cause + ".", fix + ".", dedup(ev), true
}
