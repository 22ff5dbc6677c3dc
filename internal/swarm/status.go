package swarm

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"
)

// NodeStatus is one node as the manager and its own engine see it.
type NodeStatus struct {
	Name         string
	ID           string
	Role         string // manager or worker
	State        string // ready, down, ...
	Availability string // active, pause, drain
	Engine       string // the node's dockerd version
	Addr         string // its address in the swarm
	Images       []ImageRef
}

// ImageRef is an image a node holds: a tag and its image id.
type ImageRef struct {
	Ref string
	ID  string
}

// Status is a swarm's nodes, node1 first.
type Status struct {
	Name  string
	Nodes []NodeStatus
}

// GetStatus reads swarm name's nodes from its manager and each node's
// images from the node's own engine.
func GetStatus(ctx context.Context, name string) (Status, error) {
	if err := ValidateName(name); err != nil {
		return Status{}, err
	}
	return onHost(ctx, func(host *client.Client) (Status, error) { return statusOf(ctx, host, name) })
}

// statusOf is GetStatus through the host engine's client.
func statusOf(ctx context.Context, host *client.Client, name string) (Status, error) {
	c, err := openOn(ctx, host, name)
	if err != nil {
		return Status{}, err
	}
	defer c.Close()
	list, err := c.Manager.NodeList(ctx, swarm.NodeListOptions{})
	if err != nil {
		return Status{}, fmt.Errorf("list the nodes of swarm %s: %w", name, err)
	}
	byID := map[string]swarm.Node{}
	for _, nd := range list {
		byID[nd.ID] = nd
	}
	st := Status{Name: name}
	for _, n := range c.Nodes {
		ns := NodeStatus{Name: n.Name, ID: n.ID, State: "not in the manager's list"}
		if nd, ok := byID[n.ID]; ok {
			ns.Role, ns.State, ns.Availability = string(nd.Spec.Role), string(nd.Status.State), string(nd.Spec.Availability)
			ns.Engine, ns.Addr = nd.Description.Engine.EngineVersion, nd.Status.Addr
		}
		if ns.Images, err = nodeImages(ctx, n.Client); err != nil {
			return Status{}, fmt.Errorf("list the images of %s: %w", n.Name, err)
		}
		st.Nodes = append(st.Nodes, ns)
	}
	return st, nil
}

// nodeImages lists the tagged images an engine holds, sorted by tag.
func nodeImages(ctx context.Context, c *client.Client) ([]ImageRef, error) {
	list, err := c.ImageList(ctx, image.ListOptions{})
	if err != nil {
		return nil, err
	}
	var out []ImageRef
	for _, im := range list {
		for _, t := range im.RepoTags {
			if t != "<none>:<none>" {
				out = append(out, ImageRef{Ref: t, ID: im.ID})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ref < out[j].Ref })
	return out, nil
}

// unhealthy says what keeps st from being a usable swarm of n nodes, or
// "" when every one of them is Ready and active.
func (st Status) unhealthy(n int) string {
	if len(st.Nodes) != n {
		return fmt.Sprintf("has %d node(s), not the %d asked for", len(st.Nodes), n)
	}
	var bad []string
	for _, ns := range st.Nodes {
		if ns.State != string(swarm.NodeStateReady) || ns.Availability != string(swarm.NodeAvailabilityActive) {
			bad = append(bad, fmt.Sprintf("%s is %s/%s", ns.Name, ns.State, ns.Availability))
		}
	}
	return strings.Join(bad, ", ")
}

// Write prints st as two tables: the nodes, then each node's images.
func (st Status) Write(w io.Writer) error {
	fmt.Fprintf(w, "swarm %s: %d node(s)\n", st.Name, len(st.Nodes))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NODE\tROLE\tSTATE\tAVAILABILITY\tENGINE\tADDRESS\tSWARM NODE ID")
	for _, n := range st.Nodes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", n.Name, n.Role, n.State, n.Availability, n.Engine, n.Addr, n.ID)
	}
	fmt.Fprintln(tw, "\nNODE\tIMAGE\tID")
	for _, n := range st.Nodes {
		if len(n.Images) == 0 {
			fmt.Fprintf(tw, "%s\t(none: `saltlab swarm load`)\t\n", n.Name)
		}
		for _, im := range n.Images {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", n.Name, im.Ref, shortID(im.ID))
		}
	}
	return tw.Flush()
}

// shortID is an image id as `docker images` shows it: 12 hex digits.
func shortID(id string) string {
	id = strings.TrimPrefix(id, "sha256:")
	if len(id) > 12 {
		return id[:12]
	}
	return id
}
