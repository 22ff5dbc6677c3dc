package stack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/usage"
)

// Manager is what Deploy and Teardown call on the swarm's manager;
// *client.Client satisfies it.
type Manager interface {
	NodeEngine
	NetworkCreate(ctx context.Context, name string, options network.CreateOptions) (network.CreateResponse, error)
	SecretCreate(ctx context.Context, secret swarm.SecretSpec) (swarm.SecretCreateResponse, error)
	SecretList(ctx context.Context, options swarm.SecretListOptions) ([]swarm.Secret, error)
	SecretRemove(ctx context.Context, id string) error
	ConfigCreate(ctx context.Context, config swarm.ConfigSpec) (swarm.ConfigCreateResponse, error)
	ConfigList(ctx context.Context, options swarm.ConfigListOptions) ([]swarm.Config, error)
	ConfigRemove(ctx context.Context, id string) error
	ServiceCreate(ctx context.Context, service swarm.ServiceSpec, options swarm.ServiceCreateOptions) (swarm.ServiceCreateResponse, error)
	ServiceInspectWithRaw(ctx context.Context, serviceID string, opts swarm.ServiceInspectOptions) (swarm.Service, []byte, error)
	ServiceList(ctx context.Context, options swarm.ServiceListOptions) ([]swarm.Service, error)
	ServiceRemove(ctx context.Context, serviceID string) error
	TaskList(ctx context.Context, options swarm.TaskListOptions) ([]swarm.Task, error)
}

// NodeEngine is what Deploy and Teardown call on each node's engine:
// the image check before deploy and the sweep after teardown.
type NodeEngine interface {
	ImageInspect(ctx context.Context, ref string, opts ...client.ImageInspectOption) (image.InspectResponse, error)
	sweeper
}

// Swarm is the manager and every node's engine (node id -> engine, the
// manager's own among them), and an Execer that reaches each task's
// container on its node (route.Client), for the health tests saltlab
// runs itself.
type Swarm struct {
	Manager Manager
	Nodes   map[string]NodeEngine
	Exec    lab.Execer
	Log     io.Writer
	// Timeout bounds each wait of a service (its task running, healthy
	// or done); lab.DefaultHealthTimeout when zero.
	Timeout time.Duration
}

// CheckImages fails, before anything is deployed, when a node lacks an
// image of the plan: without a registry Swarm would reject the task there
// ("No such image"). A usage error naming the node and the fix.
func CheckImages(ctx context.Context, sw Swarm, p *Plan) error {
	var imgs []string
	for _, s := range p.Services {
		if img := s.Spec.TaskTemplate.ContainerSpec.Image; !slices.Contains(imgs, img) {
			imgs = append(imgs, img)
		}
	}
	var errs []error
	for _, node := range slices.Sorted(maps.Keys(sw.Nodes)) {
		for _, img := range imgs {
			if _, err := sw.Nodes[node].ImageInspect(ctx, img); err != nil {
				if cerr := ctx.Err(); cerr != nil {
					return cerr
				}
				errs = append(errs, fmt.Errorf("node %s has no image %s (%v)", node, img, err))
			}
		}
	}
	if len(errs) > 0 {
		return usage.Wrap(fmt.Errorf("check images on the swarm's nodes: %w\nfix: load saltlab's images into every node with `saltlab swarm load`; nothing was deployed", errors.Join(errs...)))
	}
	return nil
}

// Deploy creates the plan on the swarm: networks, secrets, configs, then
// the services in order, each once those it depends on meet their
// condition, and waits until every service's task runs and passes its
// health test. On failure it removes what it created (Teardown of the
// lab: run runID, project p.Project) before it returns.
func Deploy(ctx context.Context, sw Swarm, p *Plan, runID string) (err error) {
	if err := CheckImages(ctx, sw, p); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			// Removal outlives a cancelled deploy: it must not leave half a lab.
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), teardownTimeout)
			defer cancel()
			err = errors.Join(err, Teardown(cctx, sw, Lab{RunID: runID, Project: p.Project}))
		}
	}()
	d := &deployment{sw: sw, plan: p, services: map[string]string{}, ids: map[string]string{}, met: map[string]bool{}}
	if err := d.objects(ctx); err != nil {
		return err
	}
	for i := range p.Services {
		if err := d.create(ctx, &p.Services[i]); err != nil {
			return err
		}
	}
	for _, s := range p.Services {
		if err := d.await(ctx, s.Compose, "service_healthy"); err != nil {
			return err
		}
	}
	return nil
}

// deployment is one Deploy's state.
type deployment struct {
	sw       Swarm
	plan     *Plan
	network  string            // id of the lab's first network, whose task addresses hosts entries take
	services map[string]string // compose service -> swarm service id
	ids      map[string]string // secret or config name -> its id, which references need
	met      map[string]bool   // "<service> <condition>" once met: a healthy task is not probed again
}

func (d *deployment) printf(format string, args ...any) {
	if d.sw.Log != nil {
		fmt.Fprintf(d.sw.Log, format+"\n", args...)
	}
}

func (d *deployment) objects(ctx context.Context) error {
	m := d.sw.Manager
	for _, n := range d.plan.Networks {
		r, err := m.NetworkCreate(ctx, n.Name, n.Options)
		if err != nil {
			return fmt.Errorf("create overlay network %s: %w", n.Name, err)
		}
		if d.network == "" {
			d.network = r.ID
		}
		d.printf("network %s created (overlay, attachable)", n.Name)
	}
	for _, o := range d.plan.Secrets {
		r, err := m.SecretCreate(ctx, swarm.SecretSpec{Annotations: swarm.Annotations{Name: o.Name, Labels: o.Labels}, Data: o.Data})
		if err != nil {
			return fmt.Errorf("create secret %s: %w", o.Name, err)
		}
		d.ids[o.Name] = r.ID
	}
	for _, o := range d.plan.Configs {
		r, err := m.ConfigCreate(ctx, swarm.ConfigSpec{Annotations: swarm.Annotations{Name: o.Name, Labels: o.Labels}, Data: o.Data})
		if err != nil {
			return fmt.Errorf("create config %s: %w", o.Name, err)
		}
		d.ids[o.Name] = r.ID
	}
	d.printf("%d secrets and %d configs created", len(d.plan.Secrets), len(d.plan.Configs))
	return nil
}

// create waits for the service's dependencies, writes the addresses of
// the tasks its hosts entries name, and creates it without a registry
// lookup (the images are on every node: CheckImages).
func (d *deployment) create(ctx context.Context, s *Service) error {
	for _, dep := range slices.Sorted(maps.Keys(s.After)) {
		if err := d.await(ctx, dep, s.After[dep]); err != nil {
			return fmt.Errorf("service %s waits for %s: %w", s.Compose, dep, err)
		}
	}
	addrs := map[string]string{}
	for _, h := range s.HostsOf {
		if err := d.await(ctx, h.Service, "service_started"); err != nil {
			return fmt.Errorf("service %s names %s in extra_hosts: %w", s.Compose, h.Service, err)
		}
		ip, err := d.address(ctx, h.Service)
		if err != nil {
			return err
		}
		addrs[h.Service] = ip
	}
	resolved := *s // the plan keeps its references, for another deploy
	if err := resolved.Resolve(addrs); err != nil {
		return err
	}
	d.reference(resolved.Spec.TaskTemplate.ContainerSpec)
	r, err := d.sw.Manager.ServiceCreate(ctx, resolved.Spec, swarm.ServiceCreateOptions{QueryRegistry: false})
	if err != nil {
		return fmt.Errorf("create service %s: %w", s.Spec.Name, err)
	}
	d.services[s.Compose] = r.ID
	d.printf("service %s created", s.Spec.Name)
	return nil
}

// reference gives the spec's secret and config references the ids of
// the objects they name, which the engine requires.
func (d *deployment) reference(cs *swarm.ContainerSpec) {
	secrets := make([]*swarm.SecretReference, 0, len(cs.Secrets))
	for _, r := range cs.Secrets {
		c := *r
		c.SecretID = d.ids[r.SecretName]
		secrets = append(secrets, &c)
	}
	configs := make([]*swarm.ConfigReference, 0, len(cs.Configs))
	for _, r := range cs.Configs {
		c := *r
		c.ConfigID = d.ids[r.ConfigName]
		configs = append(configs, &c)
	}
	cs.Secrets, cs.Configs = secrets, configs
}

// address is the address on the lab's network of the running task of a
// created service.
func (d *deployment) address(ctx context.Context, compose string) (string, error) {
	id, ok := d.services[compose]
	if !ok {
		return "", fmt.Errorf("service %s is named in extra_hosts but not created before: add it to depends_on", compose)
	}
	tasks, err := d.sw.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", id), filters.Arg("desired-state", "running"))})
	if err != nil {
		return "", fmt.Errorf("list tasks of service %s: %w", compose, err)
	}
	for _, t := range tasks {
		for _, a := range t.NetworksAttachments {
			if a.Network.ID == d.network && len(a.Addresses) > 0 {
				ip, _, _ := strings.Cut(a.Addresses[0], "/")
				return ip, nil
			}
		}
	}
	return "", fmt.Errorf("service %s has no running task with an address on the lab's network", compose)
}

const teardownTimeout = 2 * time.Minute

func (d *deployment) timeout() time.Duration {
	if d.sw.Timeout > 0 {
		return d.sw.Timeout
	}
	return lab.DefaultHealthTimeout
}
