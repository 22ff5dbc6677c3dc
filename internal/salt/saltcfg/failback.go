package saltcfg

import "fmt"

// FailbackBound bounds how long after the first master of a failover
// minion's list came back the minion daemon returns to it, when
// master_failback is on (§1.11, salt/minion.py _post_master_init: a minion
// signed in to a later master schedules __master_failback, which runs
// status.ping_master(master_list[0]) every master_failback_interval; an
// answer fires the failback event, handled like a disconnect with
// failback=True, so eval_master starts again from the first master).
// Worst case: the master needs ProcessSlack to answer, a ping in flight
// when it came up times out (auth_timeout), the next run comes one
// interval (+ loop slack) later, then one sign-in (auth_timeout).
//
// With master_failback off nothing ever moves the minion back while its
// current master lives; the same limit then is the window a scenario holds
// that absence for, computed with the interval failback would have used
// (master_alive_interval, Salt's default for it).
func (m Minion) FailbackBound() (Bound, error) {
	if m.MasterType != MasterTypeFailover {
		return Bound{}, fmt.Errorf("failback bound: master_type is %q; master_failback applies to %q only (salt-semantics §1.11)", m.MasterType, MasterTypeFailover)
	}
	iv, what := m.MasterFailbackInterval, "master_failback_interval"
	if !m.MasterFailback {
		iv, what = m.MasterAliveInterval, "master_failback off: window of master_alive_interval"
	}
	if iv <= 0 {
		return Bound{}, fmt.Errorf("failback bound: %s is 0, so the failback ping never runs", what)
	}
	lim := m.ProcessSlack + m.AuthTimeout + iv + aliveLoopSlack + m.AuthTimeout
	return Bound{Limit: lim, Explain: fmt.Sprintf(
		"process slack %s + ping in flight auth_timeout %s + %s %s + loop slack %s + sign-in auth_timeout %s",
		m.ProcessSlack, m.AuthTimeout, what, iv, aliveLoopSlack, m.AuthTimeout)}, nil
}
