package netfault

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echoServer answers each line with the same line.
func echoServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); _, _ = io.Copy(c, c) }()
		}
	}()
	return ln.Addr().String()
}

// startProxy serves p on a local port, dialling upstream instead of the
// original destination (there is no REDIRECT in a unit test).
func startProxy(t *testing.T, p *Proxy, upstream string) string {
	t.Helper()
	p.Dial = func(ctx context.Context, _ net.Conn) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp4", upstream)
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
	})
	return ln.Addr().String()
}

func TestProxyDelaysOneDirectionInOrder(t *testing.T) {
	const delay = 150 * time.Millisecond
	tests := []struct {
		name   string
		dir    Direction
		jitter time.Duration
	}{
		{"upstream", DelayUpstream, 0},
		{"downstream", DelayDownstream, 0},
		{"upstream with jitter", DelayUpstream, 50 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			addr := startProxy(t, &Proxy{Delay: delay, Jitter: tc.jitter, Direction: tc.dir}, echoServer(t))
			c, err := net.Dial("tcp4", addr)
			require.NoError(t, err)
			defer c.Close()
			require.NoError(t, c.SetDeadline(time.Now().Add(10*time.Second)))
			r := bufio.NewReader(c)
			for i := range 5 {
				began := time.Now()
				_, err := fmt.Fprintf(c, "line %d\n", i)
				require.NoError(t, err)
				got, err := r.ReadString('\n')
				require.NoError(t, err)
				rtt := time.Since(began)
				assert.Equal(t, fmt.Sprintf("line %d\n", i), got, "bytes arrive whole and in order")
				assert.GreaterOrEqual(t, rtt, delay-tc.jitter, "one direction is delayed")
				assert.Less(t, rtt, 2*delay+tc.jitter, "only one direction is delayed")
			}
		})
	}
}

func TestProxyHalfCloseAndDialFailure(t *testing.T) {
	addr := startProxy(t, &Proxy{Delay: 10 * time.Millisecond}, echoServer(t))
	c, err := net.Dial("tcp4", addr)
	require.NoError(t, err)
	_, err = c.Write([]byte("bye"))
	require.NoError(t, err)
	require.NoError(t, c.(*net.TCPConn).CloseWrite())
	require.NoError(t, c.SetDeadline(time.Now().Add(5*time.Second)))
	all, err := io.ReadAll(c)
	require.NoError(t, err, "the server's close travels back through the proxy")
	assert.Equal(t, "bye", string(all))
	_ = c.Close()

	dead := startProxy(t, &Proxy{Delay: time.Millisecond}, "127.0.0.1:1")
	c, err = net.Dial("tcp4", dead)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(5*time.Second)))
	_, err = c.Read(make([]byte, 1))
	assert.Error(t, err, "an unreachable upstream closes the client, as a dead peer would")
}

func TestOriginalDstWithoutRedirect(t *testing.T) {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	// The client holds its connection open until the test has asked the
	// kernel about it.
	asked := make(chan struct{})
	defer close(asked)
	go func() {
		c, err := net.Dial("tcp4", ln.Addr().String())
		if err == nil {
			defer c.Close()
			<-asked
		}
	}()
	c, err := ln.Accept()
	require.NoError(t, err)
	defer c.Close()
	// Without a REDIRECT the kernel answers with the address dialled when
	// conntrack tracks the connection, and fails when it does not.
	dst, err := OriginalDst(c)
	if err != nil {
		assert.ErrorContains(t, err, "original destination")
		return
	}
	assert.Equal(t, ln.Addr().String(), dst)
}

func BenchmarkProxyThroughput(b *testing.B) {
	upstream, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(b, err)
	defer upstream.Close()
	go func() {
		for {
			c, err := upstream.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); _, _ = io.Copy(io.Discard, c) }()
		}
	}()
	p := &Proxy{Delay: time.Microsecond, Dial: func(ctx context.Context, _ net.Conn) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp4", upstream.Addr().String())
	}}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(b, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = p.Serve(ctx, ln) }()
	c, err := net.Dial("tcp4", ln.Addr().String())
	require.NoError(b, err)
	defer c.Close()
	buf := make([]byte, 32*1024)
	b.SetBytes(int64(len(buf)))
	b.ResetTimer()
	for range b.N {
		if _, err := c.Write(buf); err != nil {
			b.Fatal(err)
		}
	}
}
