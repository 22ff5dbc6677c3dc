package stack

import (
	"context"
	"testing"

	"github.com/docker/docker/api/types/swarm"
	"github.com/stretchr/testify/assert"
)

// tasksBy is a manager that knows each service's tasks by name.
type tasksBy struct {
	Updater
	tasks map[string][]swarm.Task
}

func (m tasksBy) TaskList(_ context.Context, o swarm.TaskListOptions) ([]swarm.Task, error) {
	return m.tasks[o.Filters.Get("service")[0]], nil
}

func taskOn(network, addr string, state swarm.TaskState) swarm.Task {
	t := swarm.Task{Status: swarm.TaskStatus{State: state}}
	t.NetworksAttachments = []swarm.NetworkAttachment{{Network: swarm.Network{Spec: swarm.NetworkSpec{Annotations: swarm.Annotations{Name: network}}}, Addresses: []string{addr + "/24"}}}
	return t
}

// A renewed task's hosts lines name each master's running task now, and
// keep the line it had for a master that runs no task (stopped by a
// fault: the name still resolves, as a host that is down), and its
// other lines as they were.
func TestRenewedTaskNamesTheMastersTasksOfNow(t *testing.T) {
	p := &Plan{Project: "p", Networks: []Network{{Key: "default", Name: "p_default"}}}
	m := tasksBy{tasks: map[string][]swarm.Task{
		"p_salt-master-1": {taskOn("p_default", "10.0.0.9", swarm.TaskStateRunning)},
		"p_salt-master-2": {},
	}}
	r := NewRestarter(nil, m, p, nil, nil)
	minion := Service{Compose: "salt-minion-1", HostsOf: []HostRef{{Host: "salt-master-1", Service: "salt-master-1"}, {Host: "salt-master-2", Service: "salt-master-2"}}}
	got := r.hostsOf(context.Background(), minion, []string{"192.0.2.1 example", "10.0.0.2 salt-master-1", "10.0.0.3 salt-master-2"})
	assert.Equal(t, []string{"192.0.2.1 example", "10.0.0.9 salt-master-1", "10.0.0.3 salt-master-2"}, got)
}

// A renewed task stays on its node (its named volumes are there); a
// constraint the service has is kept, and one to the same node is not
// added twice.
func TestRenewedTaskStaysOnItsNode(t *testing.T) {
	tests := []struct {
		name string
		in   *swarm.Placement
		want []string
	}{
		{name: "spread", in: &swarm.Placement{Preferences: []swarm.PlacementPreference{{Spread: &swarm.SpreadOver{SpreadDescriptor: "node.id"}}}}, want: []string{"node.id==n2"}},
		{name: "none", in: nil, want: []string{"node.id==n2"}},
		{name: "pinned there", in: &swarm.Placement{Constraints: []string{"node.id==n2"}}, want: []string{"node.id==n2"}},
		{name: "a label", in: &swarm.Placement{Constraints: []string{"node.labels.io.saltlab.role==minion"}}, want: []string{"node.labels.io.saltlab.role==minion", "node.id==n2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := onNode(tc.in, "n2")
			assert.Equal(t, tc.want, got.Constraints)
			if tc.in != nil {
				assert.Equal(t, tc.in.Preferences, got.Preferences)
			}
		})
	}
}
