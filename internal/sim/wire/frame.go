// Package wire is the double's transport: length-prefixed JSON frames over
// TCP or unix sockets, plus the crypto that protects them. The framing is the
// double's own (Salt uses ZeroMQ + msgpack); only the behaviour above it is
// meant to match Salt.
package wire

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// MaxFrame bounds a frame so a confused peer cannot make us allocate GBs.
const MaxFrame = 64 << 20

// Conn sends and receives JSON frames; Send is safe for concurrent use.
type Conn struct {
	net.Conn
	r  *bufio.Reader
	mu sync.Mutex
}

// NewConn wraps a network connection.
func NewConn(c net.Conn) *Conn { return &Conn{Conn: c, r: bufio.NewReader(c)} }

// Dial connects with a timeout.
func Dial(network, addr string, timeout time.Duration) (*Conn, error) {
	c, err := net.DialTimeout(network, addr, timeout)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	return NewConn(c), nil
}

// Send writes v as one frame.
func (c *Conn) Send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode frame: %w", err)
	}
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(b)))
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.Conn.Write(append(hdr[:], b...)); err != nil {
		return fmt.Errorf("send frame: %w", err)
	}
	return nil
}

// Recv reads one frame into v.
func (c *Conn) Recv(v any) error {
	var hdr [4]byte
	if _, err := io.ReadFull(c.r, hdr[:]); err != nil {
		return fmt.Errorf("read frame: %w", err)
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n > MaxFrame {
		return fmt.Errorf("read frame: %d bytes exceeds limit", n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(c.r, b); err != nil {
		return fmt.Errorf("read frame: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode frame: %w", err)
	}
	return nil
}

// Request sends req and waits up to timeout for one reply frame.
func (c *Conn) Request(req, reply any, timeout time.Duration) error {
	if timeout > 0 {
		_ = c.SetDeadline(time.Now().Add(timeout))
		defer c.SetDeadline(time.Time{})
	}
	if err := c.Send(req); err != nil {
		return err
	}
	return c.Recv(reply)
}
