package stack

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
)

// Plan is a lab converted for Swarm: what Deploy creates on the manager,
// in order (networks, secrets and configs, then services wave by wave).
type Plan struct {
	Project  string
	Networks []Network
	Secrets  []Object
	Configs  []Object
	// Services in creation order: a service comes after those it depends on.
	Services []Service
	// Dropped are compose services a lab on Swarm does not run, and why.
	Dropped map[string]string
	// Notes are deviations from compose worth telling the user.
	Notes []string
}

// Network is one overlay network of the lab.
type Network struct {
	Key     string // compose key ("default")
	Name    string // Docker name
	Options network.CreateOptions
}

// Object is a Swarm config or secret saltlab makes.
type Object struct {
	Name   string
	Labels map[string]string
	Data   []byte `json:"-"`
	// Size and SHA256 stand for Data in golden files and reports.
	Size   int
	SHA256 string
}

// Service is one compose service as a Swarm service.
type Service struct {
	Compose string // compose service name
	Spec    swarm.ServiceSpec
	// After are the compose services it waits for and how (compose's
	// depends_on conditions: service_started, service_healthy,
	// service_completed_successfully), services the plan dropped left out.
	After map[string]string `json:",omitempty"`
	// Health is the service's compose health test, which saltlab runs
	// itself in the task's container (the spec carries none: Swarm shuts
	// down a task it finds unhealthy, so a paused master would be
	// stopped for good instead of paused).
	Health *container.HealthConfig `json:",omitempty"`
	// HostsOf lists the container's extra_hosts entries that name another
	// service's static compose address: Resolve writes the address of that
	// service's task into the spec once the task runs. Like a static
	// address, and unlike the service's name in Swarm's DNS (endpoint mode
	// dnsrr: this machine's kernel has no IPVS for virtual IPs), it stays
	// in the hosts file while the task is stopped, so a failover minion
	// still resolves a stopped master and notices it is down
	// (salt-semantics §1.9).
	HostsOf []HostRef `json:",omitempty"`
}

// HostRef is an extra_hosts name whose address is a service's task's.
type HostRef struct {
	Host    string
	Service string
}

// Resolve writes the task addresses (compose service -> address on the
// lab network) of the services s names into its spec's hosts entries.
func (s *Service) Resolve(addrs map[string]string) error {
	lines := make([]string, 0, len(s.HostsOf))
	for _, h := range s.HostsOf {
		ip, ok := addrs[h.Service]
		if !ok {
			return fmt.Errorf("resolve hosts of %s: no address for service %s (does its task run?)", s.Compose, h.Service)
		}
		lines = append(lines, ip+" "+h.Host)
	}
	cs := *s.Spec.TaskTemplate.ContainerSpec // the plan's other copies keep theirs
	cs.Hosts = append(slices.Clone(cs.Hosts), lines...)
	s.Spec.TaskTemplate.ContainerSpec = &cs
	s.HostsOf = nil
	return nil
}

// ServiceName is the Swarm service name of compose service svc: unique per
// run, like the compose container name.
func ServiceName(project, svc string) string { return project + "_" + svc }

// ComposeName returns the compose service of a Swarm service name of project.
func ComposeName(project, name string) (string, bool) {
	return strings.CutPrefix(name, project+"_")
}
