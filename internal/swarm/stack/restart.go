package stack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/go-connections/nat"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/swarm/route"
)

// Updater is what a task's renewal calls on the swarm's manager;
// *client.Client satisfies it.
type Updater interface {
	ServiceInspectWithRaw(ctx context.Context, serviceID string, opts swarm.ServiceInspectOptions) (swarm.Service, []byte, error)
	ServiceUpdate(ctx context.Context, serviceID string, version swarm.Version, service swarm.ServiceSpec, options swarm.ServiceUpdateOptions) (swarm.ServiceUpdateResponse, error)
	TaskList(ctx context.Context, options swarm.TaskListOptions) ([]swarm.Task, error)
}

// Restarter is the router with one difference: starting a stopped task's
// container again. The node's engine refuses that (Swarm's agent released
// the ended task's secrets, configs and overlay attachment: "secret … not
// found", and without secrets "network … not found"), so a start makes a
// new task of the service instead (a forced update), on the node the old
// one ran on, whose named volumes it keeps. The new task has a new
// address on the overlay: the hosts entries of the services that name it
// (minions, the balancer) are rewritten in their running containers, and
// the balancer (SIGHUP: nginx resolves its upstreams when it loads its
// configuration) reloads. A restart is a stop and such a start.
type Restarter struct {
	*route.Client
	manager Updater
	plan    *Plan
	reload  []string // compose services told by SIGHUP when a hosts entry changed
	log     io.Writer
	// Addrs are the nodes' addresses (node id -> the address the host
	// reaches it at), which a task's published ports are given as their
	// host address: a port in host mode is bound in its node, not on the
	// host.
	Addrs map[string]string
	// Load copies images from the host into every node that lacks them.
	Load func(ctx context.Context, refs ...string) error
}

// LoadImages copies refs into the swarm's nodes (Load).
func (r *Restarter) LoadImages(ctx context.Context, refs ...string) error {
	if r.Load == nil {
		return fmt.Errorf("load %v into the swarm's nodes: no loader", refs)
	}
	return r.Load(ctx, refs...)
}

// ContainerInspect inspects container ref on its node; its published
// ports name the node's address, where the host reaches them.
func (r *Restarter) ContainerInspect(ctx context.Context, ref string) (container.InspectResponse, error) {
	info, err := r.Client.ContainerInspect(ctx, ref)
	if err != nil || info.NetworkSettings == nil || len(info.NetworkSettings.Ports) == 0 {
		return info, err
	}
	node, err := r.Client.NodeOf(ctx, ref)
	addr := r.Addrs[node]
	if err != nil || addr == "" {
		return info, nil
	}
	ports := nat.PortMap{}
	for p, bs := range info.NetworkSettings.Ports {
		out := make([]nat.PortBinding, 0, len(bs))
		for _, b := range bs {
			if b.HostIP == "" || b.HostIP == "0.0.0.0" || b.HostIP == "::" {
				b.HostIP = addr
			}
			out = append(out, b)
		}
		ports[p] = out
	}
	ns := *info.NetworkSettings
	ns.Ports = ports
	info.NetworkSettings = &ns
	return info, nil
}

// NewRestarter wraps router r for the lab of plan p (its services' hosts
// references and network); reload names services (the API balancer) that
// read their hosts entries once, at load.
func NewRestarter(r *route.Client, m Updater, p *Plan, reload []string, log io.Writer) *Restarter {
	if log == nil {
		log = io.Discard
	}
	return &Restarter{Client: r, manager: m, plan: p, reload: reload, log: log}
}

// renewTimeout bounds a new task's start: the service's image is on the
// node already, so this is the engine's and the scheduler's time.
const renewTimeout = 2 * time.Minute

// ContainerStart starts container ref; a stopped Swarm task's container
// is replaced by a new task of its service (see Restarter).
func (r *Restarter) ContainerStart(ctx context.Context, ref string, options container.StartOptions) error {
	info, err := r.Client.ContainerInspect(ctx, ref)
	if err != nil {
		return err
	}
	svc := info.Config.Labels["com.docker.swarm.service.id"]
	if svc == "" || info.State == nil || info.State.Running {
		return r.Client.ContainerStart(ctx, ref, options)
	}
	return r.renew(ctx, svc, info.ID)
}

// ContainerRestart stops container ref and starts it again the way
// ContainerStart does.
func (r *Restarter) ContainerRestart(ctx context.Context, ref string, options container.StopOptions) error {
	if err := r.Client.ContainerStop(ctx, ref, options); err != nil {
		return err
	}
	return r.ContainerStart(ctx, ref, container.StartOptions{})
}

// renew replaces the ended task (container old) of service id by a new
// one, unless a running task stands for the service already (an earlier
// heal of the same fault renewed it).
func (r *Restarter) renew(ctx context.Context, id, old string) error {
	s, _, err := r.manager.ServiceInspectWithRaw(ctx, id, swarm.ServiceInspectOptions{})
	if err != nil {
		return fmt.Errorf("inspect service %s: %w", id, err)
	}
	tasks, err := r.manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", id))})
	if err != nil {
		return fmt.Errorf("list the tasks of service %s: %w", s.Spec.Name, err)
	}
	var was swarm.Task
	for _, t := range tasks {
		c := containerOf(t)
		if c == old {
			was = t
		} else if c != "" && t.Status.State == swarm.TaskStateRunning {
			return r.Client.Relearn(ctx)
		}
	}
	if was.ID != "" {
		// Swarm's agent reports the stop a moment later: an update that
		// starts before sees the old task fail during it and pauses
		// (the default failure action), leaving no task at all.
		if err := r.awaitEnded(ctx, was.ID); err != nil {
			return fmt.Errorf("start service %s again: %w", s.Spec.Name, err)
		}
		if s, _, err = r.manager.ServiceInspectWithRaw(ctx, id, swarm.ServiceInspectOptions{}); err != nil {
			return fmt.Errorf("inspect service %s: %w", id, err)
		}
	}
	compose := s.Spec.Labels[labels.Service]
	spec := s.Spec
	// A renewal replaces one task that has ended: nothing to watch, and a
	// failure of it must not pause the service's later renewals.
	spec.UpdateConfig = &swarm.UpdateConfig{Parallelism: 1, FailureAction: swarm.UpdateFailureActionContinue, Order: swarm.UpdateOrderStopFirst}
	ts := spec.TaskTemplate
	ts.ForceUpdate++
	if was.NodeID != "" {
		ts.Placement = onNode(ts.Placement, was.NodeID)
	}
	if ps, ok := r.service(compose); ok && len(ps.HostsOf) > 0 {
		cs := *ts.ContainerSpec
		cs.Hosts = r.hostsOf(ctx, ps, cs.Hosts)
		ts.ContainerSpec = &cs
	}
	spec.TaskTemplate = ts
	start := time.Now()
	if _, err := r.manager.ServiceUpdate(ctx, id, s.Version, spec, swarm.ServiceUpdateOptions{}); err != nil {
		return fmt.Errorf("start service %s again as a new task: %w", s.Spec.Name, err)
	}
	task, err := r.awaitNew(ctx, id, old)
	if err != nil {
		return fmt.Errorf("start service %s again as a new task: %w", s.Spec.Name, err)
	}
	if err := r.Client.Relearn(ctx); err != nil {
		return err
	}
	before, after := r.address(was), r.address(task)
	fmt.Fprintf(r.log, "swarm: service %s runs again as a new task on the same node (%s; address %s, was %s)\n", s.Spec.Name, time.Since(start).Round(100*time.Millisecond), after, before)
	if after != "" && after != before {
		return r.readdress(ctx, compose, after)
	}
	return nil
}

// service is the plan's service of compose name compose.
func (r *Restarter) service(compose string) (Service, bool) {
	for _, s := range r.plan.Services {
		if s.Compose == compose {
			return s, true
		}
	}
	return Service{}, false
}

// hostsOf is the hosts lines of a new task of ps: its own lines, and for
// each service it names the address of that service's running task now
// (the line it had when none runs).
func (r *Restarter) hostsOf(ctx context.Context, ps Service, had []string) []string {
	named := map[string]bool{}
	for _, h := range ps.HostsOf {
		named[h.Host] = true
	}
	var out []string
	old := map[string]string{}
	for _, line := range had {
		f := strings.Fields(line)
		if len(f) == 2 && named[f[1]] {
			old[f[1]] = line
			continue
		}
		out = append(out, line)
	}
	for _, h := range ps.HostsOf {
		if ip := r.runningAddress(ctx, h.Service); ip != "" {
			out = append(out, ip+" "+h.Host)
		} else if line, ok := old[h.Host]; ok {
			out = append(out, line)
		}
	}
	return out
}

// runningAddress is the lab-network address of compose service's running
// task, "" when none runs.
func (r *Restarter) runningAddress(ctx context.Context, compose string) string {
	tasks, err := r.manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(
		filters.Arg("service", ServiceName(r.plan.Project, compose)), filters.Arg("desired-state", "running"))})
	if err != nil {
		return ""
	}
	for _, t := range tasks {
		if t.Status.State == swarm.TaskStateRunning {
			return r.address(t)
		}
	}
	return ""
}

// address is task t's address on the lab's first network.
func (r *Restarter) address(t swarm.Task) string {
	if len(r.plan.Networks) == 0 {
		return ""
	}
	for _, a := range t.NetworksAttachments {
		if a.Network.Spec.Name == r.plan.Networks[0].Name && len(a.Addresses) > 0 {
			ip, _, _ := strings.Cut(a.Addresses[0], "/")
			return ip
		}
	}
	return ""
}

// awaitEnded waits until the manager sees task id ended (its container
// stopped or gone), bounded by renewTimeout.
func (r *Restarter) awaitEnded(ctx context.Context, id string) error {
	var state swarm.TaskState
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(renewTimeout), Interval: removeInterval}, func(ctx context.Context, _ time.Duration) bool {
		tasks, err := r.manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("id", id))})
		if err != nil || len(tasks) == 0 {
			return err == nil // a task the manager forgot has ended
		}
		state = tasks[0].Status.State
		return ended(state)
	})
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("its task %s still %s after %s, though its container stopped", id, state, renewTimeout)
	}
	return nil
}

// ended says whether a task in state st has ended for good.
func ended(st swarm.TaskState) bool {
	switch st {
	case swarm.TaskStateComplete, swarm.TaskStateShutdown, swarm.TaskStateFailed, swarm.TaskStateRejected, swarm.TaskStateRemove, swarm.TaskStateOrphaned:
		return true
	}
	return false
}

// awaitNew waits for a running task of service id other than the one of
// container old.
func (r *Restarter) awaitNew(ctx context.Context, id, old string) (swarm.Task, error) {
	var found swarm.Task
	var last string
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(renewTimeout), Interval: removeInterval}, func(ctx context.Context, _ time.Duration) bool {
		tasks, err := r.manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", id), filters.Arg("desired-state", "running"))})
		if err != nil {
			last = err.Error()
			return false
		}
		for _, t := range tasks {
			if c := containerOf(t); c != "" && c != old && t.Status.State == swarm.TaskStateRunning {
				found = t
				return true
			}
			last = fmt.Sprintf("task %s is %s %s", t.ID, t.Status.State, t.Status.Err)
		}
		return false
	})
	if err != nil {
		return swarm.Task{}, err
	}
	if !ok {
		return swarm.Task{}, fmt.Errorf("no new task running within %s (last: %s)", renewTimeout, last)
	}
	return found, nil
}

// readdress writes compose's new address into the hosts file of every
// running container that names it, and reloads those that read it once.
func (r *Restarter) readdress(ctx context.Context, compose, ip string) error {
	var errs []error
	for _, s := range r.plan.Services {
		for _, h := range s.HostsOf {
			if h.Service != compose {
				continue
			}
			ref := lab.ContainerNameOf(r.plan.Project, s.Compose)
			res, err := lab.ExecIn(ctx, r.Client, ref, []string{"sh", "-c", setHostScript, "set-host", h.Host, ip})
			switch {
			case err != nil:
				// A container that is down gets the address with its next task.
				fmt.Fprintf(r.log, "swarm: %s's hosts entry of %s not rewritten (%v); its next task gets %s\n", s.Compose, h.Host, err, ip)
				continue
			case res.ExitCode != 0:
				errs = append(errs, fmt.Errorf("rewrite the hosts entry of %s in %s: exit %d: %s", h.Host, s.Compose, res.ExitCode, res.Stderr))
				continue
			}
			if slices.Contains(r.reload, s.Compose) {
				errs = append(errs, r.Client.ContainerKill(ctx, ref, "SIGHUP"))
			}
		}
	}
	return errors.Join(errs...)
}

// setHostScript replaces the hosts file's line of host $1 by "$2 $1".
// Docker bind-mounts /etc/hosts, so it is rewritten in place, not renamed
// over. The values are arguments, never part of the script.
const setHostScript = `set -eu
tmp=$(mktemp)
awk -v h="$1" '!(NF == 2 && $2 == h)' /etc/hosts > "$tmp"
printf '%s\t%s\n' "$2" "$1" >> "$tmp"
cat "$tmp" > /etc/hosts
rm -f "$tmp"`

// containerOf is task t's container id, "" before it has one.
func containerOf(t swarm.Task) string {
	if t.Status.ContainerStatus == nil {
		return ""
	}
	return t.Status.ContainerStatus.ContainerID
}

// onNode keeps a renewed task on node: its named volumes are there (a
// minion's keys, a master's accepted keys), as a host's disk outlives its
// reboot.
func onNode(p *swarm.Placement, node string) *swarm.Placement {
	out := swarm.Placement{}
	if p != nil {
		out = *p
	}
	c := "node.id==" + node
	if !slices.Contains(out.Constraints, c) {
		out.Constraints = append(slices.Clone(out.Constraints), c)
	}
	return &out
}
