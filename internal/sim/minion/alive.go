package minion

import (
	"context"
	"net"
	"strconv"

	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/saltlab/saltlab/internal/sim/signin"
)

// aliveJob is the __master_alive_<host> schedule job: status.master with
// kwargs {master: host, connected: want}; it fires __master_disconnected or
// __master_connected when the observed state differs.
func (mn *Minion) aliveJob(host string, want bool) func(context.Context) {
	// config.get('publish_port', default=4505): the minion's own option,
	// never the port the master reported (§1.9).
	port := mn.opts.Int("publish_port", 4505)
	deps := mn.mgr.deps
	return func(ctx context.Context) {
		connected, ok := statusMaster(ctx, deps.Resolver, deps.Conns, host, port)
		if !ok || connected == want {
			return
		}
		tag := tagDisconnected
		if connected {
			tag = tagConnected
		}
		mn.log.Debugf("Firing event %s for master %s", tag, host)
		mn.mgr.bus.fire(event{Tag: tag, Master: host})
	}
}

// failbackJob is __master_failback: status.ping_master(master_list[0]).
// UNCONFIRMED: ping_master's exact resolution path; here the entry is parsed
// and resolved without fallback and pinged on the ret port.
func (mn *Minion) failbackJob(first string) func(context.Context) {
	deps := mn.mgr.deps
	port := mn.opts.Int("master_port", 4506)
	timeout := mn.opts.Seconds("auth_timeout", 5)
	return func(ctx context.Context) {
		ent, err := resolve.ParseEntry(first, false)
		if err != nil {
			return
		}
		p := port
		if ent.Port != 0 {
			p = ent.Port
		}
		ip, err := resolve.Check(ctx, deps.Resolver, ent.Host, p, deps.Probe)
		if err != nil {
			return
		}
		if signin.Ping(ctx, net.JoinHostPort(ip, strconv.Itoa(p)), timeout) {
			mn.mgr.bus.fire(event{Tag: tagFailback, Master: ent.Host})
		}
	}
}
