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
	return SwarmNodeRef, b.ensureListed(ctx, "swarm node image", SwarmNodeRef, swarmNodePackages)
}

// ensureListed makes sure ref exists with the packages of the lists in
// files, debootstrapping it from the host's Debian mirror when it is
// missing or its packages hash is not theirs; what names it in the log.
func (b *Builder) ensureListed(ctx context.Context, what, ref string, files ...string) error {
	list, err := b.readPackageFiles(files...)
	if err != nil {
		return err
	}
	have, exists, err := b.imageLabels(ctx, ref)
	if err != nil {
		return err
	}
	if exists && have[labels.PackagesHash] == list.hash {
		b.logf("%s up to date (%s, packages sha256 %.12s)", what, ref, list.hash)
		return nil
	}
	if err := b.debootstrapImage(ctx, ref, list); err != nil {
		return fmt.Errorf("build %s: %w", ref, err)
	}
	return nil
}
