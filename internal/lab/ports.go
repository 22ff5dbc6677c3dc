package lab

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/go-connections/nat"
)

// loopback is the only host address lab ports may bind to: lab APIs must
// never be reachable from outside the host.
const loopback = "127.0.0.1"

// ports maps `ports:` and `expose:`. A port without a host address is
// bound to 127.0.0.1 with a note; the policy refuses any address but
// loopback, and so does this (the engine must never see another). An
// empty published port stays empty, which makes the daemon pick an
// ephemeral one.
func ports(s types.ServiceConfig, notes *[]string) (nat.PortSet, nat.PortMap, error) {
	exposed := nat.PortSet{}
	bindings := nat.PortMap{}
	var errs []error
	for _, e := range s.Expose {
		proto, port := nat.SplitProtoPort(e)
		p, err := nat.NewPort(proto, port)
		if err != nil {
			errs = append(errs, fmt.Errorf("invalid expose %q: %w", e, err))
			continue
		}
		exposed[p] = struct{}{}
	}
	for _, pc := range s.Ports {
		proto := pc.Protocol
		if proto == "" {
			proto = "tcp"
		}
		p, err := nat.NewPort(proto, strconv.FormatUint(uint64(pc.Target), 10))
		if err != nil {
			errs = append(errs, fmt.Errorf("invalid port %d/%s: %w", pc.Target, proto, err))
			continue
		}
		hostIP := pc.HostIP
		switch hostIP {
		case loopback:
		case "":
			*notes = append(*notes, fmt.Sprintf("port %d/%s bound to %s: lab ports are loopback-only", pc.Target, proto, loopback))
			hostIP = loopback
		default:
			errs = append(errs, fmt.Errorf("port %d/%s: host ip %s is not allowed, lab ports bind to %s only", pc.Target, proto, hostIP, loopback))
			continue
		}
		exposed[p] = struct{}{}
		bindings[p] = append(bindings[p], nat.PortBinding{HostIP: hostIP, HostPort: pc.Published})
	}
	return exposed, bindings, errors.Join(errs...)
}
