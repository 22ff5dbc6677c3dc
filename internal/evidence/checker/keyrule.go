package checker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/etchosts"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// listed maps minion m's recorded master entries to the lab's masters, as
// m resolves them, with the records that show it: an IP address, or a
// name m's /etc/hosts pins, is the master recorded with that address; any
// other name is the service of that name (Docker's DNS). Without m's
// recorded /etc/hosts a name maps to nothing, and an address needs the
// masters' recorded addresses. An entry that maps to no master is left out.
func (c labConf) listed(m *nodeConf) (masters []string, minionFacts, masterFacts []fact) {
	list, ok := m.masterList()
	if !ok {
		return nil, nil, nil
	}
	lines, haveHosts := m.hostsLines()
	byAddr := map[string]string{}
	for _, name := range sortedKeys(c.masters) {
		addrs, _ := c.masters[name].addresses()
		for _, a := range addrs {
			byAddr[a] = name
		}
	}
	var pins, unpinned []string
	for _, raw := range list {
		host := saltcfg.ParseMasterEntry(raw).Host
		var addrs []string
		switch {
		case saltcfg.MasterEntry{Host: host}.IsIP():
			addrs = []string{host}
		case !haveHosts:
			continue
		default:
			addrs = etchosts.Pinned(lines, host)
			if len(addrs) == 0 {
				if svc, ok := c.serviceNamed(host); ok {
					masters, unpinned = append(masters, svc), append(unpinned, host)
				}
				continue
			}
			pins = append(pins, host+" to "+strings.Join(addrs, " "))
		}
		for _, a := range addrs {
			if svc, ok := byAddr[a]; ok {
				masters = append(masters, svc)
				all, _ := c.masters[svc].addresses()
				masterFacts = append(masterFacts, c.masters[svc].factAs(keyAddresses, "address "+strings.Join(all, " ")))
				break
			}
		}
	}
	f, _ := m.fact("master")
	minionFacts = []fact{f}
	if len(pins) > 0 {
		minionFacts = append(minionFacts, m.factAs(keyHosts, "/etc/hosts pins "+strings.Join(pins, ", ")))
	}
	if len(unpinned) > 0 {
		minionFacts = append(minionFacts, m.factAs(keyHosts, "/etc/hosts has no line for "+strings.Join(unpinned, " or ")))
	}
	slices.Sort(masters)
	return slices.Compact(masters), minionFacts, masterFacts
}

// serviceNamed is the recorded master whose service name is host, which
// Docker's DNS resolves to it.
func (c labConf) serviceNamed(host string) (string, bool) {
	for name := range c.masters {
		if strings.EqualFold(name, host) {
			return name, true
		}
	}
	return "", false
}

// refuses says whether minion m, listing masters, refuses one of their
// keys, with the minion's facts that show it: two of them present
// different keys, m's open_mode is off (salt/crypt.py verify_master skips
// the comparison in open mode), and unless the masters sign with one
// shared master_sign key, which m then verifies, verify_master_pubkey_sign
// is off.
func (m *nodeConf) refuses(vals map[string]history.FingersValue, masters []string) ([]fact, bool) {
	bad, signed := keysDiffer(vals, masters)
	open, okOpen := m.boolean("open_mode")
	if len(bad) == 0 || !okOpen || open {
		return nil, false
	}
	f, _ := m.fact("open_mode")
	if !signed {
		return []fact{f}, true
	}
	verify, okVerify := m.boolean("verify_master_pubkey_sign")
	if !okVerify || verify {
		return nil, false
	}
	v, _ := m.fact("verify_master_pubkey_sign")
	return []fact{f, v}, true
}

// masterKeyPairs is the key rule of Explain: minions listing masters whose
// keys they cannot all accept, from the records of the lab's start (the
// master keys a scenario's fault replaced are that fault's doing, not a
// setting), for checks of minions being served by a master. The masters'
// fingerprints, each minion's master list (and what maps it to the
// masters), open_mode and, for signed keys, verify_master_pubkey_sign are
// cited, with the refusals ("The master key has changed") and, in the
// check's scenario, the sign-ins such a master accepted (salt/auth
// act=accept): the master let the minions in, so the refusal was on the
// minions' side.
func masterKeyPairs(c Check, _ Result, h []history.Entry, conf labConf) (diagnosis, bool) {
	if !servesMinions(c.Name) {
		return diagnosis{}, false
	}
	vals, at := map[string]history.FingersValue{}, map[string]int64{}
	for name, m := range conf.masters {
		if v, ok := m.fingers(); ok {
			vals[name], at[name] = v, m.settings[keyFingers].entry
		}
	}
	var names []string
	minionFacts, masterFacts := map[string][]fact{}, map[string]fact{}
	var listedBad []string
	for _, name := range conf.sortedMinions() {
		m := conf.minions[name]
		masters, mf, af := conf.listed(m)
		var known []string
		for _, x := range masters {
			if _, ok := vals[x]; ok {
				known = append(known, x)
			}
		}
		refusal, ok := m.refuses(vals, known)
		if !ok {
			continue
		}
		names, minionFacts[name] = append(names, name), append(mf, refusal...)
		for _, f := range af {
			masterFacts[f.node+"\x00"+f.text] = f
		}
		listedBad = append(listedBad, known...)
	}
	if len(names) == 0 {
		return diagnosis{}, false
	}
	slices.Sort(listedBad)
	listedBad = slices.Compact(listedBad)
	bad, signed := keysDiffer(vals, listedBad)
	shown := make([]string, 0, len(listedBad))
	var facts []fact
	for _, x := range listedBad {
		own, _ := ownFinger(vals[x], x)
		shown = append(shown, fmt.Sprintf("%s %s %s", x, own, entriesCited([]int64{at[x]})))
		facts = append(facts, fact{node: x, text: "key fingerprints", entry: at[x]})
	}
	cause := "/etc/salt/pki/master/master.pem differs between masters (" + strings.Join(shown, "; ") + ")"
	if signed {
		cause += "; they sign their keys with one shared master_sign key, but the minions do not verify it"
	} else {
		cause += " and they do not sign their keys with one shared master_sign key"
	}
	cause += ", and minions list several of them: " + cite(names, minionFacts)
	facts = append(facts, collect(names, minionFacts)...)
	if len(masterFacts) > 0 {
		var af []fact
		for _, k := range sortedKeys(masterFacts) {
			af = append(af, masterFacts[k])
		}
		nodes, byN := byNode(af)
		cause += "; masters " + cite(nodes, byN)
		facts = append(facts, af...)
	}
	cause += "; so a minion that cached one master's key refuses the others (salt/crypt.py verify_master: \"The master key has changed, the salt master could have been subverted\")"
	cause, also := keyRefusals(cause, c, h, bad)
	return diagnosis{cause: cause + ".", fix: keyFix(vals[listedBad[0]]) + ".", facts: facts, also: also}, true
}

// keyRefusals adds to cause the refusals the history holds and, in the
// check's scenario, the sign-ins that masters of bad accepted, citing
// their entries.
func keyRefusals(cause string, c Check, h []history.Entry, bad map[string]bool) (string, []int64) {
	var refused, also []int64
	for _, o := range history.Ops(h) {
		if o.Completion != nil && strings.Contains(o.Completion.Error, "master key has changed") {
			refused = append(refused, o.Completion.Index)
		}
	}
	if len(refused) > 0 {
		cause += `. Calls failed with "The master key has changed" ` + entriesCited(refused)
		also = append(also, refused...)
	}
	accepted := map[string]map[string]bool{}
	acceptedAt := map[string][]int64{}
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
		acceptedAt[e.Master] = append(acceptedAt[e.Master], e.Index)
	}
	for _, m := range sortedKeys(accepted) {
		cause += fmt.Sprintf(". In this scenario %s accepted the sign-in of %s (salt/auth act=accept) %s, so the refusal was on the minions' side",
			m, strings.Join(sortedKeys(accepted[m]), ", "), entriesCited(acceptedAt[m]))
		also = append(also, acceptedAt[m]...)
	}
	return cause, also
}
