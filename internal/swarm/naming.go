// Package swarm builds a Docker Swarm of several engines on this machine
// and loads saltlab's images into them, without a registry (docs/swarm.md).
//
// Each node is a container of the image images.SwarmNodeRef (Debian's own
// docker.io package) running its own dockerd, whose data root is a
// labelled volume and whose API is a unix socket bind-mounted into a
// root-only folder under saltlab's state folder: no TCP API. Node 1
// initialises the swarm and the others join it as workers. Every object
// on the host engine carries the labels of a saltlab run whose id is
// "swarm-<name>" (RunID), so `saltlab down --run`, `down --all` and the
// sweep of dead runs find them like a lab's; `swarm up` marks the run
// detached once the swarm is healthy, so a swarm outlives the command that
// made it, and one whose `swarm up` died half-way is a dead run's
// leftovers.
//
// The node containers are privileged: they stand for hosts, each running
// an engine (which mounts, programs iptables and makes namespaces), and
// run no lab service. No lab container is ever privileged.
//
// The API other packages use is Open (a built swarm's clients), Up, Down,
// Status and Load.
package swarm

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

const (
	// DefaultName is the swarm `saltlab swarm` acts on without --name.
	DefaultName = "lab"
	// DefaultNodes is how many nodes `swarm up` makes without --nodes:
	// the fewest on which a worker can be lost while two nodes still run
	// the lab.
	DefaultNodes = 3
	// MaxNodes bounds --nodes. Each node is an engine (a dockerd and a
	// containerd, docs/benchmarks.md); past seven, a 2-core machine spends
	// its cores on engines, and seven is also Raft's advised most managers
	// should nodes ever join as managers.
	MaxNodes = 7

	// Label keys of a swarm's objects on the host engine, besides a run's.
	// NameLabel holds the swarm's name, NodeLabel a node's (node1, ...).
	NameLabel = "io.saltlab.swarm"
	NodeLabel = "io.saltlab.swarm-node"

	// socketInNode is where a node's dockerd puts its API socket, inside
	// the node; the host folder of the node is bind-mounted there.
	socketInNode = "/run/saltlab-swarm"
	socketName   = "docker.sock"
	// maxSocketPath is the longest unix socket path Linux takes
	// (sun_path is 108 bytes with its terminating NUL).
	maxSocketPath = 107
)

// namePattern is what a swarm's name may be: it becomes part of container,
// network and volume names (Docker takes [a-zA-Z0-9][a-zA-Z0-9_.-]) and of
// a run id (lowercase), so lowercase letters, digits and dashes, short
// enough for the longest name made from it.
var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,29}$`)

// NodeImage is the image every node runs (built from Debian's docker.io).
const NodeImage = images.SwarmNodeRef

// StateDir is saltlab's state folder (runstate.PrivateRoot: its swarms'
// socket folders are there), refused as bad input when saltlab may not
// use it.
func StateDir() (string, error) { return runstate.PrivateRoot(os.Getenv) }

// ValidateName checks a swarm's name before any Docker work.
func ValidateName(name string) error {
	if !namePattern.MatchString(name) {
		return usage.Errorf("invalid swarm name %q: want 1 to 30 lowercase letters, digits and dashes, starting with a letter or digit (e.g. --name %s)", name, DefaultName)
	}
	return nil
}

// ValidateNodes checks --nodes before any Docker work.
func ValidateNodes(n int) error {
	return valid.Int("--nodes", n, 1, MaxNodes, fmt.Sprintf("want 1 to %d nodes (%d is the default)", MaxNodes, DefaultNodes))
}

// RunID is the run id the swarm's objects carry (labels.Run).
func RunID(name string) string { return "swarm-" + name }

// project is the swarm's labels.Project value and the prefix of its
// objects' names on the host engine.
func project(name string) string { return "saltlab-swarm-" + name }

// NodeName is the name of node i (from 1) of a swarm: node1, node2, ...
// It is the node's hostname, its NodeLabel and its io.saltlab.node label
// in the swarm.
func NodeName(i int) string { return "node" + strconv.Itoa(i) }

// containerName is a node's container on the host engine.
func containerName(name, node string) string { return project(name) + "-" + node }

// networkName is the bridge network the nodes share on the host engine.
func networkName(name string) string { return project(name) }

// volumeName is a node's dockerd data root on the host engine.
func volumeName(name, node string) string { return project(name) + "-" + node + "-docker" }

// SocketDir is the swarm's folder under saltlab's state folder (stateDir):
// a run's private folder, mode 0700, holding a folder per node with that
// node's API socket.
func SocketDir(stateDir, name string) string { return filepath.Join(stateDir, RunID(name)) }

// nodeSocketDir is the host folder bind-mounted into node at socketInNode.
func nodeSocketDir(stateDir, name, node string) string {
	return filepath.Join(SocketDir(stateDir, name), node)
}

// socketPath is the host path of node's API socket.
func socketPath(stateDir, name, node string) string {
	return filepath.Join(nodeSocketDir(stateDir, name, node), socketName)
}

// checkSocketPath refuses a state folder so deep that a node's socket
// path would not fit a unix socket address, before any Docker work.
func checkSocketPath(stateDir, name string) error {
	p := socketPath(stateDir, name, NodeName(MaxNodes))
	if len(p) > maxSocketPath {
		return usage.Errorf("swarm %s: its nodes' API sockets would be at %s, %d bytes, longer than the %d a unix socket path may be: set SALTLAB_STATE_DIR to a shorter folder", name, p, len(p), maxSocketPath)
	}
	return nil
}

// nodeLabels are the labels of every object of swarm name on the host
// engine: a run's (ForRun, with the owner of an up in progress), its name,
// and node's when the object belongs to one node.
func nodeLabels(name, node string) map[string]string {
	l := labels.ForRun(RunID(name), project(name))
	l[labels.Owner] = labels.UpOwnerPrefix + labels.OwnerID()
	l[NameLabel] = name
	if node != "" {
		l[NodeLabel] = node
		l[labels.Service] = node
	}
	return l
}

// checkMade refuses, before any Docker work, to act on swarm name when
// its socket folder is not under stateDir: no `swarm up` made it here.
func checkMade(stateDir, name string) error {
	if _, err := os.Stat(SocketDir(stateDir, name)); err != nil {
		return usage.Errorf("no swarm named %s was made here (%s is missing): make it with `saltlab swarm up --name %s`", name, SocketDir(stateDir, name), name)
	}
	return nil
}
