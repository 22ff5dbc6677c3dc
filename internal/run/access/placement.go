package access

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
)

// placementRecorder is the history a lab on Swarm tells where its
// services run and how each node's clock stands against the host's.
type placementRecorder interface {
	SetPlacement(map[string]string)
	Append(history.Entry) (history.Entry, error)
}

// RecordPlacement tells rec, for a lab on Swarm, which node runs each of
// lab l's services (so later entries about a service name the node,
// with no engine call per entry) and appends each node's clock offset,
// read once now, so times taken on several machines can be set against
// each other. On compose it does nothing. A renewed task stays on its
// node (the stack's Restarter), so the placement holds for the lab's
// life.
func (t *Target) RecordPlacement(ctx context.Context, rec placementRecorder, l *lab.Lab) error {
	if !t.OnSwarm() {
		return nil
	}
	where := map[string]string{}
	for _, svc := range l.Services() {
		id, err := t.on.Router.NodeOf(ctx, l.ContainerName(svc))
		if err != nil {
			return fmt.Errorf("record where service %s runs on swarm %s: %w", svc, t.Swarm, err)
		}
		if n, ok := t.cluster.ByID(id); ok {
			where[svc] = n.Name
		}
	}
	rec.SetPlacement(where)
	offsets, err := t.cluster.ClockOffsets(ctx)
	for _, o := range offsets {
		if _, aerr := rec.Append(history.ClockEntry(o.Node, o.At, o.Offset, o.Uncertainty)); aerr != nil && err == nil {
			err = aerr
		}
	}
	if err != nil {
		return fmt.Errorf("record the clocks of swarm %s: %w", t.Swarm, err)
	}
	return nil
}
