package master

import (
	"io"
	"net"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testPublisher is a publisher with a fresh session key and queues of hwm.
func testPublisher(t *testing.T, hwm int) (*publisher, []byte) {
	t.Helper()
	key, err := wire.NewAESKey()
	require.NoError(t, err)
	return newPublisher(func() []byte { return key }, hwm, saltlog.New("test", io.Discard, saltlog.Warning)), key
}

// pipeSub subscribes one end of a synchronous pipe and returns its
// subscriber and the minion's end: a send blocks until the test reads the
// minion's end, so an end nobody reads is a stalled minion.
func pipeSub(t *testing.T, p *publisher, id string) (*subscriber, *wire.Conn) {
	t.Helper()
	server, client := net.Pipe()
	t.Cleanup(func() { server.Close(); client.Close() })
	c := wire.NewConn(server)
	p.add(c, id)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.subs[c], wire.NewConn(client)
}

// readJids reads n publications from c and returns their jids.
func readJids(c *wire.Conn, key []byte, n int) ([]string, error) {
	var jids []string
	for range n {
		if err := c.SetReadDeadline(time.Now().Add(5 * time.Second)); err != nil {
			return jids, err
		}
		var f wire.PubFrame
		if err := c.Recv(&f); err != nil {
			return jids, err
		}
		var pub wire.Publication
		if err := wire.Open(key, f.Data, &pub); err != nil {
			return jids, err
		}
		jids = append(jids, pub.Jid)
	}
	return jids, nil
}

func (s *subscriber) queued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// A minion that stops reading neither delays publish nor the minions that
// read: it keeps the frame being written plus pub_hwm queued ones and
// loses the rest, as Salt's PUB socket drops at its high-water mark.
func TestPublisherDropsAtHighWaterMarkWithoutBlocking(t *testing.T) {
	p, key := testPublisher(t, 2)
	stalledSub, stalled := pipeSub(t, p, "stalled")
	_, reading := pipeSub(t, p, "reading")
	require.NoError(t, p.publish(wire.Publication{Jid: "1"}))
	// The stalled minion's writer has taken 1 and is blocked writing it.
	require.Eventually(t, func() bool { return stalledSub.queued() == 0 }, 5*time.Second, time.Millisecond)
	// The reading minion reads each publication as it comes.
	type result struct {
		jids []string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		for _, jid := range []string{"1", "2", "3", "4", "5"} {
			if jid != "1" {
				if r.err = p.publish(wire.Publication{Jid: jid}); r.err != nil {
					break
				}
			}
			got, err := readJids(reading, key, 1)
			r.jids, r.err = append(r.jids, got...), err
			if err != nil {
				break
			}
		}
		done <- r
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("publish blocked on a minion that does not read")
	}
	require.NoError(t, r.err, "got %v", r.jids)
	assert.Equal(t, []string{"1", "2", "3", "4", "5"}, r.jids, "the reading minion gets every publication, in order")

	jids, err := readJids(stalled, key, 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"1", "2", "3"}, jids, "the stalled minion keeps the frame in flight and pub_hwm queued ones")
	require.NoError(t, p.publish(wire.Publication{Jid: "6"}))
	jids, err = readJids(stalled, key, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"6"}, jids, "4 and 5 were dropped for the stalled minion, not delayed")
}

// With pub_hwm 0 (ZeroMQ: no limit) nothing is dropped.
func TestPublisherWithoutHighWaterMarkKeepsEverything(t *testing.T) {
	p, key := testPublisher(t, 0)
	_, c := pipeSub(t, p, "slow")
	want := []string{}
	for i := range 50 {
		jid := string(rune('a'+i%26)) + string(rune('0'+i/26))
		want = append(want, jid)
		require.NoError(t, p.publish(wire.Publication{Jid: jid}))
	}
	jids, err := readJids(c, key, len(want))
	require.NoError(t, err)
	assert.Equal(t, want, jids)
}

// A removed subscriber's writer stops, and a failed send removes nothing
// else: the other minions keep receiving.
func TestPublisherRemoveStopsOnlyThatSubscriber(t *testing.T) {
	p, key := testPublisher(t, 10)
	goneSub, gone := pipeSub(t, p, "gone")
	_, kept := pipeSub(t, p, "kept")
	require.NoError(t, gone.Close()) // the minion went away
	p.remove(goneSub.c)
	assert.Equal(t, []string{"kept"}, p.connected())
	require.NoError(t, p.publish(wire.Publication{Jid: "1"}))
	jids, err := readJids(kept, key, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"1"}, jids)
	select {
	case <-goneSub.done:
	default:
		t.Fatal("the removed subscriber's writer was not stopped")
	}
}
