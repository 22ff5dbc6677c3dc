package chaos

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/salt/etchosts"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// Ledger data keys of network faults.
const (
	dataChain  = "chain"  // prefix of the fault's chains
	dataHelper = "helper" // helper container name
	dataPeers  = "peers"  // partition: peer addresses, space-separated
)

// The network kinds, each acting from a helper in the target's netns.
const (
	KindIsolate   fault.Kind = "isolate"
	KindPartition fault.Kind = "partition"
	KindPortBlock fault.Kind = "port-block"
	KindLoss      fault.Kind = "loss"
	KindDNS       fault.Kind = "dns"
)

// MinLossPercent is the smallest loss: the iptables statistic match keeps
// the probability as a 31-bit fraction, so a smaller one is 0 and drops
// nothing.
const MinLossPercent = 100.0 / (1 << 31)

// dnsNameRe is a DNS name the string match and the ledger can hold.
var dnsNameRe = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9][A-Za-z0-9-]{0,62})*$`)

func init() {
	register(Def{Kind: KindIsolate, Place: 300, Network: true,
		Mechanism: "iptables DROP of all but loopback in the target's netns, from a helper sharing it; the address stays",
		Salt:      "a silent partition (the node's own sends fail at once with EPERM; its peers see only silence): established connections are kept until TCP keepalive gives up (~16 min on Linux defaults), so minions do not fail over in time (§1.9, ISSUE #39439)",
		Needs:     []Feature{FeatIPTables},
		inject:    netFault(isolateRules, nil), undo: undoNet})
	register(Def{Kind: KindPartition, Place: 310, Network: true, Groups: true,
		Args: []Arg{
			{Option: optFrom, Example: "SERVICE[,SERVICE]", Help: "services on the other side, comma-separated"},
			{Option: optOneWay, Optional: true, Help: "drop only what the targets send to the peers"},
		},
		Check:     checkPartition,
		Mechanism: "iptables DROP to/from the peers' addresses in each target's netns",
		Salt:      "as isolate, between the two groups only; one-way drops what the targets send, which stalls TCP both ways",
		Needs:     []Feature{FeatIPTables},
		inject:    netFault(partitionRules, nil), undo: undoNet})
	register(Def{Kind: KindPortBlock, Place: 320, Network: true,
		Args: []Arg{{Option: optPorts, Example: "4505,4506", Help: "ports, comma-separated"}},
		Check: func(s Spec) error {
			if len(s.Ports) == 0 {
				return fmt.Errorf("fault port-block: name the ports, e.g. 4505")
			}
			return nil
		},
		Mechanism: "iptables DROP of TCP to/from the ports in the target's netns",
		Salt:      "4505 only: publishes stop reaching minions but salt-call (4506) works; 4506 only: minions cannot authenticate or return; 8000: salt-api unreachable behind the LB",
		Needs:     []Feature{FeatIPTables},
		inject:    netFault(portRules, nil), undo: undoNet})
	register(Def{Kind: KindLoss, Place: 340, Network: true,
		Args: []Arg{{Option: optPercent, Example: "30", Help: "percent of packets dropped, 0 < P <= 100"}},
		Check: func(s Spec) error {
			if err := valid.Percent("--percent", s.Percent, false); err != nil {
				return fmt.Errorf("fault loss: %w", err)
			}
			if s.Percent < MinLossPercent {
				return usage.Errorf("fault loss: --percent %g is below %.2g, the smallest share the iptables statistic match holds (a 31-bit fraction), so it would drop nothing; want a larger percentage such as 0.1", s.Percent, MinLossPercent)
			}
			return nil
		},
		Mechanism: "iptables statistic --mode random DROP of what the target sends",
		Salt:      "retransmissions and slow, sometimes failed, returns; ZeroMQ hides most loss until timeouts expire",
		Needs:     []Feature{FeatIPTables, FeatStatistic},
		inject:    netFault(lossRules, nil), undo: undoNet})
	register(Def{Kind: KindDNS, Place: 360, Network: true,
		Args: []Arg{{Option: optName, Example: "salt-master-1", Help: "the name that stops resolving"}},
		Check: func(s Spec) error {
			if !dnsNameRe.MatchString(s.Name) {
				return fmt.Errorf("fault dns: %q is not a DNS name", s.Name)
			}
			return nil
		},
		Mechanism: "iptables string match drops the target's DNS queries for that name to Docker's DNS (127.0.0.11); the lookup fails at once; refused for names pinned in the target's /etc/hosts (extra_hosts)",
		Salt:      "the name stops resolving: the alive check returns None and fires nothing; with retry_dns the minion sleeps in its io_loop; salt-call skips the name in failover mode (§1.7, §1.9, surprise 7)",
		Needs:     []Feature{FeatIPTables, FeatString},
		inject:    netFault(dnsRules, nil), undo: undoNet})
}

func checkPartition(s Spec) error {
	if len(s.Peers) == 0 {
		return fmt.Errorf("fault partition: name the services on the other side")
	}
	for _, p := range s.Peers {
		if slices.Contains(s.Targets, p) {
			return fmt.Errorf("fault partition: %q is on both sides", p)
		}
	}
	return nil
}

// ruleBuilder turns a spec into the rules for one target, plus ledger data.
type ruleBuilder func(ctx context.Context, e *Engine, s Spec, target container.InspectResponse) (ruleSet, map[string]string, error)

// netFault records and applies iptables rules in each target's netns.
// Each target gets its own ledger entry, recorded before its rules act.
func netFault(build ruleBuilder, after func(ctx context.Context, e *Engine, s Spec, helper string, data map[string]string) error) func(context.Context, *Engine, Spec) (fault.Entry, error) {
	return func(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
		var en fault.Entry
		for _, svc := range s.Targets {
			info, err := e.target(ctx, svc)
			if err != nil {
				return en, err
			}
			rs, extra, err := build(ctx, e, s, info)
			if err != nil {
				return en, err
			}
			base := chainPrefix(e.runID) + token()
			data := map[string]string{dataContainer: info.ID, dataService: svc, dataChain: base, dataHelper: e.helperName(svc)}
			maps.Copy(data, extra)
			one := s
			one.Targets = []string{svc}
			if en, err = e.record(one, data); err != nil {
				return en, err
			}
			helper, err := e.ensureHelper(ctx, svc, info)
			if err != nil {
				return en, err
			}
			if _, err := e.sh(ctx, helper, applyScript(base, rs)); err != nil {
				return en, fmt.Errorf("apply %s rules to %s: %w", s.Kind, svc, err)
			}
			if after != nil {
				if err := after(ctx, e, s, helper, data); err != nil {
					return en, err
				}
			}
			e.logf("%s on %s (fault %d, chains %s*)", s.Kind, svc, en.ID, base)
		}
		return en, nil
	}
}

// undoNet removes the fault's chains from the target's netns.
func undoNet(ctx context.Context, e *Engine, en fault.Entry) error {
	if err := e.inNetns(ctx, en.Data, removeScript(en.Data[dataChain])); err != nil {
		return fmt.Errorf("remove chains %s* from %s: %w", en.Data[dataChain], en.Data[dataService], err)
	}
	return nil
}

// isolateRules drop everything but loopback, both ways. Loopback stays so
// the container's own processes (and Docker's DNS at 127.0.0.11) work; the
// address is untouched, unlike NetworkDisconnect, which loses it.
func isolateRules(context.Context, *Engine, Spec, container.InspectResponse) (ruleSet, map[string]string, error) {
	return ruleSet{Input: []string{"! -i lo -j DROP"}, Output: []string{"! -o lo -j DROP"}}, nil, nil
}

// partitionRules drop traffic between the target and every peer address.
// Both directions are cut in the target's namespace alone; one-way drops
// only what the target sends.
func partitionRules(ctx context.Context, e *Engine, s Spec, _ container.InspectResponse) (ruleSet, map[string]string, error) {
	var ips []string
	for _, p := range s.Peers {
		info, err := e.target(ctx, p)
		if err != nil {
			return ruleSet{}, nil, err
		}
		ips = append(ips, addresses(info)...)
	}
	if len(ips) == 0 {
		return ruleSet{}, nil, fmt.Errorf("partition: peers %v have no IPv4 address", s.Peers)
	}
	var rs ruleSet
	for _, ip := range ips {
		rs.Output = append(rs.Output, "-d "+ip+" -j DROP")
		if !s.OneWay {
			rs.Input = append(rs.Input, "-s "+ip+" -j DROP")
		}
	}
	return rs, map[string]string{dataPeers: strings.Join(ips, " "), "one_way": strconv.FormatBool(s.OneWay)}, nil
}

// portRules drop TCP to and from the ports, both ways, so the fault cuts a
// server's port on a master and a client's connections on a minion alike.
func portRules(_ context.Context, _ *Engine, s Spec, _ container.InspectResponse) (ruleSet, map[string]string, error) {
	var rs ruleSet
	p := portList(s.Ports)
	for _, dir := range []string{"--dports", "--sports"} {
		r := "-p tcp -m multiport " + dir + " " + p + " -j DROP"
		rs.Input = append(rs.Input, r)
		rs.Output = append(rs.Output, r)
	}
	return rs, map[string]string{"ports": p}, nil
}

// lossRules drop a random share of what the target sends (egress, as netem
// loss would), never loopback.
func lossRules(_ context.Context, _ *Engine, s Spec, _ container.InspectResponse) (ruleSet, map[string]string, error) {
	// Every digit: four decimals made 0.001 % a probability of 0.0000.
	prob := strconv.FormatFloat(s.Percent/100, 'f', -1, 64)
	return ruleSet{Output: []string{"! -o lo -m statistic --mode random --probability " + prob + " -j DROP"}},
		map[string]string{"percent": strconv.FormatFloat(s.Percent, 'f', -1, 64)}, nil
}

// dnsRules make one name stop resolving in the target. Docker's embedded
// DNS at 127.0.0.11 is the container's only resolver and answers inside
// its namespace, so an /etc/hosts override cannot remove a name and a
// drop of all port-53 traffic would break every name. Instead queries that
// carry the name (iptables string match on its wire-format labels, which
// also catches search-domain expansions) are dropped in OUTPUT. A local
// DROP makes the resolver's send fail at once (EPERM), so lookups of that
// name fail immediately, like a SERVFAIL, while every other name resolves;
// there is no extra process to keep alive. A responder answering NXDOMAIN
// in the helper would need a redirect plus forwarding of every other query.
//
// A name pinned in the target's /etc/hosts (compose extra_hosts, as the
// failover topology does for its masters) never reaches DNS, so the fault
// is refused there rather than silently doing nothing.
func dnsRules(ctx context.Context, e *Engine, s Spec, target container.InspectResponse) (ruleSet, map[string]string, error) {
	r, err := e.execIn(ctx, target.ID, []string{"cat", "/etc/hosts"})
	if err == nil && r.ExitCode != 0 {
		err = fmt.Errorf("cat exited %d: %s", r.ExitCode, strings.TrimSpace(r.Stderr))
	}
	if err != nil {
		return ruleSet{}, nil, fmt.Errorf("read /etc/hosts of %s: %w", strings.TrimPrefix(target.Name, "/"), err)
	}
	if addrs := etchosts.Pinned(etchosts.Parse(r.Stdout), s.Name); len(addrs) > 0 {
		return ruleSet{}, nil, fmt.Errorf("dns: %q is pinned in /etc/hosts of %s (compose extra_hosts, to %s), so no DNS fault can make it fail there; stop or isolate the named service instead",
			s.Name, strings.TrimPrefix(target.Name, "/"), strings.Join(addrs, ", "))
	}
	hex := dnsHexString(s.Name)
	var rs ruleSet
	for _, proto := range []string{"udp", "tcp"} {
		rs.Output = append(rs.Output, "-p "+proto+" -d 127.0.0.11 -m string --algo bm --icase --hex-string "+hex+" -j DROP")
	}
	return rs, map[string]string{"name": s.Name}, nil
}

// addresses lists a container's IPv4 addresses on all its networks.
func addresses(info container.InspectResponse) []string {
	var ips []string
	if info.NetworkSettings == nil {
		return nil
	}
	for _, ep := range info.NetworkSettings.Networks {
		if ep != nil && ep.IPAddress != "" {
			ips = append(ips, ep.IPAddress)
		}
	}
	sort.Strings(ips)
	return ips
}
