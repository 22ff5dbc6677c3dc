package master

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/saltlab/saltlab/internal/sim/jid"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// jobCache stores loads and returns under cachedir/jobs and fans returns out
// to local listeners (the CLI waiting for a jid).
type jobCache struct {
	dir string

	jids      jid.Gen
	mu        sync.Mutex
	listeners map[string][]chan wire.Return
}

func newJobCache(dir string) *jobCache {
	return &jobCache{dir: dir, listeners: map[string][]chan wire.Return{}}
}

// newJid returns Salt's jid format, UTC %Y%m%d%H%M%S%f, unique per master.
func (j *jobCache) newJid() string { return j.jids.Next() }

// INFER: Salt's local_cache hashes jids into two-level dirs and pickles with
// msgpack; the double keeps one readable dir per jid with JSON files.
func (j *jobCache) storeLoad(pub wire.Publication) error {
	d := filepath.Join(j.dir, pub.Jid)
	if err := os.MkdirAll(d, 0o755); err != nil {
		return fmt.Errorf("create job dir: %w", err)
	}
	b, _ := json.Marshal(pub)
	if err := os.WriteFile(filepath.Join(d, ".load.json"), b, 0o644); err != nil {
		return fmt.Errorf("write job load: %w", err)
	}
	return nil
}

func (j *jobCache) storeReturn(ret wire.Return, log *saltlog.Logger) {
	d := filepath.Join(j.dir, ret.Jid, ret.ID)
	if err := os.MkdirAll(d, 0o755); err == nil {
		b, _ := json.Marshal(ret)
		if err := os.WriteFile(filepath.Join(d, "return.json"), b, 0o644); err != nil {
			log.Errorf("Failed to store return for job %s: %v", ret.Jid, err)
		}
	}
	log.Infof("Got return from %s for job %s", ret.ID, ret.Jid)
	j.fanOut(ret)
}

// expect tells the job's listeners about more expected minions (a syndic's
// forwarded salt/job/<jid>/new event).
func (j *jobCache) expect(jid string, minions []string) {
	j.fanOut(wire.Return{Jid: jid, Minions: minions})
}

func (j *jobCache) fanOut(r wire.Return) {
	j.mu.Lock()
	ls := append([]chan wire.Return(nil), j.listeners[r.Jid]...)
	j.mu.Unlock()
	for _, ch := range ls {
		select {
		case ch <- r:
		default: // a slow listener loses returns rather than blocking the ret port
		}
	}
}

func (j *jobCache) listen(jid string) (<-chan wire.Return, func()) {
	ch := make(chan wire.Return, 1024)
	j.mu.Lock()
	j.listeners[jid] = append(j.listeners[jid], ch)
	j.mu.Unlock()
	return ch, func() {
		j.mu.Lock()
		defer j.mu.Unlock()
		ls := j.listeners[jid]
		for i, c := range ls {
			if c == ch {
				j.listeners[jid] = append(ls[:i], ls[i+1:]...)
				break
			}
		}
		if len(j.listeners[jid]) == 0 {
			delete(j.listeners, jid)
		}
	}
}
