package master

import (
	"sync"

	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// publisher fans publications out to every subscribed minion connection,
// like a ZeroMQ PUB socket: minions filter targets themselves. Like that
// socket it never blocks the publishing caller: each subscriber has its own
// queue of at most pub_hwm frames (Salt's PUB socket sets SNDHWM to
// pub_hwm, 1000 by default; 0 is no limit), written in order by its own
// goroutine, and a publication to a full queue is dropped for that
// subscriber only (Salt's test_zmq_pub_hwm_caps_queue_via_silent_drop).
// One stalled subscriber thus costs the others nothing, and the CLI's
// returns are forwarded while the publication is still being written.
type publisher struct {
	aes func() []byte // current session key
	hwm int           // pub_hwm: frames queued per subscriber; <= 0 is no limit
	log *saltlog.Logger

	mu   sync.Mutex
	subs map[*wire.Conn]*subscriber
}

func newPublisher(aes func() []byte, hwm int, log *saltlog.Logger) *publisher {
	return &publisher{aes: aes, hwm: hwm, log: log, subs: map[*wire.Conn]*subscriber{}}
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
	sub := newSubscriber(c, id, p.hwm, p.log)
	p.mu.Lock()
	p.subs[c] = sub
	p.mu.Unlock()
}

func (p *publisher) remove(c *wire.Conn) {
	p.mu.Lock()
	sub := p.subs[c]
	delete(p.subs, c)
	p.mu.Unlock()
	if sub != nil {
		sub.stop()
	}
}

// connected returns the ids with a live publish connection.
func (p *publisher) connected() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	seen := map[string]bool{}
	out := []string{}
	for _, sub := range p.subs {
		if !seen[sub.id] {
			seen[sub.id] = true
			out = append(out, sub.id)
		}
	}
	return out
}

// publish seals pub once and queues it for every subscriber; it returns
// without waiting for any of them.
func (p *publisher) publish(pub wire.Publication) error {
	data, err := wire.Seal(p.aes(), pub)
	if err != nil {
		return err
	}
	p.mu.Lock()
	subs := make([]*subscriber, 0, len(p.subs))
	for _, sub := range p.subs {
		subs = append(subs, sub)
	}
	p.mu.Unlock()
	for _, sub := range subs {
		if !sub.enqueue(data) {
			p.log.Debugf("Publish queue of %s is full (pub_hwm %d): dropped job %s for it", sub.id, p.hwm, pub.Jid)
		}
	}
	return nil
}
