package saltcfg

import "github.com/saltlab/saltlab/internal/salt/saltver"

// MonitorSince is the first release whose minions run ZeroMQ's socket
// monitor on their publish connection by default (saltstack/salt#66760,
// release notes 3007.15: "reconnect to the master on its IP address
// change"). Its EVENT_DISCONNECTED fires __master_disconnected at once
// (salt/transport/zeromq.py ZeroMQSocketMonitor.monitor_callback,
// salt/channel/client.py AsyncPubChannel.disconnect_callback), without
// resolving the master's name, so a failover minion leaves a master that
// closed its connections even where the alive check could not resolve it.
func MonitorSince() saltver.Version { return saltver.Version{Parts: []int{3007, 15}} }

// MonitorsPubDisconnect says whether a minion of release v with the given
// zmq_monitor setting leaves a master as soon as its publish connection
// drops. 3006's zeromq transport never calls the disconnect callback
// ("TODO" in AsyncPubChannel.connect), whatever zmq_monitor says.
func MonitorsPubDisconnect(v saltver.Reported, zmqMonitor bool) bool {
	return zmqMonitor && v.AtLeast(MonitorSince())
}
