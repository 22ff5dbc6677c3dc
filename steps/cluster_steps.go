package steps

import (
	"context"
	"errors"
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
	master, err := resolveOne(w.Lab, master)
	if err != nil {
		return err
	}
	boundOf, err := w.clusterBound(ctx)
	if err != nil {
		return err
	}
	if ref, err := w.reference("expected " + master + " to reach every minion"); err == nil {
		awaitWatched(ctx, w, master, ref)
	}
	ref, bounds, err := reachEveryMinion(ctx, w, master, boundOf)
	if err != nil {
		return err
	}
	return w.judgeReached(ref, master, bounds, "cluster: "+master+" reaches minion")
}

// clusterPeers are the peers of the lab's master cluster, which the
// checkers take as one master: a return reaches whichever peer the
// minion's connection went through, and the peers forward events to each
// other. A master_balancer in x-saltlab marks a cluster (its masters are
// the peers, docs/topologies.md); nil in any other topology.
func clusterPeers(l Lab) []string {
	if r := l.Roles(); r.MasterBalancer != nil {
		return r.Masters
	}
	return nil
}

// clusterBound is the bound of a master cluster's minion, from the
// minion's config and the master balancer's own (`nginx -T`): the longest
// the balancer keeps a connection to a peer that went silent
// (proxy_timeout; a stopped peer's connections close at once), then the
// minion's own way back (saltcfg.ClusterBound), and on every balanced port
// one connect to the dead peer before a live one takes it
// (proxy_connect_timeout; proxy_next_upstream).
func (w *world) clusterBound(ctx context.Context) (func(saltcfg.Minion) (saltcfg.Bound, error), error) {
	fos, err := w.balancerFailovers(ctx)
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

// balancerFailovers reads the master balancer's failover settings for each
// port it balances (x-saltlab master_balancer), recorded in the history.
func (w *world) balancerFailovers(ctx context.Context) ([]nginxconf.Failover, error) {
	b := w.Lab.Roles().MasterBalancer
	if b == nil {
		return nil, errors.New("read the master balancer's config: the topology declares no master_balancer in x-saltlab: the cluster steps need one")
	}
	var fos []nginxconf.Failover
	err := w.readNginx(ctx, b.Service, func(ds []nginxconf.Directive) (any, error) {
		fos = nil
		for _, port := range b.Ports {
			fo, err := nginxconf.StreamFailoverOf(ds, port)
			if err != nil {
				return nil, err
			}
			fos = append(fos, fo)
		}
		return fos, nil
	})
	return fos, err
}
