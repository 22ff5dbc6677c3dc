package checker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// masterPorts are the publish and ret ports every recorded master has,
// with the facts that show them; ok only when each master's publish_port
// and ret_port were both recorded (a port no record shows cannot be called
// a publish port, nor ruled out as a ret port).
func (c labConf) masterPorts() (pub, ret map[int]bool, facts []fact, ok bool) {
	pub, ret = map[int]bool{}, map[int]bool{}
	if len(c.masters) == 0 {
		return nil, nil, nil, false
	}
	for _, name := range sortedKeys(c.masters) {
		m := c.masters[name]
		p, okP := m.num("publish_port")
		r, okR := m.num("ret_port")
		if !okP || !okR {
			return nil, nil, nil, false
		}
		pub[int(p)], ret[int(r)] = true, true
		fp, _ := m.fact("publish_port")
		fr, _ := m.fact("ret_port")
		facts = append(facts, fp, fr)
	}
	return pub, ret, facts, true
}

// portEntries: ports in `master` entries. A port there is the master's
// ret (REQ) port, never its publish port (salt-semantics §1.3, §1.4); an
// entry naming a port that the masters publish on, and none of them takes
// sign-ins on, sends the sign-in request to a PUB socket, which never
// answers; two entries on one host reduce to one opts["master"] identity
// (§1.5). The ai-infra-matrix layout as deployed does both. The first
// claim rests on the masters' recorded publish_port and ret_port as well
// (a master whose ret_port was moved to that port makes the entry right);
// the second on the minion's `master` alone.
func portEntries(_ Check, r Result, _ []history.Entry, c labConf) (diagnosis, bool) {
	if r.Verdict != Invalid {
		return diagnosis{}, false
	}
	pub, ret, portFacts, portsKnown := c.masterPorts()
	var names []string
	facts := map[string][]fact{}
	usesPorts := false
	for _, name := range c.sortedMinions() {
		m := c.minions[name]
		list, ok := m.masterList()
		if !ok {
			continue
		}
		hosts := map[string]int{}
		var why []string
		for _, raw := range list {
			e := saltcfg.ParseMasterEntry(raw)
			hosts[e.Host]++
			if e.Port != 0 && portsKnown && pub[e.Port] && !ret[e.Port] {
				why = append(why, fmt.Sprintf("%s names port %d, the masters' publish_port and none's ret_port, where Salt takes the ret port", raw, e.Port))
				usesPorts = true
			}
		}
		for h, n := range hosts {
			if n > 1 {
				why = append(why, fmt.Sprintf("%d entries on host %s share one master identity (opts[\"master\"] = %s)", n, h, h))
			}
		}
		if len(why) == 0 {
			continue
		}
		slices.Sort(why)
		f, _ := m.fact("master")
		f.note = ": " + strings.Join(why, "; ")
		names, facts[name] = append(names, name), []fact{f}
	}
	if len(names) == 0 {
		return diagnosis{}, false
	}
	cause := "setting master: " + cite(names, facts)
	all := collect(names, facts)
	if usesPorts {
		nodes, mf := byNode(portFacts)
		cause += "; masters " + cite(nodes, mf)
		all = append(all, portFacts...)
	}
	cause += ". A port in a master entry sets master_port, the ret (REQ) port; the publish port comes from the master's sign-in reply, so a minion whose entries name publish sockets never signs in, and entries on one host are one master to the minion (salt-semantics §1.3-§1.5)."
	fix := "give each master its own address with the default ports and list bare hosts or ret ports (master: [<master-1>:4506, <master-2>:4506]); masters that must share a host need their own publish_port/ret_port set to the host-visible ports (salt-semantics §1.5)."
	return diagnosis{cause: cause, fix: fix, facts: all}, true
}

// collect flattens facts by node in the order of names.
func collect(names []string, facts map[string][]fact) []fact {
	var out []fact
	for _, n := range names {
		out = append(out, facts[n]...)
	}
	return out
}
