package route

import (
	"context"
	"fmt"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/events"
	"github.com/docker/docker/api/types/volume"
)

// The listings, over every node.

// ContainerList lists the containers of every node (each container once),
// node by node, and remembers where each runs.
func (c *Client) ContainerList(ctx context.Context, options container.ListOptions) ([]container.Summary, error) {
	var out []container.Summary
	seen := map[string]bool{}
	for _, node := range c.nodeIDs() {
		list, err := c.nodes[node].ContainerList(ctx, options)
		if err != nil {
			return nil, fmt.Errorf("list containers on node %s: %w", node, err)
		}
		for _, s := range list {
			if seen[s.ID] {
				continue
			}
			seen[s.ID] = true
			c.remember(s.ID, target{node: node, id: s.ID})
			out = append(out, s)
		}
	}
	return out, nil
}

// VolumeList lists the volumes of every node: a task's named volume is
// made on the node it runs on, so one name may be on several nodes; it is
// listed once.
func (c *Client) VolumeList(ctx context.Context, options volume.ListOptions) (volume.ListResponse, error) {
	var out volume.ListResponse
	seen := map[string]bool{}
	for _, node := range c.nodeIDs() {
		list, err := c.nodes[node].VolumeList(ctx, options)
		if err != nil {
			return volume.ListResponse{}, fmt.Errorf("list volumes on node %s: %w", node, err)
		}
		for _, v := range list.Volumes {
			if !seen[v.Name] {
				seen[v.Name] = true
				out.Volumes = append(out.Volumes, v)
			}
		}
		out.Warnings = append(out.Warnings, list.Warnings...)
	}
	return out, nil
}

// VolumeRemove removes the volume from every node that has it; it is not
// found only when no node has it.
func (c *Client) VolumeRemove(ctx context.Context, name string, force bool) error {
	var notFound error
	removed := false
	for _, node := range c.nodeIDs() {
		err := c.nodes[node].VolumeRemove(ctx, name, force)
		switch {
		case err == nil:
			removed = true
		case errdefs.IsNotFound(err):
			notFound = err
		default:
			return fmt.Errorf("remove volume %s on node %s: %w", name, node, err)
		}
	}
	if !removed && notFound != nil {
		return notFound
	}
	return nil
}

// Events merges the event streams of every node, as one engine's: the
// message channel stays open, and the error channel carries why the merge
// ended, once: the first node's stream to end (its error, or ctx's when
// the caller cancels) ends every node's, and the caller subscribes again
// as it would to one engine.
func (c *Client) Events(ctx context.Context, options events.ListOptions) (<-chan events.Message, <-chan error) {
	msgs := make(chan events.Message)
	errs := make(chan error, 1)
	ctx, cancel := context.WithCancel(ctx)
	end := func(err error) {
		select {
		case errs <- err:
		default:
		}
		cancel()
	}
	for _, node := range c.nodeIDs() {
		in, inErr := c.nodes[node].Events(ctx, options)
		go func() {
			for {
				select {
				case m := <-in:
					if m.Type == events.ContainerEventType && m.Actor.ID != "" {
						c.remember(m.Actor.ID, target{node: node, id: m.Actor.ID})
					}
					select {
					case msgs <- m:
					case <-ctx.Done():
						end(ctx.Err())
						return
					}
				case err := <-inErr:
					if err != nil && ctx.Err() == nil {
						err = fmt.Errorf("events of node %s: %w", node, err)
					}
					end(err)
					return
				case <-ctx.Done():
					end(ctx.Err())
					return
				}
			}
		}()
	}
	if len(c.nodes) == 0 {
		end(errNoNodes)
	}
	return msgs, errs
}
