package chaos

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// Info explains one fault kind to an operator.
type Info struct {
	Kind      fault.Kind
	Usage     string    // arguments of `saltlab chaos <kind>`
	Mechanism string    // how saltlab does it on this kind of host
	Salt      string    // what Salt does, and what the operator sees
	Needs     []Feature // host features it cannot work without
}

// Catalog lists every fault kind in the order `saltlab chaos list` prints.
// The Salt column follows salt-semantics §1.9 (dead-master detection) and
// §10; "alive check" is the minion's status.master job run every
// master_alive_interval seconds, which only looks for an ESTABLISHED TCP
// connection to the master's publish port after resolving its name.
var Catalog = []Info{
	{KindStop, "SERVICE", "Docker stop (SIGTERM, 10 s grace); heal: start",
		"the master's sockets close at once, so failover minions notice within master_alive_interval — unless masters are listed by Docker service name: a stopped container's name stops resolving and the alive check silently does nothing (§1.9, surprise 3)", nil},
	{KindKill, "SERVICE [--signal SIGKILL]", "Docker kill with the signal; heal: start if it exited",
		"like stop but without a clean shutdown; a foreground daemon that exits 0 is not restarted by an on-failure policy", nil},
	{KindPause, "SERVICE", "Docker pause (cgroup freezer); heal: unpause",
		"the kernel keeps the TCP connections ESTABLISHED and even completes new handshakes, so the alive check sees nothing and failover minions do NOT fail over; salt-call and publishes to that master just time out (§1.9)", nil},
	{KindRestart, "SERVICE", "Docker restart; heal: start if it is not running",
		"a short outage: minions reconnect to the same master; jobs in flight on it are lost (returns go only to the publishing master)", nil},
	{KindProcKill, "SERVICE --process NAME [--signal KILL]", "pgrep -f for the program in the container, kill its pids; heal: restart the container if the daemon is gone",
		"one daemon dies while its container (and e.g. salt-api beside it) stays: for salt-master, sockets close and failover works within master_alive_interval", nil},
	{KindProcStop, "SERVICE --process NAME", "SIGSTOP to the daemon's pids; heal: SIGCONT to the recorded pids",
		"like pause for one daemon only: sockets stay ESTABLISHED, nothing fails over, requests to it hang", nil},
	{KindIsolate, "SERVICE", "iptables DROP of all but loopback in the target's netns, from a helper sharing it; the address stays",
		"a silent partition (the node's own sends fail at once with EPERM; its peers see only silence): established connections are kept until TCP keepalive gives up (~16 min on Linux defaults), so minions do not fail over in time (§1.9, ISSUE #39439)", []Feature{FeatIPTables}},
	{KindPartition, "SERVICE[,SERVICE] --from SERVICE[,SERVICE] [--one-way]", "iptables DROP to/from the peers' addresses in each target's netns",
		"as isolate, between the two groups only; one-way drops what the targets send, which stalls TCP both ways", []Feature{FeatIPTables}},
	{KindPortBlock, "SERVICE --ports 4505[,4506]", "iptables DROP of TCP to/from the ports in the target's netns",
		"4505 only: publishes stop reaching minions but salt-call (4506) works; 4506 only: minions cannot authenticate or return; 8000: salt-api unreachable behind the LB", []Feature{FeatIPTables}},
	{KindLatency, "SERVICE --delay 200ms [--jitter 20ms] [--ports 4505,4506]", "tc netem (in a prio band filtered to the ports) where the kernel has netem; otherwise a userspace TCP delay proxy in the helper plus iptables REDIRECT, established flows reset to pass through it",
		"slow masters: salt-call needs longer; timeouts under the delay (salt -t, auth_timeout) start to fail", []Feature{FeatIPTables, FeatRedirect}},
	{KindLoss, "SERVICE --percent 30", "iptables statistic --mode random DROP of what the target sends",
		"retransmissions and slow, sometimes failed, returns; ZeroMQ hides most loss until timeouts expire", []Feature{FeatIPTables, FeatStatistic}},
	{KindBandwidth, "SERVICE --rate 1mbit", "TBF root qdisc (handle 5a17:) on each interface of the target",
		"large file-server transfers (state.apply with big files) slow down; pings are unaffected", []Feature{FeatTBF}},
	{KindDNS, "SERVICE --name salt-master-1", "iptables string match drops the target's DNS queries for that name to Docker's DNS (127.0.0.11); the lookup fails at once; refused for names pinned in the target's /etc/hosts (extra_hosts)",
		"the name stops resolving: the alive check returns None and fires nothing; with retry_dns the minion sleeps in its io_loop; salt-call skips the name in failover mode (§1.7, §1.9, surprise 7)", []Feature{FeatIPTables, FeatString}},
	{KindDiskFull, "SERVICE --path /dev/shm", "fallocate a file filling the path's filesystem (refused above 1 GiB free); heal: delete it",
		"writes under that path fail with ENOSPC: job cache, key acceptance or logs, depending on the path", nil},
	{KindKeyReplace, "SERVICE [--path /etc/salt/pki/master]", "new RSA pair written over master.pem/master.pub, old pair kept in .saltlab-backup-<id>/ in the same volume; heal: restore it",
		"after the master restarts, minions that cached the old public key refuse it (\"The master key has changed\"); two masters with different keys break hot mode", nil},
}

// Lookup returns the catalog entry of kind.
func Lookup(kind string) (Info, error) {
	var names []string
	for _, in := range Catalog {
		if string(in.Kind) == kind {
			return in, nil
		}
		names = append(names, string(in.Kind))
	}
	return Info{}, fmt.Errorf("unknown fault %q: want one of %s", kind, strings.Join(names, ", "))
}

// MechanismOn is how this host gets the fault: the catalog's text, except
// for latency, whose mechanism depends on the host's netem (nil features:
// unknown, the general text).
func (in Info) MechanismOn(f Features) string {
	if in.Kind == KindLatency && f != nil {
		return latencyMechanism(f)
	}
	return in.Mechanism
}

// Supported says whether the host's features allow the fault, and if not,
// why.
func (in Info) Supported(f Features) (bool, string) {
	var missing []string
	for _, need := range in.Needs {
		if r, ok := f[need]; !ok || !r.OK {
			missing = append(missing, string(need)+": "+f[need].Detail)
		}
	}
	if len(missing) > 0 {
		return false, "host lacks " + strings.Join(missing, "; ")
	}
	return true, ""
}
