// Package policy is saltlab's security policy for a lab's compose file: an
// allowlist over compose-go's model, checked when the file is read, before
// any image is built or Docker is contacted. Every service key compose-go
// knows is classified (allowed, checked value by value, or refused); a key
// a newer compose-go adds is refused until it is classified. A lab
// container may do what a container does by default plus a short list of
// namespaced extras; it may not see or steer the host (privileged mode,
// host namespaces, devices, unconfined profiles, host system paths, the
// Docker socket) nor be reachable from other hosts.
package policy

import (
	"fmt"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/usage"
)

// Doc is the page that states the policy; messages point at it.
const Doc = "docs/compose-policy.md"

// Violation is one setting outside the policy.
type Violation struct {
	Service string // "" for a project-level network or volume
	Key     string // compose key, with the entry when it has several: "cap_add", "volumes", "networks.lan"
	Problem string // what the setting would do
	Fix     string
}

func (v Violation) String() string {
	where := v.Key
	if v.Service != "" {
		where = fmt.Sprintf("service %q: %s", v.Service, v.Key)
	}
	return fmt.Sprintf("%s: %s; fix: %s", where, v.Problem, v.Fix)
}

// Error lists every violation of one project, naming its files.
type Error struct {
	Files      []string
	Violations []Violation
}

func (e *Error) Error() string {
	var b strings.Builder
	n := len(e.Violations)
	what := "setting is"
	if n > 1 {
		what = "settings are"
	}
	fmt.Fprintf(&b, "%s: %d %s outside saltlab's compose policy (%s):", strings.Join(e.Files, ", "), n, what, Doc)
	for _, v := range e.Violations {
		b.WriteString("\n  " + v.String())
	}
	return b.String()
}

// Check returns a usage error (*Error inside) listing every setting of p
// outside the policy, or nil. Services are checked in name order.
func (r Rules) Check(p *types.Project) error {
	var vs []Violation
	names := make([]string, 0, len(p.Services))
	for name := range p.Services {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		vs = append(vs, r.service(p.Services[name])...)
	}
	vs = append(vs, projectResources(p)...)
	if len(vs) == 0 {
		return nil
	}
	files := p.ComposeFiles
	if len(files) == 0 {
		files = []string{"compose project " + p.Name}
	}
	return usage.Wrap(&Error{Files: files, Violations: vs})
}

// projectResources checks the top-level networks and volumes: a lab's
// networks are bridges of its own, its volumes local volumes of its own.
func projectResources(p *types.Project) []Violation {
	var vs []Violation
	for _, key := range sortedKeys(p.Networks) {
		n := p.Networks[key]
		k := "networks." + key
		if n.External {
			vs = append(vs, Violation{Key: k, Problem: "external: true joins a network outside the lab, shared with other containers or the host", Fix: "remove external: the lab creates its own networks"})
		}
		if n.Driver != "" && n.Driver != "bridge" {
			vs = append(vs, Violation{Key: k, Problem: fmt.Sprintf("driver %s is not a private bridge (macvlan, ipvlan and host attach containers to the host's networks)", n.Driver), Fix: "remove driver: (bridge is the default)"})
		}
		for _, opt := range sortedKeys(n.DriverOpts) {
			if opt != "com.docker.network.driver.mtu" {
				vs = append(vs, Violation{Key: k, Problem: fmt.Sprintf("driver_opts %s changes how the bridge meets the host", opt), Fix: "remove it (only com.docker.network.driver.mtu is allowed)"})
			}
		}
		if n.Ipam.Driver != "" && n.Ipam.Driver != "default" {
			vs = append(vs, Violation{Key: k, Problem: fmt.Sprintf("ipam driver %s is a plugin saltlab cannot vouch for", n.Ipam.Driver), Fix: "remove ipam.driver"})
		}
	}
	for _, key := range sortedKeys(p.Volumes) {
		v := p.Volumes[key]
		k := "volumes." + key
		if v.External {
			vs = append(vs, Violation{Key: k, Problem: "external: true mounts a volume that is not the lab's, with another project's or the host's data", Fix: "remove external: the lab creates and removes its own volumes"})
		}
		if v.Driver != "" && v.Driver != "local" {
			vs = append(vs, Violation{Key: k, Problem: fmt.Sprintf("driver %s is a volume plugin saltlab cannot vouch for", v.Driver), Fix: "remove driver: (local is the default)"})
		}
		if len(v.DriverOpts) > 0 {
			vs = append(vs, Violation{Key: k, Problem: "driver_opts make a local volume a bind of a host path or a network share (type: none, o: bind, device: ...)", Fix: "remove driver_opts, or bind a directory of your lab in the service's volumes:"})
		}
	}
	return vs
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
