package minion

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/netstat"
	"github.com/saltlab/saltlab/internal/sim/pki"
)

// SwarmConnsMaxAge is how old the view of its connections a swarm's
// minions share may be (netstat.Snapshot says why they share one).
const SwarmConnsMaxAge = 500 * time.Millisecond

// DefaultSwarmID is the id pattern of swarm minions when none is given.
const DefaultSwarmID = "swarm-%03d"

// Swarm is the double's scale-test mode (sim-only, no Salt equivalent): one
// salt-minion process running n independent minions. Minion i has id
// fmt.Sprintf(pattern, i) (1-based), its own key pair under
// <pki_dir>/<id>/ and cache under <cachedir>/<id>/ (INFER layout), and its
// own connections, jid queue and event bus — exactly as n processes would,
// minus the per-process memory.
type Swarm struct {
	Managers []*Manager
}

// NewSwarm builds n minions from one configuration. Keys are generated on
// first start like a single minion's; with a key cache (a directory, ""
// for none) a minion without a key takes its id's cached one, and a key
// generated here is kept there for the next lab (pki.KeyCache).
func NewSwarm(opts config.Opts, deps Deps, n int, pattern, keyCache string) (*Swarm, error) {
	if n < 1 {
		return nil, fmt.Errorf("create swarm: size must be at least 1, got %d", n)
	}
	if pattern == "" {
		pattern = DefaultSwarmID
	}
	if strings.Count(pattern, "%") != 1 {
		return nil, fmt.Errorf("create swarm: id pattern %q needs exactly one %%d-style verb", pattern)
	}
	s := &Swarm{}
	if deps.ProcNet == "" {
		deps.ProcNet = defaultProcNet
	}
	deps.Conns = &netstat.Snapshot{ProcNet: deps.ProcNet, MaxAge: SwarmConnsMaxAge}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf(pattern, i)
		if strings.Contains(id, "%!") {
			return nil, fmt.Errorf("create swarm: id pattern %q does not format an integer: %s", pattern, id)
		}
		o := opts.Copy()
		o["id"] = id
		o["pki_dir"] = filepath.Join(opts.Str("pki_dir"), id)
		o["cachedir"] = filepath.Join(opts.Str("cachedir"), id)
		cache := pki.KeyCache{Dir: keyCache}
		if keyCache != "" {
			if _, err := cache.Restore(id, o.Str("pki_dir"), "minion"); err != nil {
				return nil, fmt.Errorf("create swarm minion %s: %w", id, err)
			}
		}
		m, err := NewManager(o, deps)
		if err != nil {
			return nil, fmt.Errorf("create swarm minion %s: %w", id, err)
		}
		if keyCache != "" {
			if err := cache.Keep(id, o.Str("pki_dir"), "minion"); err != nil {
				return nil, fmt.Errorf("create swarm minion %s: %w", id, err)
			}
		}
		s.Managers = append(s.Managers, m)
	}
	return s, nil
}

// Run runs every minion until ctx ends or all have exited. A minion that
// exits (e.g. 77 for a rejected key) does not stop the others; the process
// exit code is the first non-zero minion exit code (INFER, sim-only).
func (s *Swarm) Run(ctx context.Context) int {
	codes := make([]int, len(s.Managers))
	var wg sync.WaitGroup
	for i, m := range s.Managers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = m.Run(ctx)
		}()
	}
	wg.Wait()
	for _, c := range codes {
		if c != 0 {
			return c
		}
	}
	return 0
}
