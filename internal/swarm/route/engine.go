// Package route sends each container-scoped Docker Engine call of the
// lab, chaos and client code to the swarm node that runs the container, so
// code written against one engine drives a lab whose tasks are spread over
// several. Calls that are not container-scoped (networks, images, configs)
// go to the manager; listings (containers, volumes) and events are the
// union over the nodes.
package route

import (
	"context"
	"io"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/events"
	"github.com/docker/docker/api/types/swarm"

	"github.com/saltlab/saltlab/internal/lab"
)

// Engine is what the router calls on one node's engine: the lab's client
// interface and the container calls chaos and the run make beyond it.
// *client.Client satisfies it.
type Engine interface {
	lab.Docker
	ContainerPause(ctx context.Context, containerID string) error
	ContainerRestart(ctx context.Context, containerID string, options container.StopOptions) error
	ContainerUpdate(ctx context.Context, containerID string, updateConfig container.UpdateConfig) (container.UpdateResponse, error)
	ContainerWait(ctx context.Context, containerID string, condition container.WaitCondition) (<-chan container.WaitResponse, <-chan error)
	ContainerExecStart(ctx context.Context, execID string, config container.ExecStartOptions) error
	CopyToContainer(ctx context.Context, containerID, dstPath string, content io.Reader, options container.CopyToContainerOptions) error
	NetworkDisconnect(ctx context.Context, networkID, containerID string, force bool) error
	Events(ctx context.Context, options events.ListOptions) (<-chan events.Message, <-chan error)
}

// Manager is the engine of a swarm manager: an Engine that also lists the
// swarm's services and tasks. *client.Client satisfies it.
type Manager interface {
	Engine
	ServiceList(ctx context.Context, options swarm.ServiceListOptions) ([]swarm.Service, error)
	TaskList(ctx context.Context, options swarm.TaskListOptions) ([]swarm.Task, error)
}

// The lab drives its containers through the router as through one engine.
var _ lab.Docker = (*Client)(nil)
