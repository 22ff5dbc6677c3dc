package stack

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

// The value-by-value checks of serviceRules.

// Where Salt keeps what the masters of a topology share.
const (
	masterPKI   = "/etc/salt/pki/master"
	statesRoot  = "/srv/salt"
	pillarRoots = "/srv/pillar"
)

// sharedVolumes maps each named volume mounted by more than one service to
// those services, sorted. Swarm creates a named local volume empty on each
// node a task lands on, so a volume services share on compose is shared on
// Swarm only by tasks that happen to share a node.
func sharedVolumes(p *types.Project) map[string][]string {
	users := map[string][]string{}
	for _, name := range p.ServiceNames() {
		for _, v := range p.Services[name].Volumes {
			if v.Type == types.VolumeTypeVolume && v.Source != "" && !slices.Contains(users[v.Source], name) {
				users[v.Source] = append(users[v.Source], name)
			}
		}
	}
	out := map[string][]string{}
	for vol, svcs := range users {
		if len(svcs) > 1 {
			sort.Strings(svcs)
			out[vol] = svcs
		}
	}
	return out
}

// sharedUse is how saltlab replaces a shared volume mounted at target.
func sharedUse(target string) (handledBy string, ok bool) {
	switch target {
	case masterPKI:
		return "the masters' key pair, made by saltlab and given to every master as Swarm secrets", true
	case statesRoot, pillarRoots:
		return "each master's own volume on its node; the run's --states and --pillar reach every master as Swarm configs", true
	}
	return "", false
}

func volumes(in checkIn, s types.ServiceConfig) []Problem {
	var ps []Problem
	for _, v := range s.Volumes {
		bad := func(problem, fix string) {
			ps = append(ps, Problem{Service: s.Name, Key: "volumes", Problem: v.Source + ":" + v.Target + ": " + problem, Fix: fix})
		}
		switch v.Type {
		case types.VolumeTypeTmpfs:
		case types.VolumeTypeVolume:
			users := in.shared[v.Source]
			if len(users) == 0 {
				continue // the task's own volume on its node
			}
			if _, ok := sharedUse(v.Target); !ok {
				bad(fmt.Sprintf("is shared by %s, but Swarm creates a named volume empty on each node", strings.Join(users, ", ")),
					"mount it in one service only, or bind a folder of your lab read-only (it reaches every node as Swarm configs)")
			}
		case types.VolumeTypeBind:
			if !v.ReadOnly {
				bad("a writable bind is a folder of this host, which the swarm's other nodes do not have",
					"make it read-only (:ro; saltlab sends its files to every node as Swarm configs), or use a named volume of this service")
			}
		default:
			bad(fmt.Sprintf("volume type %q is not supported by saltlab on Swarm", v.Type), "use a bind, volume or tmpfs mount")
		}
	}
	return ps
}

func networks(in checkIn, s types.ServiceConfig) []Problem {
	var ps []Problem
	for _, key := range s.NetworksByPriority() {
		c := s.Networks[key]
		if c == nil {
			continue
		}
		bad := func(what, problem string) {
			ps = append(ps, Problem{Service: s.Name, Key: "networks." + key + "." + what, Problem: problem, Fix: fixRemove})
		}
		if c.Ipv6Address != "" {
			bad("ipv6_address", "a Swarm task takes its address from the overlay's pool")
		}
		if len(c.LinkLocalIPs) > 0 {
			bad("link_local_ips", "a Swarm task takes its address from the overlay's pool")
		}
		if c.MacAddress != "" {
			bad("mac_address", "has no Swarm field")
		}
		if len(c.DriverOpts) > 0 {
			bad("driver_opts", "is not passed to a Swarm task's network attachment by saltlab")
		}
		if c.InterfaceName != "" {
			bad("interface_name", "has no Swarm field")
		}
		// ipv4_address is handled: the task's address stands in for
		// it in the extra_hosts that name the address (Service.HostsOf).
	}
	return ps
}

func deploy(in checkIn, s types.ServiceConfig) []Problem {
	d := s.Deploy
	var ps []Problem
	bad := func(key, problem, fix string) {
		ps = append(ps, Problem{Service: s.Name, Key: "deploy." + key, Problem: problem, Fix: fix})
	}
	if d.Mode != "" && d.Mode != "replicated" {
		bad("mode", fmt.Sprintf("%s runs a task on every node; each saltlab service is one container", d.Mode), "remove it")
	}
	if d.Replicas != nil && *d.Replicas > 1 {
		bad("replicas", "each saltlab service is one container (a minion id is its service's name)", "remove it and use `--minions N` (and `--minions-per-container`) for fleets")
	}
	if d.EndpointMode == "vip" {
		bad("endpoint_mode", "vip needs the kernel's IPVS, which the engines saltlab's swarm is tested on lack; saltlab resolves services itself (dnsrr, task addresses in hosts entries)", "remove it")
	}
	for _, r := range []*types.Resource{d.Resources.Limits, d.Resources.Reservations} {
		if r != nil && (len(r.Devices) > 0 || len(r.GenericResources) > 0) {
			bad("resources", "devices and generic resources give the task the node's hardware", fixRemove)
			break
		}
	}
	return ps
}

func scale(_ checkIn, s types.ServiceConfig) []Problem {
	if *s.Scale > 1 {
		return []Problem{{Service: s.Name, Key: "scale", Problem: "each saltlab service is one container (a minion id is its service's name)", Fix: "remove it and use `--minions N` for fleets"}}
	}
	return nil
}
