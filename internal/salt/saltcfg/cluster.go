package saltcfg

import "fmt"

// ClusterBound bounds how long a minion of a master cluster (Salt 3007+;
// one master entry, the load balancer in front of the peers,
// doc/topics/tutorials/master-cluster.rst) needs, once its connection to a
// dead peer is gone, to be served by a live one through the same address:
// the alive check notices the loss within master_alive_interval (§1.9),
// then the minion signs in again through the balancer, which may cost one
// failed sign-in before a live peer answers, plus one return (auth_timeout)
// and ProcessSlack. How long the balancer keeps a connection to a silent
// peer, and what a connect to a dead one costs, are the balancer's to
// bound (internal/salt/nginxconf) and are added by the caller.
func (m Minion) ClusterBound() (Bound, error) {
	if m.MasterType != MasterTypeStr || len(m.Masters) != 1 {
		return Bound{}, fmt.Errorf("cluster bound: want one master entry, the load balancer in front of the cluster, with master_type %q; got master_type %q with %d master(s)", MasterTypeStr, m.MasterType, len(m.Masters))
	}
	if m.MasterAliveInterval <= 0 {
		return Bound{}, fmt.Errorf("cluster bound: master_alive_interval is 0, so the minion never notices that the peer behind its connection died (salt-semantics §1.6, §1.13)")
	}
	if m.MasterTries != -1 {
		return Bound{}, fmt.Errorf("cluster bound: master_tries is %d, so the minion restarts itself instead of signing in again (salt-semantics §1.10); want -1", m.MasterTries)
	}
	lim := m.MasterAliveInterval + aliveLoopSlack + m.signInCost() + m.AuthTimeout + m.ProcessSlack
	return Bound{Limit: lim, Explain: fmt.Sprintf(
		"master_alive_interval %s + loop slack %s + one failed sign-in %s + auth_timeout %s + process slack %s",
		m.MasterAliveInterval, aliveLoopSlack, m.signInCost(), m.AuthTimeout, m.ProcessSlack)}, nil
}
