package swarm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/usage"
)

// swarmPort is the manager's port for joins and the control plane.
const swarmPort = "2377"

// UpOptions say which swarm Up makes and where.
type UpOptions struct {
	Name     string
	Nodes    int
	Root     string // the saltlab checkout (the node image's package list)
	StateDir string // saltlab's state folder (runstate.PrivateRoot)
	Log      io.Writer
}

// Check refuses bad options before any Docker work.
func (o UpOptions) Check() error {
	if err := ValidateName(o.Name); err != nil {
		return err
	}
	if err := ValidateNodes(o.Nodes); err != nil {
		return err
	}
	if err := images.CheckCache(o.Root); err != nil {
		return usage.Wrap(err)
	}
	return checkSocketPath(o.StateDir, o.Name)
}

// Up makes swarm o.Name of o.Nodes nodes on the local engine (building
// the node image when missing), or says it is already up when a healthy
// swarm of that name and size is. A swarm whose `swarm up` died half-way
// (its owner gone, never marked detached) is swept first. On failure or
// interruption everything Up made is removed again.
func Up(ctx context.Context, o UpOptions) error {
	if err := o.Check(); err != nil {
		return err
	}
	_, err := onHost(ctx, func(host *client.Client) (struct{}, error) { return struct{}{}, up(ctx, host, o) })
	return err
}

// up is Up through the host engine's client.
func up(ctx context.Context, host *client.Client, o UpOptions) (err error) {
	fresh, err := prepare(ctx, host, o)
	if err != nil || !fresh {
		return err
	}
	if _, err := images.NewBuilder(host, o.Root, o.Log).EnsureSwarmNode(ctx); err != nil {
		return fmt.Errorf("swarm up: %w", err)
	}
	start := time.Now()
	defer func() {
		if err != nil {
			// The cleanup must finish even when ctx was cancelled.
			_, derr := down(context.WithoutCancel(ctx), host, o.StateDir, o.Name)
			err = errors.Join(err, derr)
		}
	}()
	if err := create(ctx, host, o); err != nil {
		return err
	}
	if err := form(ctx, host, o); err != nil {
		return err
	}
	if err := lab.MarkDetached(ctx, host, RunID(o.Name), project(o.Name)); err != nil {
		return err
	}
	fmt.Fprintf(o.Log, "swarm %s is up: %d node(s), node1 the manager, in %s\n", o.Name, o.Nodes, time.Since(start).Round(100*time.Millisecond))
	return nil
}

// prepare looks at what the engine holds of swarm o.Name: nothing (fresh),
// a healthy swarm of o.Nodes (said so, not fresh), the leftovers of a dead
// `swarm up` (swept, fresh), or something that cannot be used as it is
// (an error naming the fix).
func prepare(ctx context.Context, host *client.Client, o UpOptions) (fresh bool, err error) {
	owners, err := lab.RunOwners(ctx, host)
	if err != nil {
		return false, err
	}
	owner, exists := owners[RunID(o.Name)]
	switch {
	case !exists:
		return true, nil
	case owner == labels.DetachedOwner:
		st, err := statusOf(ctx, host, o.Name)
		if err != nil {
			return false, fmt.Errorf("swarm %s is on this engine but does not answer (%w): remove it with `saltlab swarm down --name %s`, then run `saltlab swarm up` again", o.Name, err, o.Name)
		}
		if why := st.unhealthy(o.Nodes); why != "" {
			return false, fmt.Errorf("swarm %s is on this engine but %s: remove it with `saltlab swarm down --name %s`, then run `saltlab swarm up` again", o.Name, why, o.Name)
		}
		fmt.Fprintf(o.Log, "swarm %s is already up: %d node(s), all Ready\n", o.Name, len(st.Nodes))
		return false, nil
	case len(lab.StaleRuns(map[string]string{RunID(o.Name): owner})) == 0:
		return false, fmt.Errorf("swarm %s is being made by another saltlab (%s): wait for it, or remove it with `saltlab swarm down --name %s`", o.Name, owner, o.Name)
	}
	sw, err := down(ctx, host, o.StateDir, o.Name)
	if err != nil {
		return false, err
	}
	fmt.Fprintf(o.Log, "swept what a `swarm up` that died left of swarm %s: %s\n", o.Name, sw)
	return true, nil
}

// create makes the socket folders, the network and the nodes, and waits
// until every node's engine answers on its socket.
func create(ctx context.Context, host *client.Client, o UpOptions) error {
	for _, d := range []string{o.StateDir, SocketDir(o.StateDir, o.Name)} {
		if _, err := owned.Claim(d, 0o700); err != nil {
			return fmt.Errorf("create the swarm's socket folder: %w", err)
		}
	}
	if err := createNetwork(ctx, host, o.Name); err != nil {
		return err
	}
	for i := 1; i <= o.Nodes; i++ {
		node := NodeName(i)
		if _, err := owned.Claim(nodeSocketDir(o.StateDir, o.Name, node), 0o700); err != nil {
			return fmt.Errorf("create the socket folder of %s: %w", node, err)
		}
		if err := createNode(ctx, host, o.Name, node, o.StateDir); err != nil {
			return err
		}
	}
	for i := 1; i <= o.Nodes; i++ {
		node := NodeName(i)
		if err := pingNode(ctx, host, o, node); err != nil {
			return err
		}
	}
	return nil
}

// pingNode waits for node's engine, quoting its log when it never answers.
func pingNode(ctx context.Context, host *client.Client, o UpOptions, node string) error {
	c, err := nodeClient(socketPath(o.StateDir, o.Name, node))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := waitEngine(ctx, c, node); err != nil {
		return fmt.Errorf("%w; its log ends:\n%s", err, logTail(context.WithoutCancel(ctx), host, o.Name, node))
	}
	return nil
}

// form initialises the swarm on node1 (advertising its address on the
// nodes' network) and joins every other node as a worker. Workers, not
// managers: one manager keeps the control plane where saltlab's clients
// look (Cluster.Manager), and a node-loss scenario takes a worker away
// without Raft's quorum in play. Then it waits until the manager lists
// every node Ready and labels each with io.saltlab.node=<node>.
func form(ctx context.Context, host *client.Client, o UpOptions) error {
	nodes, err := dial(o.StateDir, o.Name, o.Nodes)
	if err != nil {
		return err
	}
	defer closeAll(nodes)
	addr, err := nodeAddr(ctx, host, o.Name, NodeName(1))
	if err != nil {
		return err
	}
	mgr := nodes[0].Client
	if _, err := mgr.SwarmInit(ctx, swarm.InitRequest{ListenAddr: "0.0.0.0:" + swarmPort, AdvertiseAddr: addr}); err != nil {
		return fmt.Errorf("swarm init on node1: %w", err)
	}
	sw, err := mgr.SwarmInspect(ctx)
	if err != nil {
		return fmt.Errorf("inspect the swarm on node1: %w", err)
	}
	for _, n := range nodes[1:] {
		own, err := nodeAddr(ctx, host, o.Name, n.Name)
		if err != nil {
			return err
		}
		req := swarm.JoinRequest{ListenAddr: "0.0.0.0:" + swarmPort, AdvertiseAddr: own, RemoteAddrs: []string{addr + ":" + swarmPort}, JoinToken: sw.JoinTokens.Worker}
		if err := n.Client.SwarmJoin(ctx, req); err != nil {
			return fmt.Errorf("swarm join of %s: %w", n.Name, err)
		}
	}
	if err := identify(ctx, nodes); err != nil {
		return err
	}
	if err := waitReady(ctx, mgr, len(nodes)); err != nil {
		return err
	}
	return labelNodes(ctx, mgr, nodes)
}

// waitReady polls the manager's node list until n nodes are Ready.
func waitReady(ctx context.Context, mgr *client.Client, n int) error {
	var seen string
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(readyTimeout), Interval: engineInterval}, func(ctx context.Context, _ time.Duration) bool {
		list, err := mgr.NodeList(ctx, swarm.NodeListOptions{})
		if err != nil {
			seen = err.Error()
			return false
		}
		ready := 0
		for _, nd := range list {
			if nd.Status.State == swarm.NodeStateReady {
				ready++
			}
		}
		seen = fmt.Sprintf("%d of %d listed, %d Ready", len(list), n, ready)
		return ready == n && len(list) == n
	})
	if err != nil {
		return fmt.Errorf("wait for the nodes to be Ready: %w", err)
	}
	if !ok {
		return fmt.Errorf("wait for the nodes to be Ready: not within %s (%s)", readyTimeout, seen)
	}
	return nil
}

// labelNodes sets io.saltlab.node=<node> on each node in the swarm, the
// label placement constraints name.
func labelNodes(ctx context.Context, mgr *client.Client, nodes []Node) error {
	for _, n := range nodes {
		nd, _, err := mgr.NodeInspectWithRaw(ctx, n.ID)
		if err != nil {
			return fmt.Errorf("inspect swarm node %s: %w", n.Name, err)
		}
		spec := nd.Spec
		if spec.Labels == nil {
			spec.Labels = map[string]string{}
		}
		spec.Labels[SwarmNodeLabel] = n.Name
		if err := mgr.NodeUpdate(ctx, n.ID, nd.Version, spec); err != nil {
			return fmt.Errorf("label swarm node %s: %w", n.Name, err)
		}
	}
	return nil
}

// BuildNodeImage makes sure the node image is built and current (`saltlab
// images --swarm`); Up does the same when it is missing.
func BuildNodeImage(ctx context.Context, root string, log io.Writer) (string, error) {
	return onHost(ctx, func(host *client.Client) (string, error) {
		return images.NewBuilder(host, root, log).EnsureSwarmNode(ctx)
	})
}
