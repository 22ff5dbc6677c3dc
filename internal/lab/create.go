package lab

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
)

// createConcurrency bounds how many containers are created, and how many
// services are started, at once. Independent services (e.g. 50 minions)
// go concurrently, but a 2-core engine thrashes with dozens of
// simultaneous creates (measured: one create took 18 s with 50 at once).
const createConcurrency = 8

// creations creates every container of the lab ahead of its start, in
// dependency order, while Up waits for the conditions that gate the
// starts: a container's create (its writable layer, its networks) costs
// as much as its start on this engine, and none of it depends on another
// container running. A start then awaits only its own create.
type creations struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	done   map[string]chan struct{} // closed when the service's create ended
	mu     sync.Mutex
	errs   map[string]error
}

// createAhead starts creating the containers, createConcurrency at once,
// those of services with fewer dependencies first.
func (l *Lab) createAhead(ctx context.Context) *creations {
	ctx, cancel := context.WithCancel(ctx)
	c := &creations{cancel: cancel, done: map[string]chan struct{}{}, errs: map[string]error{}}
	order := creationOrder(l.project, l.Services())
	for _, name := range order {
		c.done[name] = make(chan struct{})
	}
	sem := make(chan struct{}, createConcurrency)
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		for _, name := range order {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				c.fail(name, fmt.Errorf("create container of service %q: %w", name, ctx.Err()))
				continue
			}
			c.wg.Add(1)
			go func() {
				defer c.wg.Done()
				defer func() { <-sem }()
				c.fail(name, l.createService(ctx, name))
			}()
		}
	}()
	return c
}

// fail records how the service's create ended (err nil: created).
func (c *creations) fail(name string, err error) {
	c.mu.Lock()
	c.errs[name] = err
	c.mu.Unlock()
	close(c.done[name])
}

// await waits until the service's container was created.
func (c *creations) await(ctx context.Context, name string) error {
	select {
	case <-c.done[name]:
	case <-ctx.Done():
		return fmt.Errorf("wait for the container of service %q: %w", name, ctx.Err())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.errs[name]
}

// finish cancels the creates not yet begun and waits for those under
// way, so no container appears after Up returned (Down would miss it).
func (c *creations) finish() {
	c.cancel()
	c.wg.Wait()
}

// creationOrder sorts the enabled services by the length of their longest
// dependency chain, then by name: the first masters before what waits
// for them.
func creationOrder(p *types.Project, enabled []string) []string {
	depth := map[string]int{}
	var walk func(name string, seen map[string]bool) int
	walk = func(name string, seen map[string]bool) int {
		if d, ok := depth[name]; ok {
			return d
		}
		if seen[name] { // a cycle; compose-go refuses it before Up
			return 0
		}
		seen[name] = true
		d := 0
		for dep := range p.Services[name].DependsOn {
			if slices.Contains(enabled, dep) {
				d = max(d, walk(dep, seen)+1)
			}
		}
		depth[name] = d
		return d
	}
	names := slices.Clone(enabled)
	for _, name := range names {
		walk(name, map[string]bool{})
	}
	sort.Slice(names, func(i, j int) bool {
		if depth[names[i]] != depth[names[j]] {
			return depth[names[i]] < depth[names[j]]
		}
		return names[i] < names[j]
	})
	return names
}

// createService creates the container with its first network and
// connects the others (API 1.41 allows one endpoint at create).
func (l *Lab) createService(ctx context.Context, name string) error {
	spec := l.specs[name]
	t := time.Now()
	resp, err := l.cli.ContainerCreate(ctx, spec.config, spec.host, spec.create, nil, spec.name)
	if err != nil {
		return fmt.Errorf("create container %s: %w", spec.name, err)
	}
	l.setID(name, resp.ID)
	for _, w := range resp.Warnings {
		l.out.printf("note: service %s: daemon warning: %s", name, w)
	}
	for _, ep := range spec.connect {
		if err := l.cli.NetworkConnect(ctx, ep.network, resp.ID, ep.settings); err != nil {
			return fmt.Errorf("connect container %s to network %s: %w", spec.name, ep.network, err)
		}
	}
	l.out.printf("service %s created as %s (%s)", name, spec.name, since(t))
	return nil
}
