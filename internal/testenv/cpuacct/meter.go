// Package cpuacct measures what a run costs in CPU-seconds, for the
// benchmarks: each container of the run by its cgroup's CPU account, and
// the engine (dockerd and containerd) by their own process times.
//
// A container's account starts again from zero when it is stopped and
// started (its cgroup is made anew), as scenarios do to masters; the
// meter reads every account once a second and adds what a container used
// before each restart, so at most one interval of a restarted container
// goes uncounted. The engine's figure is the whole engine's: it is the
// run's only when nothing else uses the engine.
package cpuacct

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Interval spaces the meter's reads of the containers' accounts.
const Interval = time.Second

// Lister is the part of the Docker client the meter uses.
type Lister interface {
	ContainerList(ctx context.Context, options container.ListOptions) ([]container.Summary, error)
}

// Report is what one run cost.
type Report struct {
	// Services is each compose service's CPU time, over all its
	// containers and restarts.
	Services map[string]time.Duration
	// Engine is dockerd's and containerd's CPU time over the run.
	Engine time.Duration
	Wall   time.Duration
}

// Containers is the sum over the services.
func (r Report) Containers() time.Duration {
	var sum time.Duration
	for _, d := range r.Services {
		sum += d
	}
	return sum
}

// String is one line a service, most expensive first.
func (r Report) String() string {
	names := make([]string, 0, len(r.Services))
	for s := range r.Services {
		names = append(names, s)
	}
	sort.Slice(names, func(i, j int) bool { return r.Services[names[i]] > r.Services[names[j]] })
	var b strings.Builder
	fmt.Fprintf(&b, "containers %.1f s, engine %.1f s, wall %.1f s", r.Containers().Seconds(), r.Engine.Seconds(), r.Wall.Seconds())
	for _, s := range names {
		fmt.Fprintf(&b, "\n  %-24s %7.1f s", s, r.Services[s].Seconds())
	}
	return b.String()
}

// account is one container's CPU account as the meter has followed it.
type account struct {
	service string
	before  time.Duration // used before the account last started again
	last    time.Duration // the account's newest reading
}

// Meter follows the containers of one run.
type Meter struct {
	docker Lister
	run    string
	root   string // the cgroup folder the engine makes containers' accounts in

	mu       sync.Mutex
	accounts map[string]*account // container id -> its account
	errs     []error
}

// New returns a meter of the containers labelled with run id run.
func New(docker Lister, run string) (*Meter, error) {
	root, err := cgroupRoot()
	if err != nil {
		return nil, err
	}
	return &Meter{docker: docker, run: run, root: root, accounts: map[string]*account{}}, nil
}

// Measure runs fn while the meter reads the accounts, and returns what
// the run cost; an account the meter could not read fails it.
func (m *Meter) Measure(ctx context.Context, fn func() error) (Report, error) {
	engine0, err := engineTime()
	if err != nil {
		return Report{}, err
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(Interval)
		defer t.Stop()
		for {
			m.read(ctx)
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	runErr := fn()
	cancel()
	<-done
	engine1, err := engineTime()
	if err != nil {
		return Report{}, err
	}
	rep := Report{Services: map[string]time.Duration{}, Engine: engine1 - engine0, Wall: time.Since(start)}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, a := range m.accounts {
		rep.Services[a.service] += a.before + a.last
	}
	if len(m.errs) > 0 {
		return rep, fmt.Errorf("read CPU accounts: %v", m.errs[0])
	}
	return rep, runErr
}

// read takes one reading of every running container of the run.
func (m *Meter) read(ctx context.Context) {
	list, err := m.docker.ContainerList(ctx, container.ListOptions{Filters: filters.NewArgs(filters.Arg("label", labels.Run+"="+m.run))})
	if err != nil {
		if ctx.Err() == nil {
			m.fail(fmt.Errorf("list containers of run %s: %w", m.run, err))
		}
		return
	}
	for _, c := range list {
		if c.State != "running" && c.State != "paused" {
			continue
		}
		used, err := m.usage(c.ID)
		if err != nil {
			continue // stopped between the list and the read
		}
		m.mu.Lock()
		a := m.accounts[c.ID]
		if a == nil {
			a = &account{service: c.Labels[labels.Service]}
			if a.service == "" {
				a.service = strings.TrimPrefix(firstName(c.Names), "/")
			}
			m.accounts[c.ID] = a
		}
		if used < a.last {
			a.before += a.last // the container was started again
		}
		a.last = used
		m.mu.Unlock()
	}
}

func (m *Meter) fail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.errs = append(m.errs, err)
}

func firstName(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// usage is a container's CPU account: cgroup v1's cpuacct.usage
// (nanoseconds) or cgroup v2's usage_usec in cpu.stat.
func (m *Meter) usage(id string) (time.Duration, error) {
	dir := filepath.Join(m.root, id)
	if raw, err := os.ReadFile(filepath.Join(dir, "cpuacct.usage")); err == nil {
		ns, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
		return time.Duration(ns), err
	}
	raw, err := os.ReadFile(filepath.Join(dir, "cpu.stat"))
	if err != nil {
		return 0, err
	}
	return usageUsec(string(raw))
}
