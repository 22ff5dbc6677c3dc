package images

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

const (
	// SwarmNodeRef is the image of a Docker Swarm node (`saltlab swarm
	// up`): Debian with the docker.io package (dockerd, containerd, runc),
	// iproute2 and iptables. Built with debootstrap like the base, it
	// needs no registry.
	SwarmNodeRef      = "saltlab/swarm-node:" + Suite
	swarmNodePackages = "images/swarm-node/packages.txt"
)

// EnsureSwarmNode makes sure SwarmNodeRef exists with the current package
// list (images/swarm-node/packages.txt), building it with debootstrap from
// the host's Debian mirror when it is missing or its list changed. It is
// the base's route with another list: no Dockerfile path is tried, since
// the Debian engine is what the node stands for.
func (b *Builder) EnsureSwarmNode(ctx context.Context) (string, error) {
	list, err := b.readPackageFiles(swarmNodePackages)
	if err != nil {
		return "", err
	}
	have, exists, err := b.imageLabels(ctx, SwarmNodeRef)
	if err != nil {
		return "", err
	}
	if exists && have[labels.PackagesHash] == list.hash {
		b.logf("swarm node image up to date (%s, packages sha256 %.12s)", SwarmNodeRef, list.hash)
		return SwarmNodeRef, nil
	}
	if err := b.debootstrapImage(ctx, SwarmNodeRef, list); err != nil {
		return "", fmt.Errorf("build %s: %w", SwarmNodeRef, err)
	}
	return SwarmNodeRef, nil
}
