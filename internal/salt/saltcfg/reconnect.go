package saltcfg

import (
	"fmt"
	"time"
)

// ReconnectGap is the longest a node's ZeroMQ socket may wait between two
// attempts to reconnect to a peer that went away, so the longest it may
// take to notice the peer is back. Salt sets the socket's RECONNECT_IVL to
// recon_default, or with recon_randomize to randint(recon_default,
// recon_default + recon_max), and RECONNECT_IVL_MAX to recon_max
// (salt/transport/zeromq.py, the publish client's connect:
// "Generated random reconnect delay between ..."); ZeroMQ doubles the
// interval after each failed attempt up to RECONNECT_IVL_MAX, which it
// honours only above RECONNECT_IVL (zmq_setsockopt(3)). The longest wait is
// therefore the larger of the two. With Salt's defaults that is
// 1 s + 10 s = 11 s, the "random 1-11 s" of salt-semantics §1.14, and what
// upstream's test_syndic_reconnect.py allows for ("The ZMQ reconnect
// interval is randomised (recon_default + up to recon_max)").
func (m Minion) ReconnectGap() Bound {
	ivl := m.ReconDefault
	how := fmt.Sprintf("recon_default %s", m.ReconDefault)
	if m.ReconRandomize {
		ivl = m.ReconDefault + m.ReconMax
		how = fmt.Sprintf("recon_randomize: up to recon_default %s + recon_max %s", m.ReconDefault, m.ReconMax)
	}
	if m.ReconMax > ivl {
		return Bound{Limit: m.ReconMax, Explain: fmt.Sprintf("ZeroMQ reconnect gap %s (back-off up to recon_max %s; first interval %s)", m.ReconMax, m.ReconMax, how)}
	}
	return Bound{Limit: ivl, Explain: fmt.Sprintf("ZeroMQ reconnect gap %s (%s)", ivl, how)}
}

// Node is a named Salt node's configuration, for bounds that span nodes.
type Node struct {
	Name string
	Cfg  Minion
}

// SyndicRelayBound bounds how long after a heal (the master of masters
// restarted, or a syndic node restarted) the master of masters needs to
// reach a minion through every syndic again: each syndic's subscription to
// the master of masters is an existing ZeroMQ socket that reconnects on its
// own schedule (the regression of saltstack/salt#68915 is about what
// happens then), after which the syndic signs in again against the fresh
// AES key (one auth_timeout); a minion's connection to a restarted syndic
// master reconnects the same way on the minion's schedule; then the
// minion's surviving-connection bound (HotBound) applies. The slowest node
// counts, named in the explanation. A syndic reads its ZeroMQ settings from
// its minion configuration (salt/config/__init__.py syndic_config:
// opts.update(master_opts); opts.update(minion_opts)).
func SyndicRelayBound(minion Node, syndics []Node) (Bound, error) {
	hot, err := minion.Cfg.HotBound()
	if err != nil {
		return Bound{}, fmt.Errorf("syndic relay bound: %w", err)
	}
	gap, gapOf := minion.Cfg.ReconnectGap(), minion.Name
	var auth time.Duration
	for _, s := range syndics {
		if g := s.Cfg.ReconnectGap(); g.Limit > gap.Limit {
			gap, gapOf = g, s.Name
		}
		auth = max(auth, s.Cfg.AuthTimeout)
	}
	return Bound{Limit: gap.Limit + auth + hot.Limit, Explain: fmt.Sprintf(
		"%s of %s + syndic re-sign-in auth_timeout %s + %s",
		gap.Explain, gapOf, auth, hot.Explain)}, nil
}
