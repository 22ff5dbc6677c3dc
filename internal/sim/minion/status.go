package minion

import (
	"context"

	"github.com/saltlab/saltlab/internal/sim/netstat"
	"github.com/saltlab/saltlab/internal/sim/resolve"
)

// statusMaster is status.master (salt/modules/status.py) reduced to its
// answer: ok is false when the master host does not resolve — Salt then
// returns None and fires nothing (§1.9). Otherwise connected tells whether
// any of the master's IPs has an ESTABLISHED connection with remote port
// `port` (the minion's own publish_port option, default 4505).
func statusMaster(ctx context.Context, r resolve.Resolver, conns *netstat.Snapshot, host string, port int) (connected, ok bool) {
	ips, err := resolve.HostIPs(ctx, r, host)
	if err != nil {
		return false, false
	}
	remotes, err := conns.RemoteEstablished(port)
	if err != nil {
		return false, true
	}
	for _, ip := range ips {
		for _, rip := range remotes {
			if ip == rip {
				return true, true
			}
		}
	}
	return false, true
}
