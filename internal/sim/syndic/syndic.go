// Package syndic is the salt-syndic daemon of the double (salt/minion.py
// SyndicManager and Syndic, spec §6): it signs in to the master(s) of
// masters like a minion, republishes their jobs through the local
// salt-master with the same jid, and forwards the local minions' returns
// (and, in sync mode, the expected-minion events) back up.
package syndic

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
)

// Deps are the syndic's injectable environment.
type Deps struct {
	Resolver    resolve.Resolver
	Log         *saltlog.Logger
	Hostname    func() (string, error)
	RejectDelay func() time.Duration
	Probe       time.Duration
}

// Syndic is one salt-syndic process.
type Syndic struct {
	opts    config.Opts
	id      string
	keys    *pki.KeyPair
	deps    Deps
	sock    string // the local master's workers.ipc
	listens *listenCache

	mu  sync.Mutex
	ups []*upstream
}

// Options merges the master and minion configuration the way
// salt.config.syndic_config does: master options overlaid with the minion's,
// then id and pki_dir from the minion, master := syndic_master and
// master_port := syndic_master_port (default master_port).
func Options(masterOpts, minionOpts config.Opts) config.Opts {
	o := masterOpts.Copy()
	for k, v := range minionOpts {
		o[k] = v
	}
	o["pki_dir"] = minionOpts["pki_dir"]
	o["master"] = masterOpts["syndic_master"]
	o["master_port"] = masterOpts.Int("syndic_master_port", o.Int("master_port", 4506))
	o["sock_dir"] = masterOpts["sock_dir"]
	o["cachedir"] = masterOpts["cachedir"]
	o["master_type"] = "str"
	return o
}

// New resolves the syndic id (minion config rules) and loads or creates its
// key pair in the minion pki_dir.
func New(masterOpts, minionOpts config.Opts, deps Deps) (*Syndic, error) {
	if deps.Hostname == nil {
		deps.Hostname = os.Hostname
	}
	if deps.Probe == 0 {
		deps.Probe = resolve.ProbeTimeout
	}
	id, err := config.MinionID(minionOpts, deps.Hostname)
	if err != nil {
		return nil, err
	}
	opts := Options(masterOpts, minionOpts)
	opts["id"] = id
	keys, err := pki.LoadOrCreate(opts.Str("pki_dir"), "minion")
	if err != nil {
		return nil, fmt.Errorf("load syndic keys: %w", err)
	}
	hwm := opts.Int("syndic_jid_forward_cache_hwm", 100)
	return &Syndic{
		opts: opts, id: id, keys: keys, deps: deps,
		sock:    filepath.Join(opts.Str("sock_dir"), master.SocketName),
		listens: newListenCache(max(hwm, 1)),
	}, nil
}

// ID is the syndic's id (its key name on the masters of masters).
func (s *Syndic) ID() string { return s.id }

// mode is syndic_mode: sync (default) forwards job events, cluster does not.
func (s *Syndic) mode() string {
	if m := s.opts.Str("syndic_mode"); m != "" {
		return m
	}
	return "sync"
}

// Run connects to every syndic_master entry (SyndicManager keeps one Syndic
// per master of masters) and serves until ctx ends. The result is the exit
// code: 0, or 77 when a master of masters rejected the key.
func (s *Syndic) Run(ctx context.Context) int {
	s.deps.Log.Infof("Setting up the Salt Syndic Minion \"%s\"", s.id)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	entries := []string{s.opts.Str("master")}
	if s.opts.IsList("master") {
		entries = s.opts.List("master")
	}
	codes := make(chan int, len(entries))
	var wg sync.WaitGroup
	for _, e := range entries {
		up := s.newUpstream(e)
		s.mu.Lock()
		s.ups = append(s.ups, up)
		s.mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			code := up.run(ctx)
			if code != 0 {
				cancel()
			}
			codes <- code
		}()
	}
	wg.Wait()
	s.listens.closeAll()
	close(codes)
	for c := range codes {
		if c != 0 {
			return c
		}
	}
	return 0
}

// Masters reports, per master of masters, the host it is signed in to (""
// while not connected) — for tests and diagnostics.
func (s *Syndic) Masters() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.ups))
	for _, u := range s.ups {
		out = append(out, u.host())
	}
	return out
}
