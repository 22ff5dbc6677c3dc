package nginxconf

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// defaultStreamIdle is ngx_stream_proxy_module's proxy_timeout default.
const defaultStreamIdle = 10 * time.Minute

// StreamFailoverOf reads how the TCP balancer (nginx's stream module)
// listening on port moves a connection off a dead upstream server: the
// proxy_connect_timeout and proxy_timeout of its `server` block (else of
// the stream block, else nginx's defaults 60s and 10m,
// ngx_stream_proxy_module), and max_fails and
// fail_timeout of the first server of the upstream its proxy_pass names
// (ngx_stream_upstream_module; defaults 1 and 10s). It fails when
// proxy_next_upstream is off there: nginx then closes the client's
// connection instead of trying the next server, and no detour is bounded.
func StreamFailoverOf(ds []Directive, port int) (Failover, error) {
	f := Failover{ConnectTimeout: defaultConnectTimeout, MaxFails: defaultMaxFails, FailTimeout: defaultFailTimeout, IdleTimeout: defaultStreamIdle}
	scope, ok := streamServer(ds, port)
	if !ok {
		return f, fmt.Errorf("read nginx stream failover: no stream server listens on port %d", port)
	}
	inServer := func(name string) (Directive, bool) {
		for _, d := range ds {
			if d.Name == name && d.Scope == scope {
				return d, true
			}
		}
		for _, d := range ds {
			if d.Name == name && len(d.Block) == 1 && d.Block[0] == "stream" {
				return d, true
			}
		}
		return Directive{}, false
	}
	if d, ok := inServer("proxy_connect_timeout"); ok {
		t, err := parseTime(d)
		if err != nil {
			return f, err
		}
		f.ConnectTimeout = t
	}
	if d, ok := inServer("proxy_timeout"); ok {
		t, err := parseTime(d)
		if err != nil {
			return f, err
		}
		f.IdleTimeout = t
	}
	if d, ok := inServer("proxy_next_upstream"); ok && len(d.Args) == 1 && d.Args[0] == "off" {
		return f, fmt.Errorf("read nginx stream failover: port %d has proxy_next_upstream off, so a connect to a dead server fails instead of moving on: no detour to bound", port)
	}
	d, ok := inServer("proxy_pass")
	if !ok || len(d.Args) != 1 {
		return f, fmt.Errorf("read nginx stream failover: the server on port %d has no proxy_pass with one upstream", port)
	}
	return f, f.readUpstream(ds, d.Args[0])
}

// streamServer finds the scope of the stream `server` block that listens
// on port ("4506", "0.0.0.0:4506", "[::]:4506", with or without flags).
func streamServer(ds []Directive, port int) (int, bool) {
	want := strconv.Itoa(port)
	for _, d := range ds {
		if d.Name != "listen" || len(d.Args) == 0 || len(d.Block) != 2 || d.Block[0] != "stream" || d.Block[1] != "server" {
			continue
		}
		addr := d.Args[0]
		if i := strings.LastIndex(addr, ":"); i >= 0 {
			addr = addr[i+1:]
		}
		if addr == want {
			return d.Scope, true
		}
	}
	return 0, false
}

// Detour is the most one connection loses on dead servers before a live
// one takes it: proxy_connect_timeout on each of dead (proxy_next_upstream
// tries the next server after a failed connect).
func (f Failover) Detour(dead int) time.Duration { return time.Duration(dead) * f.ConnectTimeout }

// Avoidance says how long the balancer keeps away from a server once it
// failed: after max_fails failed connects within fail_timeout it sends it
// no connection for fail_timeout, then tries it again with one.
func (f Failover) Avoidance() string {
	if f.MaxFails == 0 {
		return "max_fails 0: nginx never marks a server down and tries it for every connection"
	}
	return fmt.Sprintf("after max_fails %d failed connect(s) within fail_timeout %s nginx sends it nothing for fail_timeout %s", f.MaxFails, f.FailTimeout, f.FailTimeout)
}
