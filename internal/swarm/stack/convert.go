package stack

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/go-units"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

// Input is what Convert needs: the loaded lab and the swarm it goes to.
type Input struct {
	// Lab is loaded (lab.Load; no client needed) and its model passed
	// Preflight.
	Lab *lab.Lab
	// Nodes are the swarm's ready, active nodes (Place spreads over them).
	Nodes []Node
	// KeyPair is the masters' shared pair (NewKeyPair).
	KeyPair KeyPair
}

// Where the masters find the run's key pair; compose/lib/swarm-keys copies
// it into the masters' pki dir before Salt starts.
const (
	keySource  = "/run/saltlab/key-pair"
	keyWrapper = "/opt/saltlab/swarm-keys"
)

// converter holds one conversion's state.
type converter struct {
	in      Input
	p       *types.Project
	roles   roles.Roles
	shared  map[string][]string
	place   map[string]swarm.Placement
	statics map[string]string // static compose address -> service
	plan    *Plan
	objects map[string]bool // names already in the plan
}

// Convert maps every service of the lab to a Swarm service spec, with the
// networks, secrets and configs they use. It reads the lab's read-only
// binds (their files become configs) but calls no engine.
func Convert(in Input) (*Plan, error) {
	p := in.Lab.Model()
	r, err := roles.FromProject(p)
	if err != nil {
		return nil, fmt.Errorf("convert lab for swarm: %w", err)
	}
	place, err := Place(r, p, in.Nodes)
	if err != nil {
		return nil, err
	}
	c := &converter{in: in, p: p, roles: r, shared: sharedVolumes(p), place: place,
		statics: map[string]string{}, objects: map[string]bool{},
		plan: &Plan{Project: in.Lab.Project(), Dropped: map[string]string{}}}
	if err := c.networks(); err != nil {
		return nil, err
	}
	c.keyPair()
	var errs []error
	for _, name := range c.order() {
		if why, drop := c.dropped(name); drop {
			c.plan.Dropped[name] = why
			continue
		}
		svc, err := c.service(name)
		if err != nil {
			errs = append(errs, fmt.Errorf("service %q: %w", name, err))
			continue
		}
		c.plan.Services = append(c.plan.Services, svc)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("convert lab %s for swarm: %w", in.Lab.Project(), err)
	}
	return c.plan, nil
}

// networks makes every compose network an attachable overlay carrying the
// run's labels, and notes each service's static address.
func (c *converter) networks() error {
	keys := slices.Sorted(maps.Keys(c.p.Networks))
	for _, key := range keys {
		n := c.p.Networks[key]
		lbl, err := c.in.Lab.NetworkLabels(key)
		if err != nil {
			return err
		}
		opts := network.CreateOptions{Driver: "overlay", Scope: "swarm", Attachable: true, Internal: n.Internal, Labels: lbl}
		if len(n.Ipam.Config) > 0 {
			opts.IPAM = &network.IPAM{}
			for _, cfg := range n.Ipam.Config {
				opts.IPAM.Config = append(opts.IPAM.Config, network.IPAMConfig{Subnet: cfg.Subnet, IPRange: cfg.IPRange, Gateway: cfg.Gateway})
			}
		}
		c.plan.Networks = append(c.plan.Networks, Network{Key: key, Name: n.Name, Options: opts})
	}
	for _, name := range c.p.ServiceNames() {
		for _, nc := range c.p.Services[name].Networks {
			if nc != nil && nc.Ipv4Address != "" {
				c.statics[nc.Ipv4Address] = name
				c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("service %s: ipv4_address %s: Swarm gives tasks addresses from the overlay's pool; its task's address stands in for it in other services' extra_hosts", name, nc.Ipv4Address))
			}
		}
	}
	return nil
}

// keyPair adds the masters' key pair as secrets, when a master mounts the
// shared pki volume.
func (c *converter) keyPair() {
	for _, name := range c.roles.Masters {
		if c.sharesKeys(name) {
			c.object(&c.plan.Secrets, c.in.KeyPair.Private)
			c.object(&c.plan.Configs, c.in.KeyPair.Public)
			return
		}
	}
}

// sharesKeys says whether service mounts a shared volume at the masters'
// pki dir: on compose it shares the first master's key pair through it.
func (c *converter) sharesKeys(service string) bool {
	for _, v := range c.p.Services[service].Volumes {
		if v.Type == types.VolumeTypeVolume && v.Target == masterPKI && len(c.shared[v.Source]) > 0 {
			return true
		}
	}
	return false
}

// dropped says whether a service has no work on Swarm: one of no role
// whose only named volume is the shared pki volume (key-wait, which on
// compose hands the first master's pair to the later ones).
func (c *converter) dropped(service string) (string, bool) {
	if slices.Contains(c.roleServices(), service) || !c.sharesKeys(service) {
		return "", false
	}
	for _, v := range c.p.Services[service].Volumes {
		if v.Type == types.VolumeTypeVolume && v.Source != "" && v.Target != masterPKI {
			return "", false
		}
	}
	return "it hands the first master's key pair to the others on compose; on Swarm every master gets saltlab's key pair as a secret", true
}

func (c *converter) roleServices() []string {
	out := append(append(slices.Clone(c.roles.Masters), c.roles.Minions...), c.roles.Syndics...)
	if c.roles.API != nil {
		out = append(out, c.roles.API.Service)
	}
	if c.roles.MasterBalancer != nil {
		out = append(out, c.roles.MasterBalancer.Service)
	}
	return out
}

// order lists services so that each follows those it depends on, by name
// among equals.
func (c *converter) order() []string {
	var out []string
	done := map[string]bool{}
	var visit func(string)
	visit = func(name string) {
		if done[name] {
			return
		}
		done[name] = true
		for _, dep := range slices.Sorted(maps.Keys(c.p.Services[name].DependsOn)) {
			if _, ok := c.p.Services[dep]; ok {
				visit(dep)
			}
		}
		out = append(out, name)
	}
	for _, name := range c.p.ServiceNames() {
		visit(name)
	}
	return out
}

// object adds a config or secret once and returns its name.
func (c *converter) object(list *[]Object, data []byte) string {
	name := objectName(c.plan.Project, data)
	if list == &c.plan.Secrets {
		name += "-s"
	}
	if !c.objects[name] {
		c.objects[name] = true
		*list = append(*list, Object{Name: name, Labels: c.in.Lab.RunLabels(), Data: data, Size: len(data), SHA256: strings.TrimPrefix(objectName("", data), "-")})
	}
	return name
}

// service converts one compose service.
func (c *converter) service(name string) (Service, error) {
	s := c.p.Services[name]
	ct, err := c.in.Lab.Container(name)
	if err != nil {
		return Service{}, err
	}
	cfg, host := ct.Config, ct.Host
	cs := &swarm.ContainerSpec{
		Image:          cfg.Image,
		Labels:         cfg.Labels,
		Command:        cfg.Entrypoint,
		Args:           cfg.Cmd,
		Hostname:       cfg.Hostname,
		Env:            cfg.Env,
		Dir:            cfg.WorkingDir,
		User:           cfg.User,
		Groups:         host.GroupAdd,
		Init:           host.Init,
		StopSignal:     cfg.StopSignal,
		TTY:            cfg.Tty,
		OpenStdin:      cfg.OpenStdin,
		ReadOnly:       host.ReadonlyRootfs,
		Sysctls:        host.Sysctls,
		CapabilityAdd:  host.CapAdd,
		CapabilityDrop: host.CapDrop,
		// No health test: saltlab runs it (Service.Health).
		Healthcheck: &container.HealthConfig{Test: []string{"NONE"}},
	}
	if cfg.StopTimeout != nil {
		d := time.Duration(*cfg.StopTimeout) * time.Second
		cs.StopGracePeriod = &d
	}
	for _, u := range host.Resources.Ulimits {
		cs.Ulimits = append(cs.Ulimits, &container.Ulimit{Name: u.Name, Soft: u.Soft, Hard: u.Hard})
	}
	if len(host.DNS)+len(host.DNSSearch)+len(host.DNSOptions) > 0 {
		cs.DNSConfig = &swarm.DNSConfig{Nameservers: host.DNS, Search: host.DNSSearch, Options: host.DNSOptions}
	}
	out := Service{Compose: name, After: c.after(s)}
	if hc := cfg.Healthcheck; hc != nil && !(len(hc.Test) == 1 && hc.Test[0] == "NONE") {
		out.Health = hc
	}
	out.HostsOf, cs.Hosts = c.hosts(name, host.ExtraHosts)
	if err := c.mounts(s, host, cs); err != nil {
		return Service{}, err
	}
	if err := c.tmpfs(host.Tmpfs, cs); err != nil {
		return Service{}, err
	}
	c.minionKeys(name, cs)
	if c.sharesKeys(name) {
		if len(cs.Args) == 0 {
			return Service{}, errors.New("mounts the masters' shared key volume but has no command: saltlab runs it after compose/lib/swarm-keys, which needs the command to hand on to")
		}
		cs.Args = append([]string{keyWrapper, name, "--"}, cs.Args...)
	}
	spec := swarm.ServiceSpec{
		Annotations: swarm.Annotations{Name: ServiceName(c.plan.Project, name), Labels: c.serviceLabels(s)},
		TaskTemplate: swarm.TaskSpec{
			ContainerSpec: cs,
			Resources:     resources(host.Resources),
			RestartPolicy: c.restart(s, host.RestartPolicy),
			Placement:     c.placement(name),
		},
		Mode:         swarm.ServiceMode{Replicated: &swarm.ReplicatedService{Replicas: ptr(uint64(1))}},
		EndpointSpec: &swarm.EndpointSpec{Mode: swarm.ResolutionModeDNSRR, Ports: publish(s.Ports)},
	}
	for _, ep := range ct.Endpoints {
		spec.TaskTemplate.Networks = append(spec.TaskTemplate.Networks, swarm.NetworkAttachmentConfig{Target: ep.Network, Aliases: ep.Aliases})
	}
	out.Spec = spec
	return out, nil
}

func ptr[T any](v T) *T { return &v }

// after keeps the dependencies saltlab waits for, on services it runs.
func (c *converter) after(s types.ServiceConfig) map[string]string {
	out := map[string]string{}
	for dep, d := range s.DependsOn {
		if _, drop := c.dropped(dep); drop {
			continue
		}
		out[dep] = d.Condition
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// serviceLabels are the service object's labels: the run's, the compose
// service's deploy labels, and the compose service name.
func (c *converter) serviceLabels(s types.ServiceConfig) map[string]string {
	out := map[string]string{}
	if s.Deploy != nil {
		maps.Copy(out, s.Deploy.Labels)
	}
	maps.Copy(out, c.in.Lab.RunLabels())
	out[labels.Service] = s.Name
	return out
}

// hosts maps "name:ip" extra_hosts to the hosts file lines Swarm takes
// ("ip name"); an address that is a service's static compose address
// becomes a reference Resolve fills with the address of that service's
// task.
func (c *converter) hosts(service string, extra []string) (refs []HostRef, lines []string) {
	for _, e := range extra {
		i := strings.LastIndex(e, ":")
		if i < 0 {
			continue
		}
		host, ip := e[:i], e[i+1:]
		if to, ok := c.statics[ip]; ok && to != service {
			refs = append(refs, HostRef{Host: host, Service: to})
			continue
		}
		lines = append(lines, ip+" "+host)
	}
	return refs, lines
}

// restart keeps a role's task down once it stops: Swarm would otherwise
// replace a stopped or killed master, undoing the fault. Other services
// keep their compose policy.
func (c *converter) restart(s types.ServiceConfig, compose container.RestartPolicy) *swarm.RestartPolicy {
	none := &swarm.RestartPolicy{Condition: swarm.RestartPolicyConditionNone}
	if slices.Contains(c.roleServices(), s.Name) {
		return none
	}
	if s.Deploy != nil && s.Deploy.RestartPolicy != nil {
		d := s.Deploy.RestartPolicy
		rp := &swarm.RestartPolicy{Condition: swarm.RestartPolicyCondition(d.Condition), MaxAttempts: d.MaxAttempts}
		if d.Delay != nil {
			rp.Delay = ptr(time.Duration(*d.Delay))
		}
		if d.Window != nil {
			rp.Window = ptr(time.Duration(*d.Window))
		}
		return rp
	}
	switch compose.Name {
	case container.RestartPolicyAlways, container.RestartPolicyUnlessStopped:
		return &swarm.RestartPolicy{Condition: swarm.RestartPolicyConditionAny}
	case container.RestartPolicyOnFailure:
		rp := &swarm.RestartPolicy{Condition: swarm.RestartPolicyConditionOnFailure}
		if compose.MaximumRetryCount > 0 {
			rp.MaxAttempts = ptr(uint64(compose.MaximumRetryCount))
		}
		return rp
	}
	return none
}

func (c *converter) placement(service string) *swarm.Placement {
	p, ok := c.place[service]
	if !ok {
		return nil
	}
	return &p
}

// resources maps the lab's limits (its defaults included) to the task's.
func resources(r container.Resources) *swarm.ResourceRequirements {
	out := &swarm.ResourceRequirements{Limits: &swarm.Limit{NanoCPUs: r.NanoCPUs, MemoryBytes: r.Memory}}
	if r.PidsLimit != nil {
		out.Limits.Pids = *r.PidsLimit
	}
	if r.MemoryReservation > 0 {
		out.Reservations = &swarm.Resources{MemoryBytes: r.MemoryReservation}
	}
	return out
}

// publish publishes ports in host mode, on the node that runs the task:
// the routing mesh would publish them on every node of the swarm.
func publish(ports []types.ServicePortConfig) []swarm.PortConfig {
	var out []swarm.PortConfig
	for _, p := range ports {
		pc := swarm.PortConfig{Name: p.Name, TargetPort: p.Target, PublishMode: swarm.PortConfigPublishModeHost, Protocol: swarm.PortConfigProtocolTCP}
		if p.Protocol != "" {
			pc.Protocol = swarm.PortConfigProtocol(p.Protocol)
		}
		if n, err := strconv.ParseUint(p.Published, 10, 16); err == nil {
			pc.PublishedPort = uint32(n)
		}
		out = append(out, pc)
	}
	return out
}

// mounts maps the lab's mounts: the shared pki volume to the key pair's
// secret and config, read-only binds to configs (secrets for private
// files), named volumes to the task's own volume on its node (created
// with the lab's volume labels, so teardown finds it), tmpfs as is.
func (c *converter) mounts(s types.ServiceConfig, host *container.HostConfig, cs *swarm.ContainerSpec) error {
	if len(host.Mounts) != len(s.Volumes) {
		return fmt.Errorf("has %d volumes but the lab made %d mounts", len(s.Volumes), len(host.Mounts))
	}
	var errs []error
	for i, v := range s.Volumes {
		m := host.Mounts[i]
		switch {
		case v.Type == types.VolumeTypeVolume && v.Target == masterPKI && len(c.shared[v.Source]) > 0:
			cs.Secrets = append(cs.Secrets, &swarm.SecretReference{SecretName: c.object(&c.plan.Secrets, c.in.KeyPair.Private),
				File: &swarm.SecretReferenceFileTarget{Name: keySource + "/master.pem", UID: "0", GID: "0", Mode: 0o400}})
			cs.Configs = append(cs.Configs, &swarm.ConfigReference{ConfigName: c.object(&c.plan.Configs, c.in.KeyPair.Public),
				File: &swarm.ConfigReferenceFileTarget{Name: keySource + "/master.pub", UID: "0", GID: "0", Mode: 0o644}})
		case v.Type == types.VolumeTypeBind:
			if err := c.bind(v.Source, v.Target, cs); err != nil {
				errs = append(errs, err)
			}
		case v.Type == types.VolumeTypeVolume && v.Source != "":
			lbl, err := c.in.Lab.VolumeLabels(v.Source)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			m.VolumeOptions = &mount.VolumeOptions{Labels: lbl}
			if v.Volume != nil && v.Volume.NoCopy {
				m.VolumeOptions.NoCopy = true
			}
			cs.Mounts = append(cs.Mounts, m)
		default:
			cs.Mounts = append(cs.Mounts, m)
		}
	}
	return errors.Join(errs...)
}

// minionPKI is where a Salt minion keeps its key pair.
const minionPKI = "/etc/salt/pki/minion"

// minionKeys gives a minion without a volume at its pki dir one of its
// own on its node. On compose a restarted minion is the same container
// and keeps its key pair; on Swarm each start is a new task (Restarter),
// and a minion with a new key would be refused by every master that
// accepted the old one, as a host keeps its keys on disk across a reboot.
func (c *converter) minionKeys(name string, cs *swarm.ContainerSpec) {
	if !slices.Contains(c.roles.Minions, name) {
		return
	}
	for _, m := range cs.Mounts {
		if m.Target == minionPKI {
			return
		}
	}
	cs.Mounts = append(cs.Mounts, mount.Mount{Type: mount.TypeVolume, Source: c.plan.Project + "_" + name + "_pki", Target: minionPKI,
		VolumeOptions: &mount.VolumeOptions{Labels: c.in.Lab.RunLabels()}})
}

// bind sends a read-only bind's files to the task as configs and secrets,
// with the host files' modes.
func (c *converter) bind(src, target string, cs *swarm.ContainerSpec) error {
	files, err := bindFiles(src, target)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("bind %s: %s %w: on Swarm a bind reaches the task as its files", target, src, errNoFiles)
	}
	for _, f := range files {
		if f.secret {
			cs.Secrets = append(cs.Secrets, &swarm.SecretReference{SecretName: c.object(&c.plan.Secrets, f.data),
				File: &swarm.SecretReferenceFileTarget{Name: f.target, UID: "0", GID: "0", Mode: f.mode}})
			continue
		}
		cs.Configs = append(cs.Configs, &swarm.ConfigReference{ConfigName: c.object(&c.plan.Configs, f.data),
			File: &swarm.ConfigReferenceFileTarget{Name: f.target, UID: "0", GID: "0", Mode: f.mode}})
	}
	return nil
}

// tmpfs maps compose's tmpfs: entries (path:options) to tmpfs mounts.
func (c *converter) tmpfs(list map[string]string, cs *swarm.ContainerSpec) error {
	for _, path := range slices.Sorted(maps.Keys(list)) {
		m := mount.Mount{Type: mount.TypeTmpfs, Target: path}
		if opts := list[path]; opts != "" {
			o, err := tmpfsOptions(opts)
			if err != nil {
				return fmt.Errorf("tmpfs %s: %w", path, err)
			}
			m.TmpfsOptions = o
		}
		cs.Mounts = append(cs.Mounts, m)
	}
	return nil
}

func tmpfsOptions(s string) (*mount.TmpfsOptions, error) {
	out := &mount.TmpfsOptions{}
	for _, o := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(o, "=")
		switch k {
		case "size":
			n, err := units.RAMInBytes(v)
			if err != nil {
				return nil, err
			}
			out.SizeBytes = n
		case "mode":
			n, err := strconv.ParseUint(v, 8, 32)
			if err != nil {
				return nil, fmt.Errorf("mode %q: %w", v, err)
			}
			out.Mode = os.FileMode(n)
		default:
			return nil, fmt.Errorf("option %q has no Swarm field (size= and mode= have)", o)
		}
	}
	return out, nil
}

// sortedNodes returns nodes by hostname, then id.
func sortedNodes(nodes []Node) []Node {
	out := slices.Clone(nodes)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Hostname != out[j].Hostname {
			return out[i].Hostname < out[j].Hostname
		}
		return out[i].ID < out[j].ID
	})
	return out
}
