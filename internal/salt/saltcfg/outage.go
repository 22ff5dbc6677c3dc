package saltcfg

import (
	"fmt"
	"time"
)

// passCost is what one failed eval_master pass costs a minion whose masters
// are all unreachable (§1.7, §1.8): a hot (str + list) minion owns one master
// per Minion object, so one failed sign-in; a failover minion tries every
// entry of its list once. It fails where no alive check runs, because then
// the minion never starts such a pass (§1.6, §1.13).
func (m Minion) passCost(what string) (Bound, error) {
	if m.MasterAliveInterval <= 0 {
		return Bound{}, fmt.Errorf("%s: master_alive_interval is 0, so the minion never notices a lost master (salt-semantics §1.6, §1.13)", what)
	}
	switch {
	case m.MasterType == MasterTypeFailover:
		n := len(m.Masters)
		return Bound{Limit: time.Duration(n) * m.signInCost(), Explain: fmt.Sprintf(
			"one pass over %d master(s) x failed sign-in %s", n, m.signInCost())}, nil
	case m.checkHot() == nil:
		return Bound{Limit: m.signInCost(), Explain: fmt.Sprintf(
			"one failed sign-in %s (dns probe %s + %d x auth_timeout %s)", m.signInCost(), dnsProbeTimeout, max(m.AuthTries, 1), m.AuthTimeout)}, nil
	}
	return Bound{}, fmt.Errorf("%s: want master_type %q, or %w", what, MasterTypeFailover, m.checkHot())
}

// ReconnectBound bounds how long after a master came back (a heal after
// every master was down, or a cold start while the others stay down) a
// minion daemon needs to sign in to it again. With master_tries: -1 the
// minion loops in eval_master (§1.7, §1.10): the loss is noticed within
// master_alive_interval; the master may return just after the minion tried
// it, so the worst case is the rest of that pass, one acceptance_wait_time
// between passes, and one successful sign-in. With any other master_tries
// the minion restarts itself instead (§1.10, surprise #2), whose keep-alive
// timing is random and not bounded here.
func (m Minion) ReconnectBound() (Bound, error) {
	pass, err := m.passCost("reconnect bound")
	if err != nil {
		return Bound{}, err
	}
	if m.MasterTries != -1 {
		return Bound{}, fmt.Errorf("reconnect bound: master_tries is %d, so the minion restarts itself once its masters stay down (salt-semantics §1.10); want -1", m.MasterTries)
	}
	lim := m.MasterAliveInterval + aliveLoopSlack + pass.Limit + m.AcceptanceWaitTime + m.AuthTimeout + m.ProcessSlack
	explain := fmt.Sprintf(
		"master_alive_interval %s + loop slack %s + %s + acceptance_wait_time %s + auth_timeout %s + process slack %s",
		m.MasterAliveInterval, aliveLoopSlack, pass.Explain, m.AcceptanceWaitTime, m.AuthTimeout, m.ProcessSlack)
	if m.MasterType == MasterTypeFailover {
		// eval_master opens new sockets for each sign-in, which connect at
		// once: no ZeroMQ reconnect back-off in the path.
		return Bound{Limit: lim, Explain: explain + "; no ZeroMQ reconnect gap (eval_master opens new sockets)"}, nil
	}
	// A hot minion's __master_disconnected handler only rearms the alive
	// job to watch for the connection coming back; eval_master runs in the
	// failover branch alone (salt/minion.py Minion.handle_event, read in
	// the stored copies of that file; INFER that 3006-3008 keep it). So it
	// is the existing subscriber socket that reconnects, on ZeroMQ's
	// schedule; the rest of the bound is kept as the conservative part.
	gap := m.ReconnectGap()
	return Bound{Limit: lim + gap.Limit, Explain: explain + " + " + gap.Explain}, nil
}
