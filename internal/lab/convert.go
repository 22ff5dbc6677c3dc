package lab

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// containerSpec is everything Up needs to create one service's container.
type containerSpec struct {
	service string
	name    string
	config  *container.Config
	host    *container.HostConfig
	// create holds the single endpoint allowed at ContainerCreate on API
	// < 1.44; connect holds the others, attached with NetworkConnect.
	create  *network.NetworkingConfig
	connect []endpoint
}

type endpoint struct {
	network  string // Docker network name
	settings *network.EndpointSettings
}

// convertService maps one compose service to its container configuration.
// notes are harmless deviations worth telling the user (ignored keys,
// rebinding of ports); errors are settings saltlab refuses. Load has
// checked the compose policy already, so what is mapped here is allowed.
func convertService(p *types.Project, s types.ServiceConfig, m labelMeta) (*containerSpec, []string, error) {
	var notes []string
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("service %q: "+format, append([]any{s.Name}, args...)...))
	}
	if s.Image == "" {
		if s.Build != nil {
			fail("has build: but no image:; saltlab never builds during up: name the image with image: and run `saltlab images`")
		} else {
			fail("has no image")
		}
	}
	if s.ContainerName != "" {
		notes = append(notes, fmt.Sprintf("container_name %q ignored: containers are named <project>-<service>-1 so that labs can run side by side", s.ContainerName))
	}
	if s.Logging != nil {
		notes = append(notes, "logging ignored: Logs needs the daemon's default log driver")
	}

	cfg := &container.Config{
		Image:      s.Image,
		Hostname:   s.Hostname,
		Domainname: s.DomainName,
		User:       s.User,
		WorkingDir: s.WorkingDir,
		Env:        environment(s.Environment),
		Tty:        s.Tty,
		OpenStdin:  s.StdinOpen,
		StopSignal: s.StopSignal,
		Labels:     containerLabels(s, m),
	}
	if len(s.Command) > 0 {
		cfg.Cmd = []string(s.Command)
	}
	if len(s.Entrypoint) > 0 {
		cfg.Entrypoint = []string(s.Entrypoint)
	}
	if s.StopGracePeriod != nil {
		secs := int(math.Ceil(time.Duration(*s.StopGracePeriod).Seconds()))
		cfg.StopTimeout = &secs
	}
	hc, hcNotes := healthcheck(s.HealthCheck)
	cfg.Healthcheck = hc
	notes = append(notes, hcNotes...)

	host := &container.HostConfig{
		CapAdd:         s.CapAdd,
		CapDrop:        s.CapDrop,
		Init:           s.Init,
		ReadonlyRootfs: s.ReadOnly,
		SecurityOpt:    s.SecurityOpt,
		GroupAdd:       s.GroupAdd,
		DNS:            s.DNS,
		DNSSearch:      s.DNSSearch,
		DNSOptions:     s.DNSOpts,
		ExtraHosts:     extraHosts(s.ExtraHosts),
		Sysctls:        s.Sysctls,
		ShmSize:        int64(s.ShmSize),
		Tmpfs:          tmpfsMap(s.Tmpfs),
		Resources:      resources(s),
	}
	policy, err := restartPolicy(s.Restart)
	if err != nil {
		fail("%v", err)
	}
	host.RestartPolicy = policy

	cfg.ExposedPorts, host.PortBindings, err = ports(s, &notes)
	if err != nil {
		fail("%v", err)
	}
	host.Mounts, err = mounts(p, s)
	if err != nil {
		fail("%v", err)
	}
	var create *network.NetworkingConfig
	var connect []endpoint
	if s.NetworkMode == "" { // the policy refuses network_mode
		create, connect, err = endpoints(p, s)
		if err != nil {
			fail("%v", err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, notes, err
	}
	return &containerSpec{
		service: s.Name,
		name:    containerName(m.project, s.Name),
		config:  cfg,
		host:    host,
		create:  create,
		connect: connect,
	}, notes, nil
}

// containerLabels merges the compose labels with saltlab's and compose's
// own; ours win so a compose file cannot hide a container from Down.
func containerLabels(s types.ServiceConfig, m labelMeta) map[string]string {
	out := map[string]string{}
	maps.Copy(out, s.Labels)
	maps.Copy(out, m.common())
	out[labels.Service] = s.Name
	out[composeService] = s.Name
	out[composeNumber] = "1"
	out[composeOneoff] = "False"
	out[composeWorkingDir] = m.workingDir
	out[composeConfigFiles] = strings.Join(m.configFiles, ",")
	out[composeVersion] = composeVersionAnnounce
	return out
}

// environment renders the service environment sorted, for reproducible
// container configs; unset variables (nil values) are dropped like compose.
func environment(env types.MappingWithEquals) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		if v != nil {
			out = append(out, k+"="+*v)
		}
	}
	sort.Strings(out)
	return out
}

func healthcheck(hc *types.HealthCheckConfig) (*container.HealthConfig, []string) {
	if hc == nil {
		return nil, nil
	}
	if hc.Disable {
		return &container.HealthConfig{Test: []string{"NONE"}}, nil
	}
	out := &container.HealthConfig{Test: hc.Test}
	if hc.Interval != nil {
		out.Interval = time.Duration(*hc.Interval)
	}
	if hc.Timeout != nil {
		out.Timeout = time.Duration(*hc.Timeout)
	}
	if hc.StartPeriod != nil {
		out.StartPeriod = time.Duration(*hc.StartPeriod)
	}
	if hc.Retries != nil {
		out.Retries = int(*hc.Retries)
	}
	var notes []string
	if hc.StartInterval != nil {
		// The client refuses StartInterval below API 1.44 (daemon speaks 1.41).
		notes = append(notes, "healthcheck start_interval ignored: needs Docker API 1.44")
	}
	return out, notes
}

func restartPolicy(s string) (container.RestartPolicy, error) {
	name, count, hasCount := strings.Cut(s, ":")
	switch name {
	case "", "no":
		return container.RestartPolicy{Name: container.RestartPolicyDisabled}, nil
	case "always", "unless-stopped":
		return container.RestartPolicy{Name: container.RestartPolicyMode(name)}, nil
	case "on-failure":
		p := container.RestartPolicy{Name: container.RestartPolicyOnFailure}
		if hasCount {
			n, err := strconv.Atoi(count)
			if err != nil {
				return p, fmt.Errorf("invalid restart policy %q", s)
			}
			p.MaximumRetryCount = n
		}
		return p, nil
	}
	return container.RestartPolicy{}, fmt.Errorf("invalid restart policy %q", s)
}

func extraHosts(h types.HostsList) []string {
	var out []string
	for host, ips := range h {
		for _, ip := range ips {
			out = append(out, host+":"+ip)
		}
	}
	sort.Strings(out)
	return out
}

// tmpfsMap turns `tmpfs: ["/run:size=1m"]` entries into HostConfig.Tmpfs.
func tmpfsMap(list types.StringList) map[string]string {
	if len(list) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, e := range list {
		path, opts, _ := strings.Cut(e, ":")
		out[path] = opts
	}
	return out
}

// endpoints attaches the service to its networks, highest priority first;
// only the first can be given at create time on API 1.41.
func endpoints(p *types.Project, s types.ServiceConfig) (*network.NetworkingConfig, []endpoint, error) {
	keys := s.NetworksByPriority()
	if len(keys) == 0 {
		return nil, nil, errors.New("is attached to no network")
	}
	var list []endpoint
	for _, key := range keys {
		n, ok := p.Networks[key]
		if !ok {
			return nil, nil, fmt.Errorf("refers to undefined network %s", key)
		}
		cfg := s.Networks[key]
		es := &network.EndpointSettings{}
		if cfg == nil || cfg.UseServiceNameAlias == nil || *cfg.UseServiceNameAlias {
			es.Aliases = append(es.Aliases, s.Name)
		}
		if cfg != nil {
			es.Aliases = append(es.Aliases, cfg.Aliases...)
			if cfg.Ipv4Address != "" || cfg.Ipv6Address != "" {
				es.IPAMConfig = &network.EndpointIPAMConfig{IPv4Address: cfg.Ipv4Address, IPv6Address: cfg.Ipv6Address}
			}
		}
		list = append(list, endpoint{network: n.Name, settings: es})
	}
	create := &network.NetworkingConfig{EndpointsConfig: map[string]*network.EndpointSettings{list[0].network: list[0].settings}}
	return create, list[1:], nil
}
