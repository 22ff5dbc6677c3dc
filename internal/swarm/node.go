package swarm

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
	"github.com/docker/docker/pkg/stdcopy"

	"github.com/saltlab/saltlab/internal/images"
)

// offlineImageVar, set in a node's dockerd environment, makes a swarm
// task use the image the node holds instead of asking a registry first
// (there is none here; without it the worker logs a failed pull before
// using the local image).
const offlineImageVar = "DOCKER_SERVICE_PREFER_OFFLINE_IMAGE=1"

// nodeScript starts a node's dockerd. The node's engine makes mounts and
// cgroups, so the script first makes writable what the container was
// given read-only: /sys, and on a cgroup v1 host each cgroup hierarchy
// (bind mounts of the node's own cgroup, so the engine's cgroups nest
// below the node's). On a cgroup v2 host it moves its own processes out of
// the root cgroup of its namespace and enables the controllers for the
// cgroups the engine makes (moby's hack/dind does the same). It takes
// dockerd's arguments as its own, so no value enters the script.
const nodeScript = `set -eu
mount -o remount,rw /sys
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  mkdir -p /sys/fs/cgroup/init
  xargs -rn1 < /sys/fs/cgroup/cgroup.procs > /sys/fs/cgroup/init/cgroup.procs || :
  sed -e 's/ / +/g' -e 's/^/+/' < /sys/fs/cgroup/cgroup.controllers > /sys/fs/cgroup/cgroup.subtree_control
else
  for m in $(awk '$9 ~ /^cgroup/ {print $5}' /proc/self/mountinfo); do
    mount -o remount,bind,rw "$m"
  done
fi
exec dockerd "$@"
`

// dockerdArgs are a node's dockerd flags: its API on the unix socket the
// host reaches through the bind mount, and nothing on TCP; the socket
// root's only.
func dockerdArgs() []string {
	return []string{
		"--host=unix://" + socketInNode + "/" + socketName,
		"--data-root=/var/lib/docker",
		// root's group, not docker's: the node's docker group has an id
		// that names another group on the host (measured: _ssh).
		"--group=root",
	}
}

// nodeSpec is the container of one node.
func nodeSpec(name, node, stateDir string) (*container.Config, *container.HostConfig, *network.NetworkingConfig) {
	withInit := true
	cfg := &container.Config{
		Image:    images.SwarmNodeRef,
		Hostname: node,
		// DOCKER_HOST: a `docker` run in the node (`docker exec NODE
		// docker ps`, as the fleet benchmark reads a swarm lab) reaches
		// the node's own engine, at the socket dockerdArgs gives it.
		Env:        []string{offlineImageVar, "DOCKER_HOST=unix://" + socketInNode + "/" + socketName},
		Entrypoint: []string{"sh", "-c", nodeScript, "saltlab-swarm-node"},
		Cmd:        dockerdArgs(),
		Labels:     nodeLabels(name, node),
		// The node's engine answering is the node's health; having one
		// also makes `saltlab heal --run swarm-NAME` start a stopped node
		// again, as it starts a lab's stopped daemons.
		Healthcheck: &container.HealthConfig{
			Test:     []string{"CMD", "docker", "-H", "unix://" + socketInNode + "/" + socketName, "version", "--format", "{{.Server.Version}}"},
			Interval: healthInterval,
			Timeout:  healthTimeout,
			Retries:  3,
		},
	}
	host := &container.HostConfig{
		// Privileged in effect, for the node containers only: each stands
		// for a host and runs an engine, which mounts file systems, makes
		// namespaces, cgroups and devices and programs iptables. They run
		// no lab service; no lab container is privileged (docs/swarm.md).
		// Not Privileged itself: that asks for every capability the kernel
		// knows, and an engine whose own bounding set lacks one (this
		// machine's has no CAP_SYS_RESOURCE) cannot start such a
		// container. So every capability but that one, which a node's
		// engine runs without (it may not lower its OOM score), no seccomp
		// or AppArmor profile, /proc unmasked, every device.
		CapAdd:        []string{"ALL"},
		CapDrop:       []string{"SYS_RESOURCE"},
		SecurityOpt:   []string{"seccomp=unconfined", "apparmor=unconfined"},
		MaskedPaths:   []string{}, // empty, not nil: none masked, none read-only
		ReadonlyPaths: []string{},
		Resources:     container.Resources{DeviceCgroupRules: []string{"a *:* rwm"}},
		Init:          &withInit, // reaps what dockerd's children leave
		Mounts: []mount.Mount{
			{Type: mount.TypeVolume, Source: volumeName(name, node), Target: "/var/lib/docker"},
			{Type: mount.TypeBind, Source: nodeSocketDir(stateDir, name, node), Target: socketInNode},
		},
		NetworkMode: container.NetworkMode(networkName(name)),
	}
	nets := &network.NetworkingConfig{EndpointsConfig: map[string]*network.EndpointSettings{
		networkName(name): {Aliases: []string{node}},
	}}
	return cfg, host, nets
}

// createNode makes node's volume and container and starts it.
func createNode(ctx context.Context, host *client.Client, name, node, stateDir string) error {
	if _, err := host.VolumeCreate(ctx, volume.CreateOptions{Name: volumeName(name, node), Labels: nodeLabels(name, node)}); err != nil {
		return fmt.Errorf("create volume of %s: %w", node, err)
	}
	cfg, hc, nc := nodeSpec(name, node, stateDir)
	c, err := host.ContainerCreate(ctx, cfg, hc, nc, nil, containerName(name, node))
	if err != nil {
		return fmt.Errorf("create %s: %w", node, err)
	}
	if err := host.ContainerStart(ctx, c.ID, container.StartOptions{}); err != nil {
		return fmt.Errorf("start %s: %w", node, err)
	}
	return nil
}

// createNetwork makes the bridge network the nodes share. It is internal:
// the nodes need no way out (no registry is asked), and the swarm's
// ports (2377, 7946, 4789) are then reachable from the nodes only.
func createNetwork(ctx context.Context, host *client.Client, name string) error {
	_, err := host.NetworkCreate(ctx, networkName(name), network.CreateOptions{
		Driver:   "bridge",
		Internal: true,
		Labels:   nodeLabels(name, ""),
	})
	if err != nil {
		return fmt.Errorf("create network %s: %w", networkName(name), err)
	}
	return nil
}

// nodeAddr is node's address on the swarm's network.
func nodeAddr(ctx context.Context, host *client.Client, name, node string) (string, error) {
	info, err := host.ContainerInspect(ctx, containerName(name, node))
	if err != nil {
		return "", fmt.Errorf("inspect %s: %w", node, err)
	}
	if info.NetworkSettings != nil {
		if ep := info.NetworkSettings.Networks[networkName(name)]; ep != nil && ep.IPAddress != "" {
			return ep.IPAddress, nil
		}
	}
	return "", fmt.Errorf("inspect %s: it has no address on network %s", node, networkName(name))
}

// The node's health check: a look at its engine every healthInterval,
// rare enough to cost an idle node nothing measurable.
const (
	healthInterval = 30 * time.Second
	healthTimeout  = 10 * time.Second
)

// logTailLines is how much of a node's log an error quotes.
const logTailLines = "15"

// logTail is the end of node's container log (its dockerd's), for an
// error saying why the node did not come up.
func logTail(ctx context.Context, host *client.Client, name, node string) string {
	rc, err := host.ContainerLogs(ctx, containerName(name, node), container.LogsOptions{ShowStdout: true, ShowStderr: true, Tail: logTailLines})
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	defer rc.Close()
	var out strings.Builder
	_, _ = stdcopy.StdCopy(&out, &out, io.LimitReader(rc, 64<<10))
	return strings.TrimSpace(out.String())
}
