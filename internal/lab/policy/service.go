package policy

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

// kind is how the policy treats a service key.
type kind int

const (
	allow       kind = iota // any value: it cannot give the container the host
	refuse                  // any value: it gives the container the host
	unsupported             // any value: saltlab does not map it to the engine
	check                   // value by value (rule.check)
)

type rule struct {
	kind  kind
	why   string // refuse: what the key gives
	fix   string // refuse, unsupported
	check func(Rules, types.ServiceConfig) []Violation
}

func allowed() rule                { return rule{kind: allow} }
func refused(why, fix string) rule { return rule{kind: refuse, why: why, fix: fix} }
func notMapped(fix string) rule    { return rule{kind: unsupported, fix: fix} }
func checked(f func(Rules, types.ServiceConfig) []Violation) rule {
	return rule{kind: check, check: f}
}

const (
	fixRemove    = "remove it"
	fixNetworks  = "remove it and attach the service to the lab's networks with networks:"
	fixNamespace = "remove it: lab containers keep namespaces of their own"
)

// serviceRules classifies every field of types.ServiceConfig, by Go field
// name (TestEveryServiceKeyIsClassified keeps it complete). Keys saltlab
// passes to the engine are allowed only where no value can reach the host;
// the others are allowed when the engine never sees them (saltlab does not
// map them), and say so in docs/compose-policy.md.
var serviceRules = map[string]rule{
	// Identity, process and lifecycle inside the container.
	"Name": allowed(), "Profiles": allowed(), "Restart": allowed(), "Attach": allowed(),
	"ContainerName": allowed(), "Extends": allowed(), "Annotations": allowed(), "Command": allowed(),
	"Entrypoint": allowed(), "Environment": allowed(), "Hostname": allowed(), "DomainName": allowed(),
	"Image": allowed(), "Init": allowed(), "Labels": allowed(), "CustomLabels": allowed(),
	"User": allowed(), "GroupAdd": allowed(), "WorkingDir": allowed(), "Umask": allowed(),
	"StopGracePeriod": allowed(), "StopSignal": allowed(), "StdinOpen": allowed(), "Tty": allowed(),
	"HealthCheck": allowed(), "DependsOn": allowed(), "Extensions": allowed(), "Platform": allowed(),
	"PullPolicy": allowed(), "PullRefreshAfter": allowed(), "ReadOnly": allowed(), "Tmpfs": allowed(),
	"Logging": allowed(), "LogDriver": allowed(), "LogOpt": allowed(),
	// Never built or watched by saltlab.
	"Build": allowed(), "Dockerfile": allowed(), "Develop": allowed(),
	// Networking the lab's way: its own networks, loopback ports.
	"Networks": allowed(), "Expose": allowed(), "DNS": allowed(), "DNSOpts": allowed(),
	"DNSSearch": allowed(), "ExtraHosts": allowed(),
	"Ports": checked(ports),
	// Limits only take away.
	"CapDrop": allowed(), "CPUCount": allowed(), "CPUPercent": allowed(), "CPUPeriod": allowed(),
	"CPUQuota": allowed(), "CPURTPeriod": allowed(), "CPURTRuntime": allowed(), "CPUS": allowed(),
	"CPUSet": allowed(), "CPUShares": allowed(), "MemLimit": allowed(), "MemReservation": allowed(),
	"MemSwapLimit": allowed(), "MemSwappiness": allowed(), "PidsLimit": allowed(), "Ulimits": allowed(),
	"ShmSize": allowed(), "BlkioConfig": allowed(), "StorageOpt": allowed(), "OomKillDisable": allowed(),
	"OomScoreAdj": allowed(),
	"Deploy":      checked(deploy),
	"Scale":       checked(scale),
	// Checked value by value.
	"CapAdd":      checked(caps),
	"SecurityOpt": checked(securityOpts),
	"Sysctls":     checked(sysctls),
	"Volumes":     checked(volumes),
	"EnvFiles":    checked(envFiles),
	"LabelFiles":  checked(labelFiles),
	// The host.
	"Privileged":        refused("true gives the container every capability and every device of the host", "remove it and add only the capabilities the service needs with cap_add (see "+Doc+")"),
	"UseAPISocket":      refused("gives the container the Docker API socket, and with it the host", fixRemove),
	"Devices":           refused("gives the container the host's devices", fixRemove),
	"DeviceCgroupRules": refused("lets the container open the host's devices", fixRemove),
	"Gpus":              refused("gives the container the host's GPUs", fixRemove),
	"NetworkMode":       checked(namespace("network_mode", func(s types.ServiceConfig) string { return s.NetworkMode }, fixNetworks)),
	"Net":               checked(namespace("net", func(s types.ServiceConfig) string { return s.Net }, fixNetworks)),
	"Pid":               checked(namespace("pid", func(s types.ServiceConfig) string { return s.Pid }, fixNamespace)),
	"Ipc":               checked(namespace("ipc", func(s types.ServiceConfig) string { return s.Ipc }, fixNamespace)),
	"Uts":               checked(namespace("uts", func(s types.ServiceConfig) string { return s.Uts }, fixNamespace)),
	"UserNSMode":        checked(namespace("userns_mode", func(s types.ServiceConfig) string { return s.UserNSMode }, fixNamespace)),
	"Cgroup":            checked(namespace("cgroup", func(s types.ServiceConfig) string { return s.Cgroup }, fixNamespace)),
	"CgroupParent":      refused("places the container in a cgroup outside the engine's, beyond the lab's limits", fixRemove),
	"Runtime":           refused("runs the container with another OCI runtime, whose confinement saltlab cannot vouch for", fixRemove),
	"VolumeDriver":      refused("lets a volume plugin decide what the service's volumes are, host paths included", fixRemove),
	"VolumesFrom":       refused("mounts the volumes of another container, which need not be the lab's", "remove it and mount the project's named volumes with volumes:"),
	"PreStart":          refused("runs hook commands, which compose may run privileged", "remove it and do the work in the service's command"),
	"PostStart":         refused("runs hook commands, which compose may run privileged", "remove it and do the work in the service's command"),
	"PreStop":           refused("runs hook commands, which compose may run privileged", "remove it and do the work in the service's command"),
	// Not mapped by saltlab (and refused rather than silently dropped).
	"Links": notMapped("remove it: services reach each other by name on the lab's networks"), "ExternalLinks": notMapped(fixRemove),
	"Secrets": notMapped("remove it and bind a file of your lab read-only with volumes:"), "Configs": notMapped("remove it and bind a file of your lab read-only with volumes:"),
	"Provider": notMapped(fixRemove), "Models": notMapped(fixRemove), "MacAddress": notMapped(fixRemove),
	"Isolation": notMapped(fixRemove), "CredentialSpec": notMapped(fixRemove),
}

// Field is one key of types.ServiceConfig, embedded structs flattened.
type Field struct {
	Name  string // Go field name, the key of serviceRules
	Key   string // compose key
	Index []int  // for reflect.Value.FieldByIndex
}

// ServiceFields lists the keys of types.ServiceConfig: every rule set
// over compose keys (this policy, the Swarm preflight) classifies them
// all, so a key a newer compose-go adds is refused until classified.
func ServiceFields() []Field {
	var out []Field
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			idx := append(append([]int{}, index...), i)
			tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type, idx)
				continue
			}
			switch tag {
			case "", "-":
				tag = f.Name
			case "#extensions":
				tag = "x-*"
			}
			out = append(out, Field{Name: f.Name, Key: tag, Index: idx})
		}
	}
	walk(reflect.TypeFor[types.ServiceConfig](), nil)
	return out
}

// SetFields lists the keys s sets (its non-zero fields), in
// ServiceFields' order: what a rule set over compose keys classifies.
func SetFields(s types.ServiceConfig) []Field {
	var set []Field
	v := reflect.ValueOf(s)
	for _, f := range ServiceFields() {
		if !v.FieldByIndex(f.Index).IsZero() {
			set = append(set, f)
		}
	}
	return set
}

// service checks one service: every key it sets must be classified and
// allowed, or pass its check.
func (r Rules) service(s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, f := range SetFields(s) {
		ru, ok := serviceRules[f.Name]
		if !ok {
			vs = append(vs, Violation{Service: s.Name, Key: f.Key, Problem: "is a key saltlab's policy does not know yet", Fix: fixRemove})
			continue
		}
		switch ru.kind {
		case refuse:
			vs = append(vs, Violation{Service: s.Name, Key: f.Key, Problem: ru.why, Fix: ru.fix})
		case unsupported:
			vs = append(vs, Violation{Service: s.Name, Key: f.Key, Problem: "is not supported by saltlab", Fix: ru.fix})
		case check:
			vs = append(vs, ru.check(r, s)...)
		}
	}
	return vs
}

// namespace refuses a namespace or network mode: host's, another
// container's, or any other value saltlab does not map.
func namespace(key string, get func(types.ServiceConfig) string, fix string) func(Rules, types.ServiceConfig) []Violation {
	return func(_ Rules, s types.ServiceConfig) []Violation {
		val := get(s)
		problem := fmt.Sprintf("%s is not supported by saltlab", val)
		switch {
		case val == "host":
			problem = "host shares the host's namespace with the container"
		case strings.HasPrefix(val, "container:") || strings.HasPrefix(val, "service:"):
			problem = fmt.Sprintf("%s joins another container's namespace, which need not be the lab's", val)
		}
		return []Violation{{Service: s.Name, Key: key, Problem: problem, Fix: fix}}
	}
}
