package syndic

import (
	"context"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/wire"
)

// republish is Syndic._handle_decoded_payload + syndic_cmd: it republishes
// a job from a master of masters through the local master with the same
// jid (LocalClient.pub_async, no waiting) and collects the local minions'
// returns for forwarding.
//
// INFER: Salt's SyndicManager reads returns and the salt/job/<jid>/new event
// from the local master's event bus. The double has no master event bus
// yet, so the syndic keeps the local client connection of its publication
// open and reads the returns the master streams on it, as the salt CLI does.
// Consequently only returns of jobs the syndic republished are forwarded
// (not those of jobs published on the syndic's own master), and at most
// syndic_jid_forward_cache_hwm jobs are followed at a time (the oldest is
// dropped), which stands in for Salt's jid forward cache bound.
func (s *Syndic) republish(ctx context.Context, up *upstream, pub wire.Publication) {
	log := s.deps.Log
	if pub.MasterID != "" && pub.MasterID == s.opts.Str("master_id") {
		log.Debugf("Ignoring job %s published by our own master_id %s", pub.Jid, pub.MasterID)
		return
	}
	// Salt: data["to"] = int(data.get("to", opts["timeout"])) - 1
	to := pub.To
	if to == 0 {
		to = s.opts.Int("timeout", 5)
	}
	to--
	c, err := wire.Dial("unix", s.sock, 5*time.Second)
	if err != nil {
		log.Errorf("Unable to relay job %s: the local salt master could not be contacted: %v", pub.Jid, err)
		return
	}
	req := wire.LocalRequest{Cmd: wire.LocalPublish, Tgt: pub.Tgt, TgtType: pub.TgtType, Fun: pub.Fun,
		Arg: pub.Arg, User: pub.User, Jid: pub.Jid, To: to}
	var reply wire.LocalReply
	if err := c.Request(req, &reply, 30*time.Second); err != nil || reply.Error != "" {
		c.Close()
		log.Errorf("Unable to relay job %s through the local master: %v %s", pub.Jid, err, reply.Error)
		return
	}
	log.Infof("Relayed job %s (%s) to %d local minions", pub.Jid, pub.Fun, len(reply.Minions))
	if len(reply.Minions) == 0 {
		c.Close()
		return
	}
	if s.mode() == "sync" {
		up.queueEvent(wire.SyndicEvent{Jid: pub.Jid, Minions: reply.Minions})
	}
	if !s.listens.add(c) {
		return
	}
	defer s.listens.remove(c)
	pending := map[string]bool{}
	for _, m := range reply.Minions {
		pending[m] = true
	}
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	for len(pending) > 0 {
		var r wire.Return
		if err := c.Recv(&r); err != nil {
			return
		}
		if r.ID == "" {
			continue
		}
		delete(pending, r.ID)
		up.queueReturn(r)
	}
}

// listenCache bounds the open local client connections (one per followed
// job); past hwm the oldest is closed.
type listenCache struct {
	mu     sync.Mutex
	hwm    int
	conns  []*wire.Conn
	closed bool
}

func newListenCache(hwm int) *listenCache { return &listenCache{hwm: hwm} }

func (l *listenCache) add(c *wire.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		c.Close()
		return false
	}
	l.conns = append(l.conns, c)
	for len(l.conns) > l.hwm {
		l.conns[0].Close()
		l.conns = l.conns[1:]
	}
	return true
}

func (l *listenCache) remove(c *wire.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c.Close()
	for i, x := range l.conns {
		if x == c {
			l.conns = append(l.conns[:i], l.conns[i+1:]...)
			return
		}
	}
}

func (l *listenCache) closeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}
