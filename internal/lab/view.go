package lab

import (
	"fmt"
	"maps"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/container"
)

// Container is what Up creates for one service, exported for engines that
// run the lab another way (internal/swarm/stack converts it to a Swarm
// service): the same image, command, environment, labels, health test,
// limits and mounts, so a lab on Swarm differs from one on compose only
// where Swarm makes it.
type Container struct {
	Config *container.Config
	Host   *container.HostConfig
	// Endpoints are the service's networks, highest priority first.
	Endpoints []Endpoint
}

// Endpoint is one network of a service.
type Endpoint struct {
	Network string // the network's Docker name
	Aliases []string
	IPv4    string // a static address compose gives it, or ""
}

// Model returns the loaded compose project, after Options.Transform.
func (l *Lab) Model() *types.Project { return l.project }

// Container returns a copy of what Up creates for service.
func (l *Lab) Container(service string) (Container, error) {
	if err := l.checkService(service); err != nil {
		return Container{}, err
	}
	s := l.specs[service]
	cfg, host := *s.config, *s.host
	cfg.Labels = maps.Clone(s.config.Labels)
	out := Container{Config: &cfg, Host: &host}
	all := []endpoint{}
	if s.create != nil {
		for name, es := range s.create.EndpointsConfig {
			all = append(all, endpoint{network: name, settings: es})
		}
	}
	all = append(all, s.connect...)
	for _, e := range all {
		ep := Endpoint{Network: e.network, Aliases: append([]string(nil), e.settings.Aliases...)}
		if e.settings.IPAMConfig != nil {
			ep.IPv4 = e.settings.IPAMConfig.IPv4Address
		}
		out.Endpoints = append(out.Endpoints, ep)
	}
	return out, nil
}

// NetworkLabels returns the labels Up gives the network of compose key
// key: the network's own, then the run's, which win.
func (l *Lab) NetworkLabels(key string) (map[string]string, error) {
	n, ok := l.project.Networks[key]
	if !ok {
		return nil, fmt.Errorf("project %s has no network %q", l.opts.Project, key)
	}
	return l.resourceLabels(n.Labels, composeNetwork, key), nil
}

// VolumeLabels returns the labels Up gives the volume of compose key key.
func (l *Lab) VolumeLabels(key string) (map[string]string, error) {
	v, ok := l.project.Volumes[key]
	if !ok {
		return nil, fmt.Errorf("project %s has no volume %q", l.opts.Project, key)
	}
	return l.resourceLabels(v.Labels, composeVolume, key), nil
}

// RunLabels returns the labels every object of the lab carries.
func (l *Lab) RunLabels() map[string]string { return l.meta().common() }

func (l *Lab) resourceLabels(own map[string]string, composeKey, key string) map[string]string {
	lbl := map[string]string{}
	maps.Copy(lbl, own)
	maps.Copy(lbl, l.meta().common())
	lbl[composeKey] = key
	return lbl
}

// HealthArgv is the command Docker runs for a health test, for engines
// whose health checks saltlab runs itself; ok is false without a test.
func HealthArgv(hc *container.HealthConfig) (argv []string, ok bool) {
	argv, _, _, ok = startProbeOf(hc)
	return argv, ok
}
