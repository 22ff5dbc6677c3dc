package localclient

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/netstat"
)

// NotConnectedText is what the salt CLI prints for a minion that did not
// return and is known not to be connected.
const NotConnectedText = "Minion did not return. [Not connected]"

// NoResponseText is what the salt CLI prints for a minion that did not
// return otherwise: the job jid may still be looked up later.
func NoResponseText(jid string) string {
	return "Minion did not return. [No response]\nThe minions may not have all finished running and any remaining minions will return upon completion. To look up the return data for this job later, run the following command:\n\nsalt-run jobs.lookup_jid " + jid
}

// Missing labels minions that did not return the way
// LocalClient.get_cli_event_returns does (§4.2): "[Not connected]" when the
// master's minion data cache has the minion, the master sees at least one
// connected minion, and none of this minion's cached IPv4 addresses has an
// ESTABLISHED connection to the publish port; otherwise "[No response]".
// SRC; like Salt it is IP-based, so NAT or shared addresses confuse it.
type Missing struct {
	opts      config.Opts
	procNet   string
	connected map[string]bool // nil until first needed
}

// NewMissing is a Missing for the master of opts, reading the publish
// port's connections from procNet (/proc/net).
func NewMissing(opts config.Opts, procNet string) *Missing {
	return &Missing{opts: opts, procNet: procNet}
}

// Text is what the salt CLI prints for minion id missing from job jid.
func (c *Missing) Text(id, jid string) string {
	if c.opts.Has("minion_data_cache") && !c.opts.Bool("minion_data_cache") {
		return NoResponseText(jid)
	}
	if _, ok := readMinionData(c.opts.Str("cachedir"), id); !ok {
		return NoResponseText(jid)
	}
	if c.connected == nil {
		c.connected = connectedIDs(c.opts, c.procNet)
	}
	if len(c.connected) > 0 && !c.connected[id] {
		return NotConnectedText
	}
	return NoResponseText(jid)
}

func readMinionData(cachedir, id string) (master.MinionData, bool) {
	var d master.MinionData
	b, err := os.ReadFile(master.MinionDataPath(cachedir, id))
	if err != nil || json.Unmarshal(b, &d) != nil {
		return d, false
	}
	return d, true
}

// connectedIDs is CkMinions.connected_ids: cached minions with an IPv4
// address among the peers of the publish port (127.0.0.1 standing for this
// host's own addresses).
func connectedIDs(opts config.Opts, procNet string) map[string]bool {
	out := map[string]bool{}
	peers, err := netstat.PeersOfLocalPort(procNet, opts.Int("publish_port", 4505))
	if err != nil {
		return out
	}
	addrs := map[string]bool{}
	for _, p := range peers {
		addrs[p] = true
	}
	if addrs["127.0.0.1"] {
		delete(addrs, "127.0.0.1")
		for _, ip := range localIPv4s() {
			addrs[ip] = true
		}
	}
	entries, _ := os.ReadDir(filepath.Join(opts.Str("cachedir"), "minions"))
	for _, e := range entries {
		d, ok := readMinionData(opts.Str("cachedir"), e.Name())
		if !ok {
			continue
		}
		ips, _ := d.Grains["ipv4"].([]any)
		for _, ip := range ips {
			if s, ok := ip.(string); ok && addrs[s] {
				out[e.Name()] = true
				break
			}
		}
	}
	return out
}

// localIPv4s is salt.utils.network.ip_addrs(include_loopback=False).
func localIPv4s() []string {
	var out []string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
			out = append(out, n.IP.String())
		}
	}
	return out
}
