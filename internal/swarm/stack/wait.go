package stack

import (
	"context"
	"fmt"
	"time"

	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/textclip"
)

// taskInterval spaces the looks at a service's task: Swarm starts a task
// within a second or two when its image is on the node.
const taskInterval = 250 * time.Millisecond

// await waits until compose service svc meets condition (compose's
// depends_on: service_started, service_healthy,
// service_completed_successfully), within the deploy's timeout.
func (d *deployment) await(ctx context.Context, svc, condition string) error {
	id, ok := d.services[svc]
	if !ok {
		return fmt.Errorf("service %s is not created", svc)
	}
	if d.met[svc+" "+condition] {
		return nil
	}
	var health *Service
	for i := range d.plan.Services {
		if d.plan.Services[i].Compose == svc {
			health = &d.plan.Services[i]
		}
	}
	want := swarm.TaskStateRunning
	if condition == "service_completed_successfully" {
		want = swarm.TaskStateComplete
	}
	var last string
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(d.timeout()), Interval: taskInterval}, func(ctx context.Context, _ time.Duration) bool {
		tasks, err := d.sw.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", id))})
		if err != nil {
			last = err.Error()
			return false
		}
		state, msg := taskState(tasks)
		last = fmt.Sprintf("task %s %s", state, msg)
		if state != want {
			return false
		}
		if condition != "service_healthy" || health == nil {
			return true
		}
		argv, ok := lab.HealthArgv(health.Health)
		if !ok {
			return true
		}
		r, err := lab.ExecIn(ctx, d.sw.Exec, lab.ContainerNameOf(d.plan.Project, svc), argv)
		if err != nil {
			last = "health test: " + err.Error()
			return false
		}
		last = fmt.Sprintf("health test exit %d: %s", r.ExitCode, textclip.Clip(textclip.OneLine(r.Stdout+r.Stderr), 200))
		return r.ExitCode == 0
	})
	if err != nil {
		return fmt.Errorf("wait for service %s (%s): %w", svc, condition, err)
	}
	if !ok {
		return fmt.Errorf("service %s did not reach %s within %s (last: %s)", svc, condition, d.timeout(), last)
	}
	if condition == "service_healthy" {
		d.printf("service %s healthy", svc)
	}
	d.met[svc+" "+condition] = true
	return nil
}

// taskState is the state of the service's newest task, and its message
// or error.
func taskState(tasks []swarm.Task) (swarm.TaskState, string) {
	var newest *swarm.Task
	for i := range tasks {
		if newest == nil || tasks[i].Meta.CreatedAt.After(newest.Meta.CreatedAt) {
			newest = &tasks[i]
		}
	}
	if newest == nil {
		return "", "(no task yet)"
	}
	msg := newest.Status.Message
	if newest.Status.Err != "" {
		msg += ": " + newest.Status.Err
	}
	return newest.Status.State, msg
}
