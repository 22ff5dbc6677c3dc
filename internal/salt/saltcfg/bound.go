package saltcfg

import (
	"fmt"
	"time"
)

// ProcessSlack covers starting a Salt process, loading keys and modules and
// running a trivial function: a few seconds on real Salt, less on the double.
const ProcessSlack = 8 * time.Second

// Bound is an upper limit with the arithmetic that produced it, so a report
// can say where the number came from.
type Bound struct {
	Limit   time.Duration
	Explain string
}

func (b Bound) String() string { return fmt.Sprintf("%s (%s)", b.Limit, b.Explain) }

// signInCost is what one unreachable-but-resolvable master costs the list
// path before the next master is tried: a DNS connect probe plus every
// sign-in try timing out (§1.7, §1.8). In failover mode that is one try.
func (m Minion) signInCost() time.Duration {
	tries := m.AuthTries
	if tries < 1 {
		tries = 1
	}
	return dnsProbeTimeout + time.Duration(tries)*m.AuthTimeout
}

// CallBound bounds a `salt-call` that must be served by the master at
// position target of the master list while every master before it is down:
// each earlier master costs at most signInCost, the serving master one
// sign-in, plus ProcessSlack.
func (m Minion) CallBound(target int) Bound {
	lim := time.Duration(target)*m.signInCost() + m.AuthTimeout + m.ProcessSlack
	return Bound{Limit: lim, Explain: fmt.Sprintf(
		"%d earlier master(s) x (dns probe %s + %d x auth_timeout %s) + auth_timeout %s + process slack %s",
		target, dnsProbeTimeout, max(m.AuthTries, 1), m.AuthTimeout, m.AuthTimeout, m.ProcessSlack)}
}

// AliveBound bounds how long a daemon in failover mode needs to notice a
// dead master and sign in to the next one: the alive check runs every
// master_alive_interval (§1.9), then the list path tries the next master.
// It fails when master_alive_interval is 0, because then a failover minion
// never notices a lost master (§1.6).
func (m Minion) AliveBound() (Bound, error) {
	if m.MasterType != MasterTypeFailover {
		return Bound{}, fmt.Errorf("alive bound: master_type is %q, want %q", m.MasterType, MasterTypeFailover)
	}
	if m.MasterAliveInterval <= 0 {
		return Bound{}, fmt.Errorf("alive bound: master_alive_interval is 0, so a failover minion never detects a lost master (salt-semantics §1.6)")
	}
	lim := m.MasterAliveInterval + aliveLoopSlack + m.signInCost() + m.AuthTimeout + m.ProcessSlack
	return Bound{Limit: lim, Explain: fmt.Sprintf(
		"master_alive_interval %s + loop slack %s + one failed sign-in %s + auth_timeout %s + process slack %s",
		m.MasterAliveInterval, aliveLoopSlack, m.signInCost(), m.AuthTimeout, m.ProcessSlack)}, nil
}

// IndexOf returns the position of the master whose bare host is host.
func (m Minion) IndexOf(host string) (int, error) {
	for i, e := range m.Masters {
		if MasterHost(e) == host {
			return i, nil
		}
	}
	return 0, fmt.Errorf("master %q is not in the minion's master list %v", host, m.Masters)
}

// Position returns where master stands in the minion's failover order and
// the rule that placed it: the minion's own master list when an entry's bare
// host is master; otherwise the topology's declared master order (order),
// because a list can name masters by an address that is not the service
// (e.g. "<host-ip>:4505" through a port forwarder).
func (m Minion) Position(master string, order []string) (int, string, error) {
	if i, err := m.IndexOf(master); err == nil {
		return i, fmt.Sprintf("%s is entry %d of the minion's master list", master, i+1), nil
	}
	for i, o := range order {
		if o == master {
			return i, fmt.Sprintf("%s is master %d of the topology's declared order, as the minion's master list %v does not name it", master, i+1, m.Masters), nil
		}
	}
	return 0, "", fmt.Errorf("master %q is neither in the minion's master list %v nor in the topology's declared masters %v", master, m.Masters, order)
}

// HotBound bounds how long a surviving master of a hot multi-master setup
// (master_type str with a master list, §1.13) needs to reach a minion after
// another master died: the minion's connection to it is independent, so one
// return (auth_timeout) plus ProcessSlack.
func (m Minion) HotBound() (Bound, error) {
	if err := m.checkHot(); err != nil {
		return Bound{}, fmt.Errorf("hot bound: %w", err)
	}
	return Bound{Limit: m.AuthTimeout + m.ProcessSlack, Explain: fmt.Sprintf(
		"surviving connection: auth_timeout %s + process slack %s", m.AuthTimeout, m.ProcessSlack)}, nil
}

// RestartWindow is how long after its master(s) died a minion with the
// default master_tries: 1 would have restarted itself (§1.10): the alive
// check notices the loss within master_alive_interval, then eval_master
// makes one pass and gives up. A hot minion's single path re-signs-in to
// the same master (dns probe + auth_tries x auth_timeout); a failover
// minion with every master dead tries each entry of its list once (one
// try each, §1.6). INFER: the ~35 s observed upstream for hot mode matches
// these defaults (2 s + 7 x 5 s). A minion still running the same process
// after the window did not restart.
func (m Minion) RestartWindow() (Bound, error) {
	passes, err := m.passCost("restart window")
	if err != nil {
		return Bound{}, err
	}
	lim := m.MasterAliveInterval + aliveLoopSlack + passes.Limit + m.ProcessSlack
	return Bound{Limit: lim, Explain: fmt.Sprintf(
		"master_alive_interval %s + loop slack %s + %s + process slack %s",
		m.MasterAliveInterval, aliveLoopSlack, passes.Explain, m.ProcessSlack)}, nil
}

// ReachBound bounds how long after a master died a surviving master needs
// to reach the minion daemon: the alive-check failover of a failover
// minion (AliveBound), or the independent connection of a hot minion
// (HotBound).
func (m Minion) ReachBound() (Bound, error) {
	if m.MasterType == MasterTypeFailover {
		return m.AliveBound()
	}
	if err := m.checkHot(); err != nil {
		return Bound{}, fmt.Errorf("reach bound: want master_type %q, or %w", MasterTypeFailover, err)
	}
	return m.HotBound()
}

func (m Minion) checkHot() error {
	if m.MasterType != MasterTypeStr || len(m.Masters) < 2 {
		return fmt.Errorf("want hot multi-master (master_type %q with two or more masters), got master_type %q with %d master(s)", MasterTypeStr, m.MasterType, len(m.Masters))
	}
	return nil
}

// FleetAliveBound is AliveBound for a fleet of n minions failing over to
// one master at once: each minion's own bound, plus the queue of the
// herd's sign-ins at the surviving master, n / perSecond (a measured
// figure per flavour, capacity.HerdSignIns; 0 when none was measured,
// then the bound says it has no herd term).
func (m Minion) FleetAliveBound(n int, perSecond float64) (Bound, error) {
	b, err := m.AliveBound()
	if err != nil || n <= 1 {
		return b, err
	}
	if perSecond <= 0 {
		b.Explain += fmt.Sprintf(" (no herd term for %d minions: no sign-in rate was measured for this flavour)", n)
		return b, nil
	}
	herd := time.Duration(float64(n) / perSecond * float64(time.Second)).Round(time.Millisecond)
	b.Limit += herd
	b.Explain += fmt.Sprintf(" + herd %s (%d minions signing in at %g per s, measured)", herd, n, perSecond)
	return b, nil
}
