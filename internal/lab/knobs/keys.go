package knobs

// KeysByHand reports a run whose --set turns the masters' auto_accept off
// (Salt's default, written out): its minions' keys wait pending until
// someone accepts them, which bring-up and the @manual-keys scenarios do.
func (v Parsed) KeysByHand() bool {
	b, ok := v.overrides[Master]["auto_accept"].(bool)
	return ok && !b
}

// MasterDropIns reports a run given master drop-ins of the user's
// (--master-config), which may turn auto_accept off.
func (v Parsed) MasterDropIns() bool { return v.config[Master] != "" }

// Mounts are the states and pillar directories the run mounts on the
// masters ("" for the topology's own).
func (v Parsed) Mounts() (states, pillar string) { return v.states, v.pillar }

// ZMQMonitor is the minions' zmq_monitor when --set gives it: whether they
// watch their publish socket (Salt 3007.15 and later), which decides
// whether the DNS trap exists (saltcfg.MonitorsPubDisconnect).
func (v Parsed) ZMQMonitor() (on, set bool) {
	on, set = v.overrides[Minion]["zmq_monitor"].(bool)
	return on, set
}
