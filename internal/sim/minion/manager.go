// Package minion is the salt-minion daemon of the double: MinionManager
// with one Minion object per master in hot mode or one for the whole list in
// failover mode, publication handling with the shared jid queue, and the
// status.master dead-master detector.
package minion

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/modules"
	"github.com/saltlab/saltlab/internal/sim/netstat"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/signin"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// defaultProcNet holds the tcp and tcp6 tables a minion reads.
const defaultProcNet = "/proc/net"

// Deps are the minion's injectable environment.
type Deps struct {
	Resolver resolve.Resolver
	ProcNet  string // directory holding tcp and tcp6, normally /proc/net
	// Conns reads the connections the alive check looks at; nil reads
	// ProcNet afresh each time. A swarm shares one (netstat.Snapshot).
	Conns       *netstat.Snapshot
	Log         *saltlog.Logger
	Hostname    func() (string, error)
	RejectDelay func() time.Duration // Salt sleeps randint(10, 20) s before exit 77
	Probe       time.Duration        // dns_check connect probe, 2 s in Salt
	// Release is the Salt line the minion behaves as: from 3007 a lost
	// publish connection fires __master_disconnected at once when
	// zmq_monitor is on (simver.Release.MonitorsPubDisconnect).
	Release simver.Release
}

// Manager is MinionManager: it owns the shared jid queue and event bus.
type Manager struct {
	opts   config.Opts
	deps   Deps
	id     string
	keys   *pki.KeyPair
	grains *jsonout.Map
	jids   *jidQueue
	bus    bus

	mu      sync.Mutex
	minions []*Minion
	// loop stands for the process's single tornado io_loop, blocked while a
	// Minion sleeps in retry_dns (see signin.Evaluator.Loop).
	loop sync.Mutex
}

// loopTurn waits until the io_loop is free (not blocked in retry_dns).
func (m *Manager) loopTurn() {
	m.loop.Lock()
	m.loop.Unlock() //nolint:staticcheck // a turn, not a critical section
}

// NewManager resolves the id and loads or generates minion.pem/minion.pub.
func NewManager(opts config.Opts, deps Deps) (*Manager, error) {
	if deps.Hostname == nil {
		deps.Hostname = os.Hostname
	}
	if deps.ProcNet == "" {
		deps.ProcNet = defaultProcNet
	}
	if deps.Conns == nil {
		deps.Conns = &netstat.Snapshot{ProcNet: deps.ProcNet}
	}
	if deps.Probe == 0 {
		deps.Probe = resolve.ProbeTimeout
	}
	id, err := config.MinionID(opts, deps.Hostname)
	if err != nil {
		return nil, err
	}
	opts["id"] = id
	keys, err := pki.LoadOrCreate(opts.Str("pki_dir"), "minion")
	if err != nil {
		return nil, fmt.Errorf("load minion keys: %w", err)
	}
	static, _ := opts["grains"].(map[string]any)
	return &Manager{
		opts: opts, deps: deps, id: id, keys: keys,
		grains: modules.Grains(id, static),
		jids:   newJidQueue(opts.Int("minion_jid_queue_hwm", 100)),
	}, nil
}

// ID is the resolved minion id.
func (m *Manager) ID() string { return m.id }

// errRestart asks the process to restart (Minion.restart + io_loop.stop()).
var errRestart = errors.New("Minion could not connect to Master")

// Run starts the Minion objects and blocks. The return value is the process
// exit code: 0 when ctx ends or on the foreground restart path (§1.10),
// 77 for a rejected key, 42/1/2 for Salt's other sys.exit paths.
func (m *Manager) Run(ctx context.Context) int {
	m.deps.Log.Infof("Setting up the Salt Minion \"%s\"", m.id)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan error, 8)
	var wg sync.WaitGroup
	for _, o := range m.spawnOpts() {
		mn := m.newMinion(o)
		m.mu.Lock()
		m.minions = append(m.minions, mn)
		m.mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- mn.run(ctx)
		}()
	}
	go func() { wg.Wait(); close(results) }()
	code := 0
	for err := range results {
		var exit *signin.ExitError
		switch {
		case err == nil || errors.Is(err, context.Canceled):
		case errors.As(err, &exit):
			if exit.Code == 2 || exit.Code == 42 || exit.Code == 1 {
				m.deps.Log.Errorf("%s", exit.Msg)
			}
			code = exit.Code
			cancel()
		case errors.Is(err, errRestart):
			// INFER: foreground salt-minion swallows the SaltClientError and
			// exits 0 (spec §1.10); the container restart policy decides.
			m.deps.Log.Warnf("%s", errRestart.Error())
			cancel()
		default:
			m.deps.Log.Errorf("%v", err)
			cancel()
		}
	}
	return code
}

// spawnOpts is _spawn_minions: hot mode (str + list) gets one opts copy per
// entry with multimaster set; everything else one Minion for the whole value.
func (m *Manager) spawnOpts() []config.Opts {
	mt := m.opts.Str("master_type")
	if mt == "failover" || mt == "distributed" || !m.opts.IsList("master") {
		return []config.Opts{m.opts.Copy()}
	}
	var out []config.Opts
	for _, entry := range m.opts.List("master") {
		o := m.opts.Copy()
		o["master"] = entry
		o["multimaster"] = true
		out = append(out, o)
	}
	return out
}

// Masters reports, per Minion object, the master it is connected to ("" if
// none) — for tests and diagnostics.
func (m *Manager) Masters() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.minions))
	for _, mn := range m.minions {
		out = append(out, mn.currentMaster())
	}
	return out
}

// sameHost returns the other connected Minion objects whose master has the
// given host string (hot mode with two masters on one host, §1.5).
func (m *Manager) sameHost(self *Minion, host string) []*Minion {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*Minion
	for _, mn := range m.minions {
		if mn != self && mn.currentMaster() == host {
			out = append(out, mn)
		}
	}
	return out
}
