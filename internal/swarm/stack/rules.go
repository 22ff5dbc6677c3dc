package stack

import (
	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab/roles"
)

// kind is how a lab on Swarm treats a service key.
type kind int

const (
	convert kind = iota // mapped to the Swarm service (convert.go)
	handled             // Swarm ignores or cannot express it; saltlab does its work itself
	ignore              // no effect on a running lab, on compose or Swarm
	refuse              // Swarm cannot honour it: the preflight names it
	check               // value by value (rule.check)
)

type rule struct {
	kind  kind
	why   string // refuse: what Swarm does with it
	fix   string // refuse
	check func(checkIn, types.ServiceConfig) []Problem
}

// checkIn is what a value check sees of the project.
type checkIn struct {
	p      *types.Project
	roles  roles.Roles
	shared map[string][]string // named volume -> services that mount it
}

func converted() rule              { return rule{kind: convert} }
func byLab() rule                  { return rule{kind: handled} }
func ignored() rule                { return rule{kind: ignore} }
func refused(why, fix string) rule { return rule{kind: refuse, why: why, fix: fix} }
func unsupported(fix string) rule {
	return refused("is not supported by Swarm services (docker/cli's stack loader lists it as unsupported)", fix)
}
func forbidden(fix string) rule {
	return refused("makes a Swarm deploy fail (docker/cli's stack loader forbids it)", fix)
}
func checked(f func(checkIn, types.ServiceConfig) []Problem) rule { return rule{kind: check, check: f} }

const (
	fixRemove    = "remove it"
	fixResources = "remove it and set deploy.resources.limits (cpus, memory, pids)"
	fixNamespace = "remove it: Swarm tasks keep namespaces of their own"
)

// serviceRules classifies every field of types.ServiceConfig, by Go field
// name (TestEveryServiceKeyIsClassified keeps it complete). It mirrors the
// unsupported and forbidden lists of docker/cli's stack loader
// (cli/compose/types: UnsupportedProperties, ForbiddenProperties) and
// adds what saltlab handles itself: start order and readiness, names,
// restart policies that would undo a fault, and volumes that nodes cannot
// share.
var serviceRules = map[string]rule{
	// Converted to the service's container spec.
	"Name": converted(), "Command": converted(), "Entrypoint": converted(), "Environment": converted(),
	"Hostname": converted(), "Image": converted(), "Init": converted(), "Labels": converted(),
	"User": converted(), "GroupAdd": converted(), "WorkingDir": converted(), "StopGracePeriod": converted(),
	"StopSignal": converted(), "StdinOpen": converted(), "Tty": converted(), "ReadOnly": converted(),
	"Tmpfs": converted(), "CapAdd": converted(), "CapDrop": converted(), "DNS": converted(),
	"DNSOpts": converted(), "DNSSearch": converted(), "ExtraHosts": converted(), "Sysctls": converted(),
	"Ulimits": converted(), "CPUS": converted(), "MemLimit": converted(), "MemReservation": converted(),
	"PidsLimit": converted(),
	// Read into the model when the file is loaded.
	"EnvFiles": ignored(), "LabelFiles": ignored(), "CustomLabels": ignored(), "Extensions": ignored(),
	"Profiles": ignored(), "Attach": ignored(), "PullRefreshAfter": ignored(), "Develop": ignored(),
	// Ignored on compose too (lab.Load notes it): the engine's default log driver.
	"Logging": ignored(), "LogDriver": ignored(), "LogOpt": ignored(),
	// Handled by saltlab (docs/swarm.md, "What saltlab does instead").
	"DependsOn":     byLab(), // saltlab creates services in dependency order and waits as on compose
	"ContainerName": byLab(), // tasks are found by label, services are named <project>_<service>
	"Restart":       byLab(), // restart_policy none for masters, api and minions, so no fault is undone
	"HealthCheck":   byLab(), // saltlab runs the test itself: Swarm kills a task it finds unhealthy
	"PullPolicy":    byLab(), // never pulls: QueryRegistry false, each node's image checked first
	"Expose":        byLab(), // an overlay network reaches every port
	"Ports":         byLab(), // published in host mode, on the node that runs the task, never on every node
	// Checked value by value.
	"Volumes":  checked(volumes),
	"Networks": checked(networks),
	"Deploy":   checked(deploy),
	"Scale":    checked(scale),
	// docker/cli's unsupported list.
	"Build":         unsupported("remove it: name the image with image:, build it with `saltlab images` and load it into every node with `saltlab swarm load`"),
	"Dockerfile":    unsupported("remove it: name the image with image:, build it with `saltlab images` and load it into every node with `saltlab swarm load`"),
	"CgroupParent":  unsupported(fixRemove),
	"Cgroup":        unsupported(fixNamespace),
	"Devices":       unsupported(fixRemove),
	"DomainName":    unsupported("remove it and give the full name in hostname:"),
	"ExternalLinks": unsupported(fixRemove),
	"Links":         unsupported("remove it: services reach each other by name on the lab's overlay network"),
	"Ipc":           unsupported(fixNamespace),
	"MacAddress":    unsupported(fixRemove),
	"NetworkMode":   unsupported("remove it and attach the service to the lab's networks with networks: (saltlab's network faults create their helper containers on the task's node)"),
	"Net":           unsupported("remove it and attach the service to the lab's networks with networks:"),
	"Pid":           unsupported(fixNamespace),
	"Privileged":    unsupported("remove it and add only the capabilities the service needs with cap_add"),
	"SecurityOpt":   unsupported(fixRemove),
	"ShmSize":       unsupported("remove it, or mount a tmpfs at /dev/shm with tmpfs:"),
	"UserNSMode":    unsupported(fixNamespace),
	"Uts":           unsupported(fixNamespace),
	// docker/cli's forbidden list, and the limits no Swarm field holds.
	"Extends":           forbidden("remove it and write the service out (or merge with a YAML anchor)"),
	"VolumeDriver":      forbidden(fixRemove),
	"VolumesFrom":       forbidden("remove it and mount the project's named volumes with volumes:"),
	"CPUQuota":          forbidden(fixResources),
	"CPUShares":         forbidden(fixResources),
	"CPUSet":            forbidden(fixResources),
	"MemSwapLimit":      forbidden(fixResources),
	"CPUCount":          refused("has no Swarm field", fixResources),
	"CPUPercent":        refused("has no Swarm field", fixResources),
	"CPUPeriod":         refused("has no Swarm field", fixResources),
	"CPURTPeriod":       refused("has no Swarm field", fixResources),
	"CPURTRuntime":      refused("has no Swarm field", fixResources),
	"MemSwappiness":     refused("has no Swarm field", fixRemove),
	"BlkioConfig":       refused("has no Swarm field", fixRemove),
	"StorageOpt":        refused("has no Swarm field", fixRemove),
	"OomKillDisable":    refused("has no Swarm field", fixRemove),
	"OomScoreAdj":       refused("needs Docker API 1.46; the swarm's engines speak 1.41", fixRemove),
	"Umask":             refused("has no Swarm field", "remove it and set the umask in the service's command"),
	"DeviceCgroupRules": refused("has no Swarm field", fixRemove),
	"Gpus":              refused("has no Swarm field", fixRemove),
	"Runtime":           refused("has no Swarm field", fixRemove),
	"Isolation":         refused("is for Windows engines", fixRemove),
	"Platform":          refused("is not used for placement by saltlab", "remove it (saltlab's images are built for the swarm's nodes)"),
	"Annotations":       refused("has no Swarm field", fixRemove),
	"CredentialSpec":    refused("is for Windows engines", fixRemove),
	"UseAPISocket":      refused("gives the container the Docker API socket", fixRemove),
	"Secrets":           refused("is made by saltlab itself on Swarm (the masters' key pair, the salt-api password)", "remove it and bind a file of your lab read-only with volumes: (it reaches every node as a Swarm config)"),
	"Configs":           refused("is made by saltlab itself on Swarm, from the lab's read-only binds", "remove it and bind a file of your lab read-only with volumes:"),
	"Provider":          refused("has no Swarm equivalent", fixRemove),
	"Models":            refused("has no Swarm equivalent", fixRemove),
	"PreStart":          refused("has no Swarm equivalent", "remove it and do the work in the service's command"),
	"PostStart":         refused("has no Swarm equivalent", "remove it and do the work in the service's command"),
	"PreStop":           refused("has no Swarm equivalent", "remove it and do the work in the service's command"),
}
