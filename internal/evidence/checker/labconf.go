package checker

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/etchosts"
)

// The lab's configuration as the run records it before the first scenario
// (the history's ConfigItemsLocalOp, ConfigGetLocalOp and HostsOp of each
// minion, ConfigGetOp, AddressOp and FingerOp of each master) is the only
// evidence a diagnosis may blame a setting on. Each value is an operation
// of the history, so a cause cites the entry that holds it.

// ConfigKeys are the minion settings recorded at lab start: the ones the
// diagnosis rules read, including those that neutralise a rule (transport
// tcp has no alive job to miss a master; open_mode skips the master key
// check; verify_master_pubkey_sign accepts signed keys).
func ConfigKeys() []string {
	return []string{"master", "master_type", "master_alive_interval", "publish_port", "transport", "open_mode", "verify_master_pubkey_sign", "zmq_monitor"}
}

// MasterConfigKeys are the master settings recorded at lab start: the
// ports a minion's master entry may name.
func MasterConfigKeys() []string { return []string{"publish_port", "ret_port"} }

// Keys under which nodeConf keeps the records that are no Salt setting.
const (
	keyHosts     = "/etc/hosts"
	keyAddresses = "addresses"
	keyFingers   = "key fingerprints"
)

// setting is one recorded value and the completion entry holding it.
type setting struct {
	raw   json.RawMessage
	entry int64
}

// nodeConf is what the run recorded of one service's configuration.
type nodeConf struct {
	name     string
	settings map[string]setting
}

// labConf is the configuration evidence a history holds, by role.
type labConf struct {
	minions map[string]*nodeConf
	masters map[string]*nodeConf
}

// recordedConf reads the configuration records of h: successful
// operations recorded outside any scenario (the lab-start recording; a
// scenario's own reads, after its faults, describe the fault, not the lab).
// The last record of a key wins.
func recordedConf(h []history.Entry) labConf {
	c := labConf{minions: map[string]*nodeConf{}, masters: map[string]*nodeConf{}}
	put := func(role map[string]*nodeConf, node, key string, raw json.RawMessage, at int64) {
		n := role[node]
		if n == nil {
			n = &nodeConf{name: node, settings: map[string]setting{}}
			role[node] = n
		}
		n.settings[key] = setting{raw: raw, entry: at}
	}
	for _, o := range history.Ops(h) {
		if !okOp(o) || o.Invoke.Scenario != "" {
			continue
		}
		val, node, at := o.Completion.Value, o.Invoke.Node, o.Completion.Index
		switch o.Invoke.F {
		case history.ConfigGetLocalOp:
			var v history.ConfigValue
			if json.Unmarshal(val, &v) == nil && v.Key != "" {
				put(c.minions, node, v.Key, v.Value, at)
			}
		case history.ConfigItemsLocalOp:
			var v history.ConfigItems
			if json.Unmarshal(val, &v) == nil {
				for k, raw := range v.Values {
					put(c.minions, node, k, raw, at)
				}
			}
		case history.HostsOp:
			put(c.minions, node, keyHosts, val, at)
		case history.ConfigGetOp:
			if o.Invoke.Target != "" {
				put(c.masters, node, o.Invoke.Target, val, at)
			}
		case history.AddressOp:
			put(c.masters, node, keyAddresses, val, at)
		case history.FingerOp:
			put(c.masters, node, keyFingers, val, at)
		}
	}
	return c
}

func (c labConf) sortedMinions() []string { return sortedKeys(c.minions) }

// fact is the recorded key as a fact to cite ("master_type = failover"),
// false when the run did not record it.
func (n *nodeConf) fact(key string) (fact, bool) {
	s, ok := n.settings[key]
	if !ok {
		return fact{}, false
	}
	return fact{node: n.name, text: key + " = " + renderJSON(s.raw), entry: s.entry}, true
}

// factAs is a fact about the record of key in other words.
func (n *nodeConf) factAs(key, text string) fact {
	return fact{node: n.name, text: text, entry: n.settings[key].entry}
}

// str is a recorded string setting.
func (n *nodeConf) str(key string) (string, bool) {
	var s string
	if st, ok := n.settings[key]; ok && json.Unmarshal(st.raw, &s) == nil {
		return s, true
	}
	return "", false
}

// num is a recorded number (Salt may hand one back as a string).
func (n *nodeConf) num(key string) (float64, bool) {
	st, ok := n.settings[key]
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.Trim(string(st.raw), `"`), 64)
	return f, err == nil
}

// boolean is a recorded boolean setting.
func (n *nodeConf) boolean(key string) (bool, bool) {
	var b bool
	if st, ok := n.settings[key]; ok && json.Unmarshal(st.raw, &b) == nil {
		return b, true
	}
	return false, false
}

// masterList is the recorded `master` setting as a list (Salt takes a
// string or a list, salt-semantics §1.2).
func (n *nodeConf) masterList() ([]string, bool) {
	var list []string
	if st, ok := n.settings["master"]; ok && json.Unmarshal(st.raw, &list) == nil {
		return list, true
	}
	if s, ok := n.str("master"); ok && s != "" {
		return []string{s}, true
	}
	return nil, false
}

// hostsLines is the recorded /etc/hosts of a minion.
func (n *nodeConf) hostsLines() ([]etchosts.Line, bool) {
	var v history.HostsValue
	st, ok := n.settings[keyHosts]
	return v.Lines, ok && json.Unmarshal(st.raw, &v) == nil
}

// addresses are the recorded addresses of a master.
func (n *nodeConf) addresses() ([]string, bool) {
	var v history.AddressValue
	st, ok := n.settings[keyAddresses]
	return v.Addresses, ok && json.Unmarshal(st.raw, &v) == nil && len(v.Addresses) > 0
}

// fingers are the recorded key fingerprints of a master.
func (n *nodeConf) fingers() (history.FingersValue, bool) {
	var v history.FingersValue
	st, ok := n.settings[keyFingers]
	return v, ok && json.Unmarshal(st.raw, &v) == nil
}

// renderJSON shows a recorded value as an operator reads it: a string
// bare, a list as [a, b], anything else as its JSON.
func renderJSON(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []any
	if json.Unmarshal(raw, &list) == nil {
		parts := make([]string, 0, len(list))
		for _, v := range list {
			b, _ := json.Marshal(v)
			parts = append(parts, renderJSON(b))
		}
		return render(parts)
	}
	return strings.TrimSpace(string(raw))
}

func render(list []string) string { return "[" + strings.Join(list, ", ") + "]" }
