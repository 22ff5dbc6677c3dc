package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// FConfigGet is the operation that records a minion setting: the runner
// records, before the first scenario (steps.RecordLabConfig), each
// minion's effective settings by `salt-call --local config.get KEY`, and
// each master's key fingerprints as a FingerOp (masterkeys.go), both
// through Salt's own interfaces.
const FConfigGet = "salt-call --local config.get"

// ConfigKeys are the minion settings recorded at lab start: the ones the
// diagnosis rules below read.
func ConfigKeys() []string {
	return []string{"master", "master_type", "master_alive_interval", "publish_port"}
}

// ConfigValue is the value of a FConfigGet operation: the key asked and
// Salt's answer, as JSON.
type ConfigValue struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// minionConf is one minion's recorded settings (entries: where each came from).
type minionConf struct {
	values  map[string]json.RawMessage
	entries []int64
}

// labConf is the configuration evidence a history holds.
type labConf struct {
	minions map[string]*minionConf
}

func recordedConf(h []history.Entry) labConf {
	c := labConf{minions: map[string]*minionConf{}}
	for _, o := range history.Ops(h) {
		if o.Completion == nil || o.Completion.Type != history.OK {
			continue
		}
		if o.Invoke.F != FConfigGet {
			continue
		}
		var v ConfigValue
		if json.Unmarshal(o.Completion.Value, &v) != nil || v.Key == "" {
			continue
		}
		m := c.minions[o.Invoke.Node]
		if m == nil {
			m = &minionConf{values: map[string]json.RawMessage{}}
			c.minions[o.Invoke.Node] = m
		}
		m.values[v.Key] = v.Value
		m.entries = append(m.entries, o.Completion.Index)
	}
	return c
}

// str is a recorded setting as a string ("" when absent or not a string).
func (m *minionConf) str(key string) string {
	var s string
	_ = json.Unmarshal(m.values[key], &s)
	return s
}

// masters is the recorded `master` setting as a list (Salt takes a string
// or a list, salt-semantics §1.2).
func (m *minionConf) masters() []string {
	var list []string
	if json.Unmarshal(m.values["master"], &list) == nil {
		return list
	}
	if s := m.str("master"); s != "" {
		return []string{s}
	}
	return nil
}

// defaultPublishPort is Salt's publish_port default (salt/config
// DEFAULT_MASTER_OPTS; salt-semantics §1.4); defaultRetPort its ret_port.
const (
	defaultPublishPort = 4505
	defaultRetPort     = 4506
)

// rule is one known-bad setting: it says whether the recorded
// configuration explains result r of check c, and if so the cause, the
// fix and the entries that show the setting.
type rule func(c Check, r Result, h []history.Entry, conf labConf) (cause, fix string, evidence []int64, ok bool)

// rules in the order their causes are reported: a setting that keeps
// minions from signing in at all comes before one that only breaks
// failover, and before master keys the minions refuse (masterkeys.go).
func rules() []rule { return []rule{portEntries, dnsNamesInFailover, masterKeyPairs} }

// Explain adds the cause and fix to a result that is not valid when the
// recorded configuration shows a known-bad setting (the port and DNS
// rules only explain invalid verdicts: an unknown one may just lack
// evidence). A result whose checker named its cause itself, and a valid
// one, is returned as it is. Run calls it on every check, so `saltlab
// check` gives the same cause from the files alone: it is pure.
func Explain(c Check, r Result, h []history.Entry) Result {
	if r.Verdict == Valid || r.Cause != "" {
		return r
	}
	conf := recordedConf(h)
	var causes, fixes []string
	var ev []int64
	for _, rl := range rules() {
		if cause, fix, e, ok := rl(c, r, h, conf); ok {
			causes, fixes, ev = append(causes, cause), append(fixes, fix), append(ev, e...)
		}
	}
	if len(causes) == 0 {
		return r
	}
	r.Cause, r.Fix, r.CauseEvidence = strings.Join(causes, " Also: "), strings.Join(fixes, " Also: "), dedup(ev)
	return r
}

// byValue groups minions with the same value of a rendering, so a cause
// names "salt-minion-1, salt-minion-2: master = [...]" once.
func byValue(names []string, render func(string) string) []string {
	groups := map[string][]string{}
	var order []string
	for _, n := range names {
		v := render(n)
		if _, ok := groups[v]; !ok {
			order = append(order, v)
		}
		groups[v] = append(groups[v], n)
	}
	out := make([]string, 0, len(order))
	for _, v := range order {
		out = append(out, strings.Join(groups[v], ", ")+": "+v)
	}
	return out
}

func (c labConf) sortedMinions() []string { return sortedKeys(c.minions) }

// portEntries: ports in `master` entries. A port there is the master's
// ret (REQ) port, never its publish port (salt-semantics §1.3, §1.4); an
// entry naming 4505 (or the minion's publish_port) sends the sign-in
// request to a PUB socket, which never answers; two entries on one host
// reduce to one opts["master"] identity (§1.5). The ai-infra-matrix
// layout as deployed does both.
func portEntries(_ Check, r Result, _ []history.Entry, c labConf) (string, string, []int64, bool) {
	if r.Verdict != Invalid {
		return "", "", nil, false
	}
	var names []string
	reason := map[string]string{}
	var ev []int64
	for _, name := range c.sortedMinions() {
		m := c.minions[name]
		pub := defaultPublishPort
		if p, err := strconv.Atoi(strings.Trim(string(m.values["publish_port"]), `"`)); err == nil && p > 0 && p != defaultRetPort {
			pub = p
		}
		hosts := map[string]int{}
		var why []string
		for _, raw := range m.masters() {
			e := saltcfg.ParseMasterEntry(raw)
			if e.Port == 0 {
				continue
			}
			hosts[e.Host]++
			if e.Port == pub {
				why = append(why, fmt.Sprintf("%s names port %d, the publish port, where Salt takes the ret port", raw, e.Port))
			}
		}
		for h, n := range hosts {
			if n > 1 {
				why = append(why, fmt.Sprintf("%d entries on host %s share one master identity (opts[\"master\"] = %s)", n, h, h))
			}
		}
		if len(why) > 0 {
			slices.Sort(why)
			names = append(names, name)
			reason[name] = fmt.Sprintf("master = %s (%s)", render(m.masters()), strings.Join(why, "; "))
			ev = append(ev, m.entries...)
		}
	}
	if len(names) == 0 {
		return "", "", nil, false
	}
	cause := "setting master: " + strings.Join(byValue(names, func(n string) string { return reason[n] }), "; ") +
		". A port in a master entry sets master_port, the ret (REQ) port; the publish port comes from the master's sign-in reply, so a minion whose entries name publish sockets never signs in (salt-semantics §1.3-§1.5)."
	fix := "give each master its own address with the default ports and list bare hosts or ret ports (master: [<master-1>:4506, <master-2>:4506]); masters that must share a host need their own publish_port/ret_port set to the host-visible ports (salt-semantics §1.5)."
	return cause, fix, ev, true
}

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

// dnsNamesInFailover: failover minions that address masters by DNS name,
// after a master's container was stopped. The only dead-master detector
// (status.master) first resolves the name; Docker's embedded DNS stops
// resolving a stopped container, so it returns None, fires no
// __master_disconnected, and the minion daemons stay with the stopped
// master (salt-semantics §1.9; the Docker DNS behaviour is UNCONFIRMED
// there, observed by the failover-dns topology).
func dnsNamesInFailover(check Check, r Result, h []history.Entry, c labConf) (string, string, []int64, bool) {
	if r.Verdict != Invalid || !slices.Contains(failoverChecks(), check.Name) || !daemonCheck(check) {
		return "", "", nil, false
	}
	stopped := map[string]int64{}
	for _, e := range h {
		if e.Type == history.Fault && e.Phase == history.Start && e.Kind == string(fault.KindStop) {
			if _, seen := stopped[e.Target]; !seen {
				stopped[e.Target] = e.Index
			}
		}
	}
	var names []string
	var ev []int64
	var stops []string
	for _, name := range c.sortedMinions() {
		m := c.minions[name]
		if m.str("master_type") != "failover" {
			continue
		}
		hit := false
		for _, raw := range m.masters() {
			e := saltcfg.ParseMasterEntry(raw)
			if e.IsIP() {
				continue
			}
			if at, ok := stopped[e.Host]; ok {
				hit = true
				ev = append(ev, at)
				stops = append(stops, fmt.Sprintf("%s (entry %d)", e.Host, at))
			}
		}
		if hit {
			names = append(names, name)
			ev = append(ev, m.entries...)
		}
	}
	if len(names) == 0 {
		return "", "", nil, false
	}
	slices.Sort(stops)
	stops = slices.Compact(stops)
	groups := byValue(names, func(n string) string {
		m := c.minions[n]
		return fmt.Sprintf("master = %s, master_type = failover, master_alive_interval = %s", render(m.masters()), strings.Trim(string(m.values["master_alive_interval"]), `"`))
	})
	cause := "setting master: " + strings.Join(groups, "; ") +
		": these entries name the masters by Docker DNS container name, and " + strings.Join(stops, ", ") +
		" was stopped: a stopped container's name stops resolving, so the alive check (status.master) returns None and fires no __master_disconnected, and the minion daemons never leave the stopped master (salt-semantics §1.9; Docker DNS behaviour UNCONFIRMED)."
	fix := "give each master a fixed address (ipv4_address on the compose network) and list those IP addresses in the minions' master setting, as the failover topology does."
	return cause, fix, ev, true
}

func render(list []string) string { return "[" + strings.Join(list, ", ") + "]" }
