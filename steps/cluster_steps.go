package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/salt/nginxconf"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// masterReachesEveryMinionCluster: after a fault on one peer of a master
// cluster, master publishes test.ping and every minion answers within its
// cluster bound (clusterBound): the minions attached through the dead peer
// are served by a live one, through the balancer they alone know. A peer
// that was started again is waited on until the run watches its bus, so
// its own returns can be judged.
func masterReachesEveryMinionCluster(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return err
	}
	boundOf, err := w.clusterBound(ctx)
	if err != nil {
		return err
	}
	if ref, err := w.Reference("expected " + master + " to reach every minion"); err == nil {
		w.AwaitWatched(ctx, master, ref)
	}
	ref, bounds, err := reachEveryMinion(ctx, w, master, boundOf)
	if err != nil {
		return err
	}
	return w.JudgeReached(ref, master, bounds, "cluster: "+master+" reaches minion")
}

// clusterBound is the bound of a master cluster's minion, from the
// minion's config and the master balancer's own (`nginx -T`): the longest
// the balancer keeps a connection to a peer that went silent
// (proxy_timeout; a stopped peer's connections close at once), then the
// minion's own way back (saltcfg.ClusterBound), and on every balanced port
// one connect to the dead peer before a live one takes it
// (proxy_connect_timeout; proxy_next_upstream).
func (w *world) clusterBound(ctx context.Context) (func(saltcfg.Minion) (saltcfg.Bound, error), error) {
	fos, err := w.BalancerFailovers(ctx)
	if err != nil {
		return nil, err
	}
	return func(m saltcfg.Minion) (saltcfg.Bound, error) { return clusterBoundOf(fos, m) }, nil
}

// clusterBoundOf adds the balancer's terms (fos: one per balanced port) to
// the minion's own cluster bound.
func clusterBoundOf(fos []nginxconf.Failover, m saltcfg.Minion) (saltcfg.Bound, error) {
	b, err := m.ClusterBound()
	if err != nil {
		return b, err
	}
	var idle time.Duration
	for _, fo := range fos {
		idle = max(idle, fo.IdleTimeout)
	}
	b = saltcfg.Bound{Limit: idle + b.Limit, Explain: fmt.Sprintf("nginx stream proxy_timeout %s + %s", idle, b.Explain)}
	for _, fo := range fos {
		b = saltcfg.Bound{Limit: b.Limit + fo.Detour(1), Explain: fmt.Sprintf("%s + upstream %s: %s", b.Explain, fo.Upstream, fo.Explain())}
	}
	return b, nil
}
