package saltcfg

import (
	"net"
	"strconv"
	"strings"
)

// The one parser of a minion's `master` entry in saltlab's own code (the
// double keeps its own in internal/sim/resolve, as a part of Salt's
// behaviour it imitates).

// MasterEntry is one entry of a minion's `master` setting, split as
// salt.utils.network.parse_host_port does (salt-semantics §1.3): host, and
// the port when one is given (0 otherwise).
type MasterEntry struct {
	Host string
	Port int
}

// ParseMasterEntry splits "host", "host:port", "[v6]:port" or a bare IPv6.
// A port that is no number leaves the entry whole as the host: Salt
// refuses such an entry (parse_host_port raises ValueError), so it matches
// no master, and a diagnosis names it as written.
func ParseMasterEntry(s string) MasterEntry {
	s = strings.TrimSpace(s)
	if strings.Count(s, ":") > 1 && !strings.HasPrefix(s, "[") {
		return MasterEntry{Host: s} // a bare IPv6 address has no port
	}
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return MasterEntry{Host: strings.Trim(s, "[]")}
	}
	p, err := strconv.Atoi(port)
	if err != nil || p <= 0 || p > 65535 {
		return MasterEntry{Host: s}
	}
	return MasterEntry{Host: host, Port: p}
}

// IsIP says whether the entry names an address rather than a DNS name.
func (e MasterEntry) IsIP() bool { return net.ParseIP(e.Host) != nil }

// MasterHost is the host part of a `master` entry.
func MasterHost(entry string) string { return ParseMasterEntry(entry).Host }
