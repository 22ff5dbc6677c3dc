package route

import (
	"context"
	"fmt"
	"io"
	"strings"

	dockertypes "github.com/docker/docker/api/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// The container-scoped calls, each sent to the node of its container.

func (c *Client) ContainerInspect(ctx context.Context, ref string) (out container.InspectResponse, err error) {
	err = c.on(ctx, ref, func(e Engine, id string) (err error) {
		out, err = e.ContainerInspect(ctx, id)
		return err
	})
	return out, err
}

func (c *Client) ContainerStart(ctx context.Context, ref string, options container.StartOptions) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerStart(ctx, id, options) })
}

func (c *Client) ContainerStop(ctx context.Context, ref string, options container.StopOptions) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerStop(ctx, id, options) })
}

func (c *Client) ContainerRestart(ctx context.Context, ref string, options container.StopOptions) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerRestart(ctx, id, options) })
}

func (c *Client) ContainerKill(ctx context.Context, ref, signal string) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerKill(ctx, id, signal) })
}

func (c *Client) ContainerPause(ctx context.Context, ref string) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerPause(ctx, id) })
}

func (c *Client) ContainerUnpause(ctx context.Context, ref string) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerUnpause(ctx, id) })
}

func (c *Client) ContainerRemove(ctx context.Context, ref string, options container.RemoveOptions) error {
	err := c.on(ctx, ref, func(e Engine, id string) error { return e.ContainerRemove(ctx, id, options) })
	if err == nil {
		c.forget(ref)
	}
	return err
}

func (c *Client) ContainerUpdate(ctx context.Context, ref string, cfg container.UpdateConfig) (out container.UpdateResponse, err error) {
	err = c.on(ctx, ref, func(e Engine, id string) (err error) {
		out, err = e.ContainerUpdate(ctx, id, cfg)
		return err
	})
	return out, err
}

func (c *Client) ContainerLogs(ctx context.Context, ref string, options container.LogsOptions) (out io.ReadCloser, err error) {
	err = c.on(ctx, ref, func(e Engine, id string) (err error) {
		out, err = e.ContainerLogs(ctx, id, options)
		return err
	})
	return out, err
}

func (c *Client) CopyFromContainer(ctx context.Context, ref, src string) (out io.ReadCloser, st container.PathStat, err error) {
	err = c.on(ctx, ref, func(e Engine, id string) (err error) {
		out, st, err = e.CopyFromContainer(ctx, id, src)
		return err
	})
	return out, st, err
}

func (c *Client) CopyToContainer(ctx context.Context, ref, dst string, content io.Reader, options container.CopyToContainerOptions) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.CopyToContainer(ctx, id, dst, content, options) })
}

func (c *Client) ContainerWait(ctx context.Context, ref string, cond container.WaitCondition) (<-chan container.WaitResponse, <-chan error) {
	var waits <-chan container.WaitResponse
	var errs <-chan error
	err := c.on(ctx, ref, func(e Engine, id string) error {
		waits, errs = e.ContainerWait(ctx, id, cond)
		return nil
	})
	if err != nil {
		failed := make(chan error, 1)
		failed <- err
		return make(chan container.WaitResponse), failed
	}
	return waits, errs
}

func (c *Client) NetworkConnect(ctx context.Context, networkID, ref string, cfg *network.EndpointSettings) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.NetworkConnect(ctx, networkID, id, cfg) })
}

func (c *Client) NetworkDisconnect(ctx context.Context, networkID, ref string, force bool) error {
	return c.on(ctx, ref, func(e Engine, id string) error { return e.NetworkDisconnect(ctx, networkID, id, force) })
}

// ContainerExecCreate creates the exec on the container's node and
// remembers where, for the exec's later calls.
func (c *Client) ContainerExecCreate(ctx context.Context, ref string, options container.ExecOptions) (out container.ExecCreateResponse, err error) {
	var node string
	err = c.on(ctx, ref, func(e Engine, id string) (err error) {
		out, err = e.ContainerExecCreate(ctx, id, options)
		node = c.nodeOfEngine(e)
		return err
	})
	if err == nil {
		c.mu.Lock()
		c.execs[out.ID] = node
		c.mu.Unlock()
	}
	return out, err
}

func (c *Client) ContainerExecAttach(ctx context.Context, execID string, options container.ExecAttachOptions) (dockertypes.HijackedResponse, error) {
	return c.execNode(execID).ContainerExecAttach(ctx, execID, options)
}

func (c *Client) ContainerExecStart(ctx context.Context, execID string, options container.ExecStartOptions) error {
	return c.execNode(execID).ContainerExecStart(ctx, execID, options)
}

func (c *Client) ContainerExecInspect(ctx context.Context, execID string) (container.ExecInspect, error) {
	return c.execNode(execID).ContainerExecInspect(ctx, execID)
}

// ContainerCreate creates a helper that joins a container's namespaces
// (network_mode container:<ref>, as network faults do) on that
// container's node, naming it by id there; any other container on the
// manager.
func (c *Client) ContainerCreate(ctx context.Context, cfg *container.Config, host *container.HostConfig, net *network.NetworkingConfig, platform *ocispec.Platform, name string) (container.CreateResponse, error) {
	node, e := c.managerNode(), Engine(c.Manager)
	if host != nil {
		if ref, ok := strings.CutPrefix(string(host.NetworkMode), "container:"); ok {
			t, err := c.resolve(ctx, ref)
			if err != nil {
				return container.CreateResponse{}, err
			}
			h := *host
			h.NetworkMode = container.NetworkMode("container:" + t.id)
			var ok bool
			if e, ok = c.nodes[t.node]; !ok {
				return container.CreateResponse{}, fmt.Errorf("create a helper on node %s, which saltlab has no engine client for", t.node)
			}
			host, node = &h, t.node
		}
	}
	out, err := e.ContainerCreate(ctx, cfg, host, net, platform, name)
	if err == nil && node != "" {
		t := target{node: node, id: out.ID}
		c.remember(out.ID, t)
		if name != "" {
			c.remember(name, t)
		}
	}
	return out, err
}

// nodeOfEngine returns the id of the node whose engine e is.
func (c *Client) nodeOfEngine(e Engine) string {
	for id, n := range c.nodes {
		if n == e {
			return id
		}
	}
	return ""
}

// managerNode returns the manager's node id, when it is among the nodes.
func (c *Client) managerNode() string { return c.nodeOfEngine(c.Manager) }
