package steps

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/scenario"
)

// nodeOf names the swarm node of service (a role phrase too).
func nodeOf(ctx context.Context, service string) (string, string, error) {
	w := worldFrom(ctx)
	svc, err := w.Lab.Roles().ServiceNamed(service)
	if err != nil {
		return "", "", err
	}
	n, err := w.Nodes()
	if err != nil {
		return svc, "", err
	}
	node, err := n.NodeOf(ctx, svc)
	return svc, node, err
}

// minionsElsewhere checks the placement a node scenario reads right
// with: no minion shares the node of service, so the minions left are
// every minion.
func minionsElsewhere(ctx context.Context, service string) error {
	svc, node, err := nodeOf(ctx, service)
	if err != nil {
		return err
	}
	w := worldFrom(ctx)
	var with []string
	for _, m := range scenario.Minions(w.Lab) {
		_, mn, err := nodeOf(ctx, m)
		if err != nil {
			return err
		}
		if mn == node {
			with = append(with, m)
		}
	}
	if len(with) > 0 {
		return fmt.Errorf("expected no minion on node %s, which runs %s; observed %s there: label the nodes for masters and minions apart (docker node update --label-add io.saltlab.role=master|minion) and deploy again", node, svc, strings.Join(with, ", "))
	}
	w.Logf("%s runs on node %s, no minion does", svc, node)
	return nil
}

// loseNode takes away the swarm node that runs service (node-pause).
func loseNode(ctx context.Context, service string) error {
	return inject(ctx, chaos.Spec{Kind: chaos.KindNodePause, Targets: []string{service}}, "the node of "+service+" lost")
}

// nodeBack heals the pending node fault of service's node and leaves
// every other fault in place.
func nodeBack(ctx context.Context, service string) error {
	w := worldFrom(ctx)
	svc, err := w.Lab.Roles().ServiceNamed(service)
	if err != nil {
		return err
	}
	id := -1
	for _, e := range w.Ledger.Pending() {
		if e.Target == svc && e.Kind == chaos.KindNodePause {
			id = e.ID
		}
	}
	if id < 0 {
		return fmt.Errorf("bring back the node of %s: no pending loss of it in this scenario; lose it first with: the node of %q is lost", svc, svc)
	}
	if err := w.Ledger.Undo(ctx, scenario.Undoer(w.Lab, w.Chaos), id); err != nil {
		return fmt.Errorf("bring back the node of %s: %w", svc, err)
	}
	markHeal(w, "the node of "+svc+" back")
	return nil
}

// nodeMarkedDown waits until the swarm's manager holds the node of
// service as down, within secs: after that it has ended the node's tasks.
func nodeMarkedDown(ctx context.Context, secs, service string) error {
	n, err := strconv.Atoi(secs)
	if err != nil || n <= 0 {
		return fmt.Errorf("within %s s: want a whole number of seconds above 0", secs)
	}
	svc, node, err := nodeOf(ctx, service)
	if err != nil {
		return err
	}
	w := worldFrom(ctx)
	nodes, err := w.Nodes()
	if err != nil {
		return err
	}
	start := time.Now()
	var seen string
	down, err := poll.Run(ctx, poll.Within(time.Duration(n)*time.Second), func(ctx context.Context, _ time.Duration) bool {
		st, err := nodes.NodeState(ctx, node)
		if err != nil {
			seen = err.Error()
			return false
		}
		seen = st
		return st == "down"
	})
	if err != nil {
		return err
	}
	if !down {
		return fmt.Errorf("expected the swarm to mark node %s (which runs %s) down within %d s; observed %s", node, svc, n, seen)
	}
	w.Logf("node %s (which runs %s) down %s after the step began", node, svc, time.Since(start).Round(100*time.Millisecond))
	return nil
}
