// Package roles reads which service of a topology plays which Salt role from
// the compose file's top-level `x-saltlab` extension, and checks it against
// the file's services before anything is created. Steps and the runner find
// masters, minions and the API load balancer through it instead of service
// name conventions, so any topology that declares its roles can be driven,
// a user's own included.
package roles

import "slices"

// Key is the top-level compose extension that declares the roles.
const Key = "x-saltlab"

// Spec is the x-saltlab block as written in the compose file:
//
//	x-saltlab:
//	  masters: [salt-master-1, salt-master-2]  # failover order
//	  minions: ["salt-minion-*"]               # names or path.Match patterns
//	  api: {service: nginx, port: 80, base_path: /salt-api/}
//	  syndics: [salt-syndic-1, salt-syndic-2]
//	  master_of_masters: salt-master-mom
//	  minion_mode: failover                    # or hot
//	  master_balancer: {service: salt-lb, ports: [4505, 4506]}
//	  salt_min: "3007"                          # oldest Salt release it runs on
type Spec struct {
	// Masters are the masters the steps drive and whose event buses the run
	// records, in failover order: the first is the one minions use first.
	// In a syndic topology that is the master of masters.
	Masters []string `json:"masters" yaml:"masters"`
	// Minions are service names or path.Match patterns ("salt-minion-*");
	// `--minions N` replaces them with its clones' names (knobs.Apply).
	// A minion's id must equal its service name.
	Minions []string `json:"minions" yaml:"minions"`
	// API is the load balancer in front of the salt-api (optional).
	API *API `json:"api,omitempty" yaml:"api,omitempty"`
	// Syndics are the syndic nodes of a syndic topology (optional).
	Syndics []string `json:"syndics,omitempty" yaml:"syndics,omitempty"`
	// MasterOfMasters is the top master of a syndic topology (optional);
	// it must be one of Masters.
	MasterOfMasters string `json:"master_of_masters,omitempty" yaml:"master_of_masters,omitempty"`
	// MinionMode is how the minions use their masters: "failover"
	// (master_type: failover) or "hot" (a list of masters, no master_type).
	// Optional: scenarios tagged @mode-failover or @mode-hot run only on a
	// topology that declares that mode.
	MinionMode string `json:"minion_mode,omitempty" yaml:"minion_mode,omitempty"`
	// MasterBalancer is the TCP load balancer in front of the masters'
	// publish and request ports, the one master address the minions know
	// (Salt 3007's master cluster). Optional; it may be the API's service.
	MasterBalancer *Balancer `json:"master_balancer,omitempty" yaml:"master_balancer,omitempty"`
	// SaltMin is the oldest Salt release line or release the topology runs
	// on ("3007"): runs on an older release, or on the Salt double when it
	// imitates an older one, are refused before any Docker work.
	SaltMin string `json:"salt_min,omitempty" yaml:"salt_min,omitempty"`
	// Swarm maps a minion service to the number of minions it runs, each a
	// minion of its own (id SwarmID(service, i), keys, connections): the
	// fleet layout `--minions N` uses beyond one container per minion
	// (knobs.Apply writes it). A swarm service's own name is no minion id.
	Swarm map[string]int `json:"swarm,omitempty" yaml:"swarm,omitempty"`
}

// Balancer is a TCP load balancer in front of the masters' ports.
type Balancer struct {
	Service string `json:"service" yaml:"service"`
	// Ports are the container ports it balances (publish and request).
	Ports []int `json:"ports" yaml:"ports"`
}

// API is the load balancer service in front of the salt-api.
type API struct {
	Service string `json:"service" yaml:"service"`
	// Port is the container port the balancer listens on; the service must
	// publish it, the steps call it from the host.
	Port int `json:"port" yaml:"port"`
	// BasePath is where the API lives behind the balancer, "/" or a prefix
	// such as "/salt-api/" (default "/").
	BasePath string `json:"base_path,omitempty" yaml:"base_path,omitempty"`
}

// Roles are the resolved roles of a loaded project: minion patterns are
// expanded to the project's services, sorted.
type Roles struct {
	Masters         []string
	Minions         []string
	API             *API
	Syndics         []string
	MasterOfMasters string
	MinionMode      string
	MasterBalancer  *Balancer
	SaltMin         string
	// Swarm is the declared swarm services and their sizes (Spec.Swarm).
	Swarm map[string]int
}

// PortSpec is the API port as Docker names it ("80/tcp").
func (a API) PortSpec() string { return itoa(a.Port) + "/tcp" }

// Buses are the services whose Salt event bus a run records: every
// master and every syndic node (each runs a salt-master of its own). A
// syndic's bus holds the republished job and the returns of the minions
// that answered through it, the master-side evidence that a job from the
// master of masters returned once (salt-semantics §6.2, §6.3).
func (r Roles) Buses() []string {
	out := slices.Clone(r.Masters)
	for _, s := range r.Syndics {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Position returns where master stands in the declared failover order.
func (r Roles) Position(master string) (int, bool) {
	for i, m := range r.Masters {
		if m == master {
			return i, true
		}
	}
	return 0, false
}
