// Package chaos injects and heals the lab's faults: container lifecycle,
// single daemons inside a container, the network (isolation, partitions,
// ports, latency, loss, bandwidth, DNS), disk space and master keys.
//
// Every fault is written to the run's ledger (internal/chaos/fault) with all that
// its undo needs BEFORE it acts, and every undo is idempotent: a healed fault
// or a vanished target is nil. Network faults act from a helper container
// that shares the target's network namespace (NetworkMode container:<id>,
// CapAdd NET_ADMIN), so lab containers carry no extra capability, and their
// iptables rules live in chains named after the run so heal removes only
// what saltlab added.
package chaos

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
)

// Docker is the part of the Docker Engine client the chaos engine uses;
// *client.Client satisfies it.
type Docker interface {
	lab.Execer
	ContainerExecStart(ctx context.Context, execID string, config container.ExecStartOptions) error
	ContainerList(ctx context.Context, options container.ListOptions) ([]container.Summary, error)
	ContainerInspect(ctx context.Context, containerID string) (container.InspectResponse, error)
	ContainerCreate(ctx context.Context, config *container.Config, hostConfig *container.HostConfig, networkingConfig *network.NetworkingConfig, platform *ocispec.Platform, containerName string) (container.CreateResponse, error)
	ContainerStart(ctx context.Context, containerID string, options container.StartOptions) error
	ContainerStop(ctx context.Context, containerID string, options container.StopOptions) error
	ContainerRestart(ctx context.Context, containerID string, options container.StopOptions) error
	ContainerKill(ctx context.Context, containerID, signal string) error
	ContainerPause(ctx context.Context, containerID string) error
	ContainerUnpause(ctx context.Context, containerID string) error
	ContainerRemove(ctx context.Context, containerID string, options container.RemoveOptions) error
}

// Engine injects faults into one run's lab and heals them.
type Engine struct {
	docker  Docker
	runID   string
	project string
	ledger  *fault.Ledger
	// HelperImage returns the chaos helper image (images.BuildHelper),
	// called when a network fault first needs it; the others do not.
	HelperImage func(ctx context.Context) (string, error)
	// Log receives one line per action; nil discards.
	Log io.Writer

	// Features, when set, is what this host supports; otherwise the first
	// fault that needs a kernel feature probes the host (ProbeHost).
	Features Features

	// nodes is the swarm the lab is deployed on (OnSwarm); nil on
	// compose, where the node faults are refused.
	nodes Nodes

	imageMu sync.Mutex
	image   string

	// execIn runs a command in a container: lab.ExecIn on docker, or a
	// unit test's stand-in that runs the engine's scripts on a local
	// directory.
	execIn func(ctx context.Context, ref string, argv []string) (lab.ExecResult, error)
}

// ErrUnsupported means this host lacks a kernel feature the fault needs;
// steps skip such faults, visibly, with the reason.
var ErrUnsupported = errors.New("not supported on this host")

// New returns an engine for the lab of runID (compose project project)
// that records to ledger.
func New(d Docker, runID, project string, ledger *fault.Ledger) *Engine {
	e := &Engine{docker: d, runID: runID, project: project, ledger: ledger}
	e.execIn = func(ctx context.Context, ref string, argv []string) (lab.ExecResult, error) {
		return lab.ExecIn(ctx, d, ref, argv)
	}
	return e
}

// Ledger returns the engine's fault ledger.
func (e *Engine) Ledger() *fault.Ledger { return e.ledger }

// Inject validates s, records it and applies it. On an error after the
// record, the fault stays on the ledger so heal undoes whatever part acted.
func (e *Engine) Inject(ctx context.Context, s Spec) (fault.Entry, error) {
	if err := s.Validate(); err != nil {
		return fault.Entry{}, err
	}
	d, err := defOf(s.Kind)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("inject fault: %w", err)
	}
	if err := e.checkSupport(ctx, d); err != nil {
		return fault.Entry{}, err
	}
	return d.inject(ctx, e, s)
}

// checkSupport fails with ErrUnsupported when the host lacks what d
// needs, probing the host once per engine.
func (e *Engine) checkSupport(ctx context.Context, d Def) error {
	if len(d.Needs) == 0 {
		return nil
	}
	e.imageMu.Lock()
	feats := e.Features
	e.imageMu.Unlock()
	if feats == nil {
		image, err := e.helperImage(ctx)
		if err != nil {
			return err
		}
		if feats, err = ProbeHost(ctx, e.docker, image, e.runID); err != nil {
			return err
		}
		e.imageMu.Lock()
		e.Features = feats
		e.imageMu.Unlock()
	}
	if ok, why := d.Supported(feats); !ok {
		return fmt.Errorf("fault %s: %w: %s", d.Kind, ErrUnsupported, why)
	}
	return nil
}

// hostFeatures returns the probed host features (nil before the first
// probe, which checkSupport runs before any fault that needs a feature).
func (e *Engine) hostFeatures() Features {
	e.imageMu.Lock()
	defer e.imageMu.Unlock()
	return e.Features
}

// record writes the fault with data to the ledger before it acts.
func (e *Engine) record(s Spec, data map[string]string) (fault.Entry, error) {
	return e.ledger.Add(fault.Entry{Kind: s.Kind, Target: s.describeTargets(), Scenario: s.Scenario, Data: data})
}

func (e *Engine) logf(format string, args ...any) {
	if e.Log != nil {
		fmt.Fprintf(e.Log, "chaos: "+format+"\n", args...)
	}
}

// containerName is the lab's name for a service's container.
func (e *Engine) containerName(service string) string {
	return lab.ContainerNameOf(e.project, service)
}

// token returns a short random id that names one fault's chain, files and
// proxy processes; random, so it is known before the ledger assigns an id.
func token() string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// shortRun is the part of the run id used in chain names, which iptables
// limits to 28 characters.
func shortRun(runID string) string {
	if len(runID) > 6 {
		return runID[len(runID)-6:]
	}
	return runID
}

// cleanupTimeout bounds one undo when the caller gave no deadline.
const cleanupTimeout = 30 * time.Second
