package swarm

import (
	"context"
	"fmt"
	"sort"
	"strings"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/images"
)

// imageID is the id of the image ref names on an engine, "" when it names
// none there.
func imageID(ctx context.Context, c *client.Client, ref string) (string, error) {
	info, err := c.ImageInspect(ctx, ref)
	if cerrdefs.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return info.ID, nil
}

// hostImages maps each tag to load to its image id on the host engine:
// refs, each of which must be there, or DefaultImages when refs is empty.
func hostImages(ctx context.Context, host *client.Client, refs []string) (map[string]string, error) {
	if len(refs) == 0 {
		return DefaultImages(ctx, host)
	}
	want := map[string]string{}
	for _, ref := range refs {
		id, err := imageID(ctx, host, ref)
		if err != nil {
			return nil, fmt.Errorf("inspect %s on the host: %w", ref, err)
		}
		if id == "" {
			return nil, fmt.Errorf("swarm load: image %s is not on this engine: build it (`saltlab images`) or name one `docker images` lists", ref)
		}
		want[ref] = id
	}
	return want, nil
}

// DefaultImages are the images a lab runs that saltlab built, with every
// tag of theirs in their repository: the Salt double's (the one
// saltlab/salt-sim:latest names), every real Salt image present, the
// newest chaos helper and the base (the balancer and the init helpers
// run it). What is missing is left out; none at all is an error.
func DefaultImages(ctx context.Context, host *client.Client) (map[string]string, error) {
	list, err := host.ImageList(ctx, image.ListOptions{})
	if err != nil {
		return nil, fmt.Errorf("list the host's images: %w", err)
	}
	return pickDefaults(list)
}

// pickDefaults is DefaultImages over an engine's image list.
func pickDefaults(list []image.Summary) (map[string]string, error) {
	want := map[string]string{}
	take := func(im image.Summary, repo string) {
		for _, t := range im.RepoTags {
			if strings.HasPrefix(t, repo+":") {
				want[t] = im.ID
			}
		}
	}
	newest := map[string]image.Summary{}
	for _, im := range list {
		for _, t := range im.RepoTags {
			switch {
			case t == images.SimRef:
				take(im, strings.Split(images.SimRef, ":")[0])
			case t == images.BaseRef:
				take(im, strings.Split(images.BaseRef, ":")[0])
			case strings.HasPrefix(t, images.RealRepo+":"):
				take(im, images.RealRepo)
			case strings.HasPrefix(t, images.HelperRepo+":"):
				if im.Created > newest[images.HelperRepo].Created {
					newest[images.HelperRepo] = im
				}
			}
		}
	}
	for repo, im := range newest {
		take(im, repo)
	}
	if len(want) == 0 {
		return nil, fmt.Errorf("swarm load: none of saltlab's lab images is on this engine (%s, %s, %s:*, %s:*): build them with `saltlab images`", images.SimRef, images.BaseRef, images.RealRepo, images.HelperRepo)
	}
	return want, nil
}

// sortedRefs are m's keys in order.
func sortedRefs[V any](m map[string]V) []string {
	refs := make([]string, 0, len(m))
	for r := range m {
		refs = append(refs, r)
	}
	sort.Strings(refs)
	return refs
}
