package saltcfg

// BootMaster is the master a freshly booted failover minion signs in to
// when every master it lists answers: the first of its list.
// salt/minion.py MinionBase.eval_master tries the list in order and keeps
// the first that lets it connect; random_master shuffles the list first,
// except, with master_failback on, everything after the first entry, so
// the first stays first. A hot minion signs in to every master and a
// single-master minion has no choice to make: ok is false for both, and for
// a shuffled list.
func (m Minion) BootMaster() (master string, ok bool) {
	if m.MasterType != MasterTypeFailover || len(m.Masters) < 2 {
		return "", false
	}
	if m.RandomMaster && !m.MasterFailback {
		return "", false
	}
	return MasterHost(m.Masters[0]), true
}
