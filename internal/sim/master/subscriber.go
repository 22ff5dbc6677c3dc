package master

import (
	"sync"

	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// subscriber is one minion's publish connection with its send queue: the
// double's per-peer pipe of a ZeroMQ PUB socket.
type subscriber struct {
	c   *wire.Conn
	id  string
	hwm int

	mu     sync.Mutex
	queue  [][]byte
	wake   chan struct{} // one pending wake-up for the writer
	done   chan struct{} // closed by stop
	closed sync.Once
}

// newSubscriber starts the subscriber's writer.
func newSubscriber(c *wire.Conn, id string, hwm int, log *saltlog.Logger) *subscriber {
	s := &subscriber{c: c, id: id, hwm: hwm, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go s.write(log)
	return s
}

// enqueue queues one sealed publication, or reports false when the queue
// already holds hwm of them (the publication is then lost for this
// subscriber, as ZeroMQ's PUB drops at its high-water mark).
func (s *subscriber) enqueue(data []byte) bool {
	s.mu.Lock()
	if s.hwm > 0 && len(s.queue) >= s.hwm {
		s.mu.Unlock()
		return false
	}
	s.queue = append(s.queue, data)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
	return true
}

// write sends queued publications in order until stop or a failed send. A
// failed send closes the connection, so the subscriber's read loop ends
// and removes it.
func (s *subscriber) write(log *saltlog.Logger) {
	for {
		select {
		case <-s.done:
			return
		case <-s.wake:
		}
		s.mu.Lock()
		batch := s.queue
		s.queue = nil
		s.mu.Unlock()
		for _, data := range batch {
			if err := s.c.Send(wire.PubFrame{Data: data}); err != nil {
				log.Debugf("Failed to publish to %s: %v", s.id, err)
				_ = s.c.Close()
				return
			}
		}
	}
}

// stop ends the writer; frames still queued are dropped with the
// connection, as they are when a ZeroMQ peer goes away.
func (s *subscriber) stop() {
	s.closed.Do(func() { close(s.done) })
}
