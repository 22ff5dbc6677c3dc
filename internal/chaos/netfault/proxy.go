// Package netfault is the userspace side of network faults on hosts whose
// kernel has no netem: a transparent TCP proxy that delays the bytes one
// side sends. It runs in a chaos helper container that shares the target's
// network namespace; iptables REDIRECT sends the target's Salt connections
// through it, and SO_ORIGINAL_DST tells it where each connection was going.
package netfault

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"sync"
	"syscall"
	"time"
)

// Direction says which bytes of a proxied connection are delayed.
type Direction int

const (
	// DelayUpstream delays bytes from the original destination back to the
	// client: the proxy stands in front of a server in the target (its
	// listener gets PREROUTING redirects), so what the target sends is late.
	DelayUpstream Direction = iota
	// DelayDownstream delays bytes from the client to the original
	// destination: the target is the client (OUTPUT redirects).
	DelayDownstream
)

// Proxy delays one direction of every connection it accepts.
type Proxy struct {
	Delay  time.Duration
	Jitter time.Duration // each chunk gets Delay ± a uniform random Jitter
	// Mark is set (SO_MARK) on upstream connections so the REDIRECT rule
	// can skip them instead of looping them back into the proxy.
	Mark      int
	Direction Direction
	// Dial overrides the upstream address (tests); nil uses SO_ORIGINAL_DST.
	Dial func(ctx context.Context, client net.Conn) (net.Conn, error)
}

// Serve accepts connections on ln until ctx ends.
func (p *Proxy) Serve(ctx context.Context, ln net.Listener) error {
	stop := context.AfterFunc(ctx, func() { _ = ln.Close() })
	defer stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("accept: %w", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.handle(ctx, c)
		}()
	}
}

func (p *Proxy) handle(ctx context.Context, client net.Conn) {
	defer client.Close()
	dial := p.Dial
	if dial == nil {
		dial = p.dialOriginal
	}
	up, err := dial(ctx, client)
	if err != nil {
		return // the client sees a reset, as it would from a dead peer
	}
	defer up.Close()
	toUp, toClient := time.Duration(0), p.Delay
	jUp, jClient := time.Duration(0), p.Jitter
	if p.Direction == DelayDownstream {
		toUp, toClient, jUp, jClient = p.Delay, 0, p.Jitter, 0
	}
	done := make(chan struct{}, 2)
	go func() { pipe(up, client, toUp, jUp); done <- struct{}{} }()
	go func() { pipe(client, up, toClient, jClient); done <- struct{}{} }()
	// Both directions must finish: after a half-close the other side may
	// still have delayed bytes queued.
	for range 2 {
		select {
		case <-done:
		case <-ctx.Done():
			return
		}
	}
}

func (p *Proxy) dialOriginal(ctx context.Context, client net.Conn) (net.Conn, error) {
	dst, err := OriginalDst(client)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: 10 * time.Second, Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_MARK, p.Mark)
		})
		return errors.Join(err, serr)
	}}
	return d.DialContext(ctx, "tcp4", dst)
}

// chunk is data read at a time, to be written after a delay.
type chunk struct {
	data []byte
	due  time.Time
}

// pipe copies src to dst, each chunk written delay±jitter after it was
// read, never before the previous chunk (TCP keeps order). It closes dst's
// write side when src ends so half-closes travel through.
func pipe(dst, src net.Conn, delay, jitter time.Duration) {
	q := make(chan chunk, 1024)
	go func() {
		defer close(q)
		buf := make([]byte, 32*1024)
		for {
			n, err := src.Read(buf)
			if n > 0 {
				d := delay
				if jitter > 0 {
					d += time.Duration(rand.Int64N(int64(2*jitter+1))) - jitter
				}
				q <- chunk{data: append([]byte(nil), buf[:n]...), due: time.Now().Add(d)}
			}
			if err != nil {
				return
			}
		}
	}()
	var last time.Time
	for c := range q {
		if c.due.Before(last) {
			c.due = last
		}
		last = c.due
		time.Sleep(time.Until(c.due)) // the delay is the fault itself
		if _, err := dst.Write(c.data); err != nil {
			_ = src.Close()
			for range q { // drain so the reader can finish
			}
			return
		}
	}
	if cw, ok := dst.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	} else {
		_ = dst.Close()
	}
}
