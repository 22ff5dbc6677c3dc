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
