package policy

import (
	"fmt"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

// The value-by-value checks of serviceRules.

func caps(_ Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, c := range s.CapAdd {
		if err := capability(c); err != nil {
			vs = append(vs, Violation{Service: s.Name, Key: "cap_add", Problem: err.Error(),
				Fix: "remove it (cap_add allows " + strings.Join(allowedCaps, ", ") + ")"})
		}
	}
	return vs
}

func securityOpts(_ Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, o := range s.SecurityOpt {
		if err := securityOpt(o); err != nil {
			vs = append(vs, Violation{Service: s.Name, Key: "security_opt", Problem: err.Error(),
				Fix: "remove it (security_opt allows no-new-privileges and apparmor=docker-default)"})
		}
	}
	return vs
}

func sysctls(_ Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, name := range sortedKeys(s.Sysctls) {
		if err := sysctl(name); err != nil {
			vs = append(vs, Violation{Service: s.Name, Key: "sysctls", Problem: err.Error(),
				Fix: "remove it (sysctls allows net.ipv4.*, net.ipv6.*, fs.mqueue.*, " + strings.Join(sysctlNames, ", ") + ")"})
		}
	}
	return vs
}

func ports(_ Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, p := range s.Ports {
		if err := hostIP(p.HostIP); err != nil {
			spec := fmt.Sprint(p.Target)
			if p.Published != "" {
				spec = p.Published + ":" + spec
			}
			vs = append(vs, Violation{Service: s.Name, Key: "ports", Problem: fmt.Sprintf("%s: %v", spec, err),
				Fix: fmt.Sprintf("write 127.0.0.1:%s:%d, or leave the address out (saltlab binds 127.0.0.1)", p.Published, p.Target)})
		}
	}
	return vs
}

// scale and deploy report more than one replica once, under the key the
// count came from (compose-go may copy deploy.replicas into scale).
func scale(_ Rules, s types.ServiceConfig) []Violation {
	if s.Scale != nil && *s.Scale > 1 {
		return []Violation{tooMany(s, "scale")}
	}
	return nil
}

// deploy also refuses device requests, the deploy form of gpus:.
func deploy(_ Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	if s.Scale == nil && s.Deploy.Replicas != nil && *s.Deploy.Replicas > 1 {
		vs = append(vs, tooMany(s, "deploy.replicas"))
	}
	if r := s.Deploy.Resources.Reservations; r != nil && len(r.Devices) > 0 {
		vs = append(vs, Violation{Service: s.Name, Key: "deploy.resources.reservations.devices",
			Problem: "gives the container the host's devices", Fix: fixRemove})
	}
	return vs
}

func tooMany(s types.ServiceConfig, key string) Violation {
	return Violation{Service: s.Name, Key: key, Problem: "more than one replica is not supported by saltlab",
		Fix: "declare each container as a service of its own (or use --minions N for minions)"}
}

// volumes allows the project's named volumes, anonymous volumes, tmpfs,
// and binds of host paths outside the host's system hierarchies.
func volumes(r Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, v := range s.Volumes {
		spec := v.Source + ":" + v.Target
		bad := func(problem, fix string) {
			vs = append(vs, Violation{Service: s.Name, Key: "volumes", Problem: spec + ": " + problem, Fix: fix})
		}
		switch v.Type {
		case types.VolumeTypeVolume, types.VolumeTypeTmpfs:
		case types.VolumeTypeBind:
			if err := r.HostPath(v.Source); err != nil {
				bad(err.Error(), "bind a directory of your lab instead (copy into it what the service needs), or use a named volume: lab containers must not see or change the host's own files")
			}
			if v.Bind != nil && (v.Bind.Propagation == "shared" || v.Bind.Propagation == "rshared") {
				bad("propagation "+v.Bind.Propagation+" lets the container's mounts appear on the host",
					"remove propagation: (rprivate is the default)")
			}
		default:
			spec = v.Target
			bad(fmt.Sprintf("volume type %q is not supported by saltlab", v.Type), "use a bind, volume or tmpfs mount")
		}
	}
	return vs
}

// envFiles: compose reads an env_file on the host into the container's
// environment, so it is a host path the container sees.
func envFiles(r Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, f := range s.EnvFiles {
		if err := r.HostPath(f.Path); err != nil {
			vs = append(vs, Violation{Service: s.Name, Key: "env_file", Problem: fmt.Sprintf("%v: its contents would become the container's environment", err),
				Fix: "keep the variables in a file of your lab"})
		}
	}
	return vs
}

func labelFiles(r Rules, s types.ServiceConfig) []Violation {
	var vs []Violation
	for _, f := range s.LabelFiles {
		if err := r.HostPath(f); err != nil {
			vs = append(vs, Violation{Service: s.Name, Key: "label_file", Problem: fmt.Sprintf("%v: its contents would become the container's labels", err),
				Fix: "keep the labels in a file of your lab"})
		}
	}
	return vs
}
