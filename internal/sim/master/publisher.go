package master

import (
	"sync"

	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// publisher fans publications out to every subscribed minion connection,
// like a ZeroMQ PUB socket: minions filter targets themselves.
type publisher struct {
	aes func() []byte // current session key
	log *saltlog.Logger

	mu   sync.Mutex
	subs map[*wire.Conn]string // conn -> minion id
}

func newPublisher(aes func() []byte, log *saltlog.Logger) *publisher {
	return &publisher{aes: aes, log: log, subs: map[*wire.Conn]string{}}
}

// hello is what a subscriber proves with its first frame.
type hello struct {
	ID string `json:"id"`
}

// handlePub registers a subscriber after it proves it holds the current AES
// key, then holds the connection open until either side closes it.
func (m *Master) handlePub(c *wire.Conn) {
	var f wire.PubFrame
	if err := c.Recv(&f); err != nil {
		return
	}
	if f.ID == "" {
		// Not a subscriber at all (e.g. a sign-in request sent to the
		// publish port because a `master` entry named it, §1.5): ZeroMQ
		// drops a peer of the wrong socket type without a word.
		return
	}
	var h hello
	if err := wire.Open(m.currentAES(), f.Data, &h); err != nil || h.ID != f.ID {
		// Salt's PUB socket would accept the subscriber, but it could not
		// decrypt anything; tell it to re-authenticate instead.
		_ = c.Send(wire.PubFrame{ID: "reauth"})
		return
	}
	m.pub.add(c, h.ID)
	defer m.pub.remove(c)
	for {
		var ignored wire.PubFrame
		if err := c.Recv(&ignored); err != nil {
			return
		}
	}
}

func (p *publisher) add(c *wire.Conn, id string) {
	p.mu.Lock()
	p.subs[c] = id
	p.mu.Unlock()
}

func (p *publisher) remove(c *wire.Conn) {
	p.mu.Lock()
	delete(p.subs, c)
	p.mu.Unlock()
}

// connected returns the ids with a live publish connection.
func (p *publisher) connected() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	seen := map[string]bool{}
	out := []string{}
	for _, id := range p.subs {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func (p *publisher) publish(pub wire.Publication) error {
	data, err := wire.Seal(p.aes(), pub)
	if err != nil {
		return err
	}
	p.mu.Lock()
	conns := make([]*wire.Conn, 0, len(p.subs))
	for c := range p.subs {
		conns = append(conns, c)
	}
	p.mu.Unlock()
	for _, c := range conns {
		if err := c.Send(wire.PubFrame{Data: data}); err != nil {
			p.log.Debugf("Failed to publish to a subscriber: %v", err)
		}
	}
	return nil
}
