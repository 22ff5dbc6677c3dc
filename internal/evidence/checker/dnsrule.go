package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/etchosts"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// failoverChecks are the checkers whose invalid verdict a failover that
// never happened explains.
func failoverChecks() []string {
	return []string{NameFailover, NameStartEvent, NameAvailability, NameDelivery}
}

// daemonCheck says whether a check judges the minion daemons (jobs a
// master publishes, start events) rather than salt-call: salt-call's list
// path skips a master whose name does not resolve and signs in to the
// next (salt-semantics §1.9, the failover-dns feature), so the DNS trap
// does not explain a salt-call failure.
func daemonCheck(c Check) bool {
	var p struct {
		F string `json:"f"`
	}
	_ = json.Unmarshal(c.Params, &p) // no params, or none naming f: the daemons
	return !strings.HasPrefix(p.F, "salt-call")
}

// stuckExplains says whether minion daemons that never left the stopped
// master explain a failure of check: one expecting another master to serve
// them, or the stopped master to stay away (master_failback off); not one
// expecting the stopped master to serve them again (master_failback on),
// which daemons that stayed with it would pass. A check that names no
// master (availability, delivery) may fail either way.
func stuckExplains(c Check, stopped string) bool {
	var p struct {
		Master string `json:"master"`
		Absent bool   `json:"absent"`
	}
	_ = json.Unmarshal(c.Params, &p)
	if p.Master == "" {
		return true
	}
	return strings.EqualFold(p.Master, stopped) == p.Absent
}

// goneContainers are the services whose container a stop fault took down
// (its name then leaves Docker's DNS), with the first such fault's entry.
// A kill is not among them: its signal may leave the container running,
// and the history does not say whether it did.
func goneContainers(h []history.Entry) map[string]history.Entry {
	gone := map[string]history.Entry{}
	for _, e := range h {
		if e.Type != history.Fault || e.Phase != history.Start || e.Kind != history.FaultStop {
			continue
		}
		if _, seen := gone[strings.ToLower(e.Target)]; !seen {
			gone[strings.ToLower(e.Target)] = e
		}
	}
	return gone
}

// dnsTrap is what makes minion m's daemon miss the loss of a master whose
// container was stopped, from m's records alone: master_type failover, the
// alive job scheduled (master_alive_interval > 0, transport not tcp:
// salt/minion.py _post_master_init adds __master_alive only then), and an
// entry naming that master by a name its /etc/hosts does not pin, so
// Docker's DNS answers it. The facts are those records; hosts the names.
func (m *nodeConf) dnsTrap(gone map[string]history.Entry) (facts []fact, hosts []string) {
	mt, okT := m.str("master_type")
	iv, okI := m.num("master_alive_interval")
	tr, okR := m.str("transport")
	lines, okH := m.hostsLines()
	list, okM := m.masterList()
	if !okT || !okI || !okR || !okH || !okM || mt != saltcfg.MasterTypeFailover || iv <= 0 || tr == "tcp" {
		return nil, nil
	}
	// zmq_monitor True is Salt 3007.15's default (and the double's from
	// line 3007): the publish socket's monitor leaves a master that closed
	// its connections without resolving its name, so there is no trap
	// (saltcfg.MonitorsPubDisconnect; measured on real 3008.4). 3006
	// records False, its default; an older run recorded nothing.
	if mon, ok := m.boolean("zmq_monitor"); ok && mon {
		return nil, nil
	}
	for _, raw := range list {
		e := saltcfg.ParseMasterEntry(raw)
		if _, ok := gone[strings.ToLower(e.Host)]; !ok || e.IsIP() || len(etchosts.Pinned(lines, e.Host)) > 0 {
			continue
		}
		hosts = append(hosts, e.Host)
	}
	if len(hosts) == 0 {
		return nil, nil
	}
	for _, key := range []string{"master", "master_type", "master_alive_interval", "transport", "zmq_monitor"} {
		if f, ok := m.fact(key); ok {
			facts = append(facts, f)
		}
	}
	return append(facts, m.factAs(keyHosts, "/etc/hosts has no line for "+strings.Join(hosts, " or "))), hosts
}

// dnsNamesInFailover: failover minions that address masters by DNS name,
// after a master's container was stopped. The only dead-master detector
// (status.master) first resolves the name; Docker's embedded DNS stops
// resolving a stopped container, so it returns None, fires no
// __master_disconnected, and the minion daemons stay with the stopped
// master (salt-semantics §1.9; the Docker DNS behaviour is
// UNCONFIRMED there, observed by the failover-dns topology). A name pinned
// in the minion's /etc/hosts (compose extra_hosts, the failover topology)
// keeps resolving, so the rule needs the recorded file to show no pin.
func dnsNamesInFailover(check Check, r Result, h []history.Entry, c labConf) (diagnosis, bool) {
	if r.Verdict != Invalid || !slices.Contains(failoverChecks(), check.Name) || !daemonCheck(check) {
		return diagnosis{}, false
	}
	gone := goneContainers(h)
	for host := range gone {
		if !stuckExplains(check, host) {
			delete(gone, host)
		}
	}
	var names []string
	facts := map[string][]fact{}
	seen := map[string]bool{}
	for _, name := range c.sortedMinions() {
		fs, hosts := c.minions[name].dnsTrap(gone)
		if len(fs) == 0 {
			continue
		}
		names, facts[name] = append(names, name), fs
		for _, host := range hosts {
			seen[strings.ToLower(host)] = true
		}
	}
	if len(names) == 0 {
		return diagnosis{}, false
	}
	var downs []string
	var also []int64
	for _, host := range sortedKeys(seen) {
		e := gone[host]
		downs = append(downs, fmt.Sprintf("%s (entry %d) was stopped", e.Target, e.Index))
		also = append(also, e.Index)
	}
	cause := "setting master: " + cite(names, facts) +
		": these entries name the masters by Docker DNS container name, and " + strings.Join(downs, ", ") +
		": a stopped container's name stops resolving, so the alive check (status.master) returns None and fires no __master_disconnected, and the minion daemons never leave the stopped master (salt-semantics §1.9; Docker DNS behaviour UNCONFIRMED)."
	fix := "give each master a fixed address and pin its name in the minions' /etc/hosts (compose extra_hosts, as the failover topology does), or list the masters' IP addresses in the minions' master setting."
	return diagnosis{cause: cause, fix: fix, facts: collect(names, facts), also: also}, true
}
