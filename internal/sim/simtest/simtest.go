// Package simtest runs masters and minions of the double in-process on
// loopback addresses (127.0.0.1, 127.0.0.2, ... with identical ports, as
// Salt's own multimaster tests do). It is imported by tests only.
package simtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/minion"
	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/simver"
	"github.com/saltlab/saltlab/internal/sim/syndic"
	"github.com/saltlab/saltlab/internal/sim/wire"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// Buffer is a goroutine-safe log sink.
type Buffer = testenv.Buffer

// Resolver is a mutable name table: deleting a name imitates Docker's
// embedded DNS forgetting a stopped container.
type Resolver struct {
	mu sync.Mutex
	m  map[string][]string
}

// NewResolver returns a resolver with the given name → IP entries.
func NewResolver(kv ...string) *Resolver {
	r := &Resolver{m: map[string][]string{}}
	for i := 0; i+1 < len(kv); i += 2 {
		r.m[kv[i]] = []string{kv[i+1]}
	}
	return r
}

// Set maps host to ips; no ips removes the name.
func (r *Resolver) Set(host string, ips ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(ips) == 0 {
		delete(r.m, host)
		return
	}
	r.m[host] = ips
}

// LookupHost implements resolve.Resolver.
func (r *Resolver) LookupHost(_ context.Context, host string) ([]string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ips := r.m[host]; len(ips) > 0 {
		return append([]string(nil), ips...), nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// Counted is a view of a Resolver's table that counts, per name, the
// lookups made through it that found no address. Each is an attempt a
// daemon made and failed: an event a test can wait for where it would
// otherwise pause and hope the attempt happened.
type Counted struct {
	*Resolver
	mu     sync.Mutex
	misses map[string]int
}

// Counted returns a counting view of r; r.Set still changes what it sees.
func (r *Resolver) Counted() *Counted { return &Counted{Resolver: r, misses: map[string]int{}} }

// LookupHost implements resolve.Resolver and counts a miss.
func (c *Counted) LookupHost(ctx context.Context, host string) ([]string, error) {
	ips, err := c.Resolver.LookupHost(ctx, host)
	if err != nil {
		c.mu.Lock()
		c.misses[host]++
		c.mu.Unlock()
	}
	return ips, err
}

// Misses is how many lookups of host through c found no address.
func (c *Counted) Misses(host string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.misses[host]
}

// Ports picks a publish and a ret port that are free on every given IP.
// They come from below the kernel's ephemeral range: a port the kernel
// handed out by listening on :0 can be taken by another test's outgoing
// connection before the master binds it (or rebinds it after a restart).
// Each port is also reserved (see reservePort) until the test ends, so a
// parallel test, or another test binary of `go test ./...`, cannot pick it
// between this check and the master's bind.
func Ports(t testing.TB, ips ...string) (pub, ret int) {
	t.Helper()
	lo, hi := portRange()
	for attempt := 0; attempt < 200; attempt++ {
		ps := make([]int, 0, 2)
		var held []net.Listener
		var locks []*os.File
		for len(ps) < 2 {
			port := lo + rand.IntN(hi-lo)
			lock, ok := reservePort(port)
			if !ok {
				break
			}
			locks = append(locks, lock)
			ls, ok := listenAll(port, ips)
			held = append(held, ls...)
			if !ok {
				break
			}
			ps = append(ps, port)
		}
		for _, l := range held {
			l.Close()
		}
		if len(ps) == 2 {
			t.Cleanup(func() { releasePorts(locks) })
			return ps[0], ps[1]
		}
		releasePorts(locks)
	}
	t.Fatal("no free port pair")
	return 0, 0
}

// portRange is [20000, start of the ephemeral range).
func portRange() (lo, hi int) {
	lo, hi = 20000, 32768
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return lo, hi
	}
	var first, last int
	if _, err := fmt.Sscan(string(b), &first, &last); err == nil && first > lo+1000 {
		hi = first
	}
	return lo, hi
}

// listenAll binds port on every ip; ok is false if any bind fails.
func listenAll(port int, ips []string) (held []net.Listener, ok bool) {
	for _, ip := range ips {
		l, err := net.Listen("tcp", net.JoinHostPort(ip, strconv.Itoa(port)))
		if err != nil {
			return held, false
		}
		held = append(held, l)
	}
	return held, true
}

// MasterOpts returns master options for a loopback master with dirs under root.
func MasterOpts(root, ip string, pub, ret int, pkiDir string) config.Opts {
	o := config.MasterDefaults()
	o["interface"] = ip
	o["publish_port"] = pub
	o["ret_port"] = ret
	o["pki_dir"] = pkiDir
	o["cachedir"] = filepath.Join(root, "cache")
	o["sock_dir"] = filepath.Join(root, "sock")
	o["log_file"] = ""
	o["auto_accept"] = true
	o["timeout"] = 1
	o["gather_job_timeout"] = 1
	return o
}

// Master is a running in-process master.
type Master struct {
	*master.Master
	Opts config.Opts
	Log  *Buffer
	stop func()
}

// Stop stops the master (idempotent); connections are closed as on exit.
func (m *Master) Stop() { m.stop() }

// StartMaster runs a master of the default release line until Stop or test cleanup.
func StartMaster(t testing.TB, opts config.Opts) *Master {
	t.Helper()
	return StartMasterAs(t, opts, simver.DefaultRelease)
}

// StartMasterAs runs a master that behaves as Salt release line rel.
func StartMasterAs(t testing.TB, opts config.Opts, rel simver.Release) *Master {
	t.Helper()
	buf := &Buffer{}
	log := saltlog.New("salt.master", buf, saltlog.Debug)
	m, err := master.New(opts, log)
	require.NoError(t, err)
	m.Release = rel
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	require.Eventually(t, func() bool {
		select {
		case err := <-done:
			done <- err
			return true
		default:
		}
		return m.RetAddr() != ""
	}, 5*time.Second, 5*time.Millisecond)
	select {
	case err := <-done:
		require.NoError(t, err, "master exited early")
	default:
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(15 * time.Second):
				t.Errorf("master on %s did not stop", opts.Str("interface"))
			}
		})
	}
	t.Cleanup(stop)
	return &Master{Master: m, Opts: opts, Log: buf, stop: stop}
}

// MinionOpts returns minion options for a loopback lab minion.
func MinionOpts(root, id string, masters []any, pub, ret int) config.Opts {
	o := config.MinionDefaults()
	o["id"] = id
	o["master"] = masters
	o["master_port"] = ret
	// Salt's failover tests set the minion publish_port to the masters'
	// common port; it is also the port status.master checks.
	o["publish_port"] = pub
	o["pki_dir"] = filepath.Join(root, "pki")
	o["cachedir"] = filepath.Join(root, "cache")
	o["sock_dir"] = filepath.Join(root, "sock")
	o["config_dir"] = root
	o["log_file"] = ""
	o["auth_timeout"] = 1
	o["acceptance_wait_time"] = 0.2
	o["return_retry_timer"] = 1
	return o
}

// Minion is a running in-process salt-minion.
type Minion struct {
	*minion.Manager
	Log    *Buffer
	exited chan struct{}
	code   int
	stop   func() int
}

// Stop stops the minion and returns its exit code.
func (m *Minion) Stop() int { return m.stop() }

// Done is closed when the minion process has exited; Code is then valid.
func (m *Minion) Done() <-chan struct{} { return m.exited }

// Code is the exit code after Done.
func (m *Minion) Code() int { return m.code }

// StartMinion runs a salt-minion process equivalent in a goroutine.
func StartMinion(t testing.TB, opts config.Opts, r resolve.Resolver) *Minion {
	t.Helper()
	return StartMinionAs(t, opts, r, 0)
}

// StartMinionAs is StartMinion for a minion behaving as release line rel
// (SALTSIM_RELEASE; 0 is the default line).
func StartMinionAs(t testing.TB, opts config.Opts, r resolve.Resolver, rel simver.Release) *Minion {
	t.Helper()
	buf := &Buffer{}
	log := saltlog.New("salt.minion", buf, saltlog.Debug)
	mgr, err := minion.NewManager(opts, minion.Deps{
		Resolver: r, Log: log, Probe: 200 * time.Millisecond,
		Hostname:    func() (string, error) { return "testhost", nil },
		RejectDelay: func() time.Duration { return 0 },
		Release:     rel,
	})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	m := &Minion{Manager: mgr, Log: buf, exited: make(chan struct{})}
	go func() {
		m.code = mgr.Run(ctx)
		close(m.exited)
	}()
	m.stop = func() int {
		cancel()
		select {
		case <-m.exited:
			return m.code
		case <-time.After(10 * time.Second):
			return -1
		}
	}
	t.Cleanup(func() { m.stop() })
	return m
}

// WaitConnected waits until every Minion object of m reports master host.
func WaitConnected(t testing.TB, m *Minion, host string, within time.Duration) {
	t.Helper()
	require.Eventually(t, func() bool {
		ms := m.Masters()
		if len(ms) == 0 {
			return false
		}
		for _, x := range ms {
			if x != host {
				return false
			}
		}
		return true
	}, within, 20*time.Millisecond, fmt.Sprintf("minion %s not connected to %s; log:\n%s", m.ID(), host, m.Log.String()))
}

// WriteConfig writes opts as <dir>/<kind> so CLI programs can load them with -c dir.
func WriteConfig(t testing.TB, dir string, kind config.Kind, opts config.Opts) {
	t.Helper()
	clean := map[string]any{}
	for k, v := range opts {
		if k == "conf_file" || k == "config_dir" {
			continue
		}
		clean[k] = v
	}
	b, err := yaml.Marshal(clean)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, string(kind)), b, 0o644))
}

// TempDir is a short temporary directory: unix socket paths (sock_dir) must
// stay under 108 bytes, which t.TempDir's long names can exceed.
func TempDir(t testing.TB) string {
	t.Helper()
	d, err := os.MkdirTemp("", "ss")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// Syndic is a running in-process salt-syndic.
type Syndic struct {
	*syndic.Syndic
	Log  *Buffer
	stop func() int
}

// Stop stops the syndic and returns its exit code.
func (s *Syndic) Stop() int { return s.stop() }

// StartSyndic runs a salt-syndic next to the master configured by
// masterOpts (its syndic_* options) with id and pki_dir from minionOpts.
func StartSyndic(t testing.TB, masterOpts, minionOpts config.Opts, r *Resolver) *Syndic {
	t.Helper()
	buf := &Buffer{}
	log := saltlog.New("salt.syndic", buf, saltlog.Debug)
	s, err := syndic.New(masterOpts, minionOpts, syndic.Deps{
		Resolver: r, Log: log, Probe: 200 * time.Millisecond,
		Hostname:    func() (string, error) { return "testhost", nil },
		RejectDelay: func() time.Duration { return 0 },
	})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- s.Run(ctx) }()
	var once sync.Once
	code := -1
	stop := func() int {
		once.Do(func() {
			cancel()
			select {
			case code = <-done:
			case <-time.After(10 * time.Second):
				t.Errorf("syndic %s did not stop", s.ID())
			}
		})
		return code
	}
	t.Cleanup(func() { stop() })
	return &Syndic{Syndic: s, Log: buf, stop: stop}
}

// Subscribed lists the minion ids holding a live publish connection to m
// (the master's local "connected" command).
func (m *Master) Subscribed() ([]string, error) {
	c, err := wire.Dial("unix", filepath.Join(m.Opts.Str("sock_dir"), master.SocketName), time.Second)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	var ids []string
	err = c.Request(wire.LocalRequest{Cmd: wire.LocalConnected}, &ids, time.Second)
	return ids, err
}

// WaitSubscribed waits until every id has a publish connection to m. A
// minion reports itself connected right after sign-in, a moment before its
// subscription reaches the master; a job published in between is lost to it,
// as with a ZeroMQ PUB socket.
func WaitSubscribed(t testing.TB, m *Master, within time.Duration, ids ...string) {
	t.Helper()
	var got []string
	require.Eventually(t, func() bool {
		var err error
		got, err = m.Subscribed()
		if err != nil {
			return false
		}
		have := map[string]bool{}
		for _, id := range got {
			have[id] = true
		}
		for _, id := range ids {
			if !have[id] {
				return false
			}
		}
		return true
	}, within, 20*time.Millisecond, "minions %v not all subscribed to %s", ids, m.Opts.Str("interface"))
}

// InOrder reports whether every line occurs in log, each after the previous.
func InOrder(log string, lines []string) bool { return missingInOrder(log, lines) == "" }

// AssertInOrder fails t unless every line occurs in log in this order.
func AssertInOrder(t testing.TB, log string, lines []string) {
	t.Helper()
	if l := missingInOrder(log, lines); l != "" {
		t.Errorf("%q missing (in order); log:\n%s", l, log)
	}
}

// missingInOrder returns the first line not found after its predecessor.
func missingInOrder(log string, lines []string) string {
	at := 0
	for _, l := range lines {
		i := strings.Index(log[at:], l)
		if i < 0 {
			return l
		}
		at += i + len(l)
	}
	return ""
}
