package roles

import (
	"fmt"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

// FromProject reads and checks the roles of a loaded compose project.
// Errors name the compose file(s), the key and the fix.
func FromProject(p *types.Project) (Roles, error) {
	files := strings.Join(p.ComposeFiles, ", ")
	ext, ok := p.Extensions[Key]
	if !ok {
		return Roles{}, fmt.Errorf("read roles from %s: no top-level %s block: declare the roles, e.g.\n"+
			"%s:\n  masters: [salt-master-1, salt-master-2]\n  minions: [\"salt-minion-*\"]\n  api: {service: nginx, port: 80, base_path: /}\n(see docs/topologies.md, \"Declaring a topology's roles\")", files, Key, Key)
	}
	s, err := Parse(ext)
	if err != nil {
		return Roles{}, fmt.Errorf("read roles from %s: %w", files, err)
	}
	r, err := Resolve(s, p.ServiceNames())
	if err != nil {
		return Roles{}, fmt.Errorf("check roles in %s: %w", files, err)
	}
	if r.API != nil {
		if err := checkPublished(p, *r.API); err != nil {
			return Roles{}, fmt.Errorf("check roles in %s: %w", files, err)
		}
	}
	return r, nil
}

// checkPublished: the steps reach the API from the host, so the balancer
// must publish its port.
func checkPublished(p *types.Project, a API) error {
	svc := p.Services[a.Service]
	for _, port := range svc.Ports {
		if int(port.Target) == a.Port && (port.Protocol == "" || port.Protocol == "tcp") {
			return nil
		}
	}
	return fmt.Errorf("%s.api.port: service %s does not publish container port %d: add `ports: [\"127.0.0.1::%d\"]` to it, or fix the port", Key, a.Service, a.Port, a.Port)
}
