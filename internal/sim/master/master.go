// Package master is the salt-master daemon of the double: the ret port
// (sign-in and returns), the publish port, the job cache and the local
// client socket used by the salt/salt-run CLIs.
package master

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/simver"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// SocketName is the local client socket under sock_dir. Salt's salt-api
// checks that workers.ipc exists, so the double uses the same name.
const SocketName = "workers.ipc"

// Master is one running salt-master.
type Master struct {
	// Release is the Salt line the master behaves as (zero: the default);
	// set it before Run.
	Release simver.Release
	// id is opts["id"] as salt-key derives it too (config.MasterID); 3007's
	// AES rotation drop file names it.
	id   string
	opts config.Opts
	log  *saltlog.Logger
	keys *pki.KeyPair
	dirs pki.KeyDirs
	// aes is the session key; salt-key -d rotates it (see rotate.go).
	aesMu sync.RWMutex
	aes   []byte
	jobs  *jobCache
	pub   *publisher
	bus   *events.Bus
	// pubSig is the master_sign_pubkey signature of master.pub ("" = unsigned).
	pubSig string

	mu        sync.Mutex
	closed    bool
	listeners []net.Listener
	conns     map[net.Conn]struct{}
	wg        sync.WaitGroup
}

// New prepares a master: key pair (shared pki_dir safe), key dirs, caches,
// and a fresh AES key (Salt generates a new one on every start).
func New(opts config.Opts, log *saltlog.Logger) (*Master, error) {
	pkiDir := opts.Str("pki_dir")
	keys, err := pki.LoadOrCreate(pkiDir, "master")
	if err != nil {
		return nil, fmt.Errorf("load master keys: %w", err)
	}
	dirs := pki.KeyDirs{Root: pkiDir}
	if err := dirs.Ensure(); err != nil {
		return nil, err
	}
	for _, d := range []string{filepath.Join(opts.Str("cachedir"), "jobs"), opts.Str("sock_dir")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("create master dir: %w", err)
		}
	}
	aes, err := wire.NewAESKey()
	if err != nil {
		return nil, err
	}
	pubSig, err := loadPubSig(opts, keys, log)
	if err != nil {
		return nil, err
	}
	id, err := config.MasterID(opts, os.Hostname)
	if err != nil {
		return nil, fmt.Errorf("derive master id: %w", err)
	}
	m := &Master{id: id, opts: opts, log: log, keys: keys, dirs: dirs, aes: aes, pubSig: pubSig, conns: map[net.Conn]struct{}{}}
	m.jobs = newJobCache(filepath.Join(opts.Str("cachedir"), "jobs"))
	m.pub = newPublisher(m.currentAES, opts.Int("pub_hwm", 1000), log)
	m.bus = events.NewBus()
	return m, nil
}

// Run serves until ctx is cancelled, then closes every listener and
// connection so minions see the master go away (FIN), as a stopped process would.
func (m *Master) Run(ctx context.Context) error {
	iface := m.opts.Str("interface")
	m.log.Infof("Setting up the Salt Master")
	ret, err := net.Listen("tcp", net.JoinHostPort(iface, strconv.Itoa(m.opts.Int("ret_port", 4506))))
	if err != nil {
		return fmt.Errorf("listen ret port: %w", err)
	}
	pub, err := net.Listen("tcp", net.JoinHostPort(iface, strconv.Itoa(m.opts.Int("publish_port", 4505))))
	if err != nil {
		ret.Close()
		return fmt.Errorf("listen publish port: %w", err)
	}
	sock := filepath.Join(m.opts.Str("sock_dir"), SocketName)
	_ = os.Remove(sock)
	local, err := net.Listen("unix", sock)
	if err != nil {
		ret.Close()
		pub.Close()
		return fmt.Errorf("listen local socket: %w", err)
	}
	m.mu.Lock()
	m.listeners = []net.Listener{ret, pub, local}
	m.mu.Unlock()
	m.serve(ret, m.handleRet)
	m.serve(pub, m.handlePub)
	m.serve(local, m.handleLocal)
	m.log.Infof("Starting the Salt Publisher on tcp://%s", pub.Addr())
	m.log.Infof("Setting up the master communication server on tcp://%s", ret.Addr())
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		m.maintenance(ctx)
	}()
	<-ctx.Done()
	m.log.Infof("The salt master is shut down.") // INFER: exact shutdown text
	m.shutdown()
	_ = os.Remove(sock)
	return nil
}

func (m *Master) shutdown() {
	m.mu.Lock()
	m.closed = true
	for _, l := range m.listeners {
		l.Close()
	}
	for c := range m.conns {
		c.Close()
	}
	m.mu.Unlock()
	m.wg.Wait()
}

func (m *Master) serve(l net.Listener, handle func(*wire.Conn)) {
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				if !errors.Is(err, net.ErrClosed) {
					m.log.Errorf("accept: %v", err)
				}
				return
			}
			m.mu.Lock()
			if m.closed {
				// accepted while shutting down: shutdown has already closed
				// the tracked connections and would not see this one
				m.mu.Unlock()
				c.Close()
				return
			}
			m.conns[c] = struct{}{}
			m.mu.Unlock()
			m.wg.Add(1)
			go func() {
				defer m.wg.Done()
				defer func() {
					m.mu.Lock()
					delete(m.conns, c)
					m.mu.Unlock()
					c.Close()
				}()
				handle(wire.NewConn(c))
			}()
		}
	}()
}

// listenerAddr reports a bound address (ret, publish, local) by index.
func (m *Master) listenerAddr(i int) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i < len(m.listeners) {
		return m.listeners[i].Addr().String()
	}
	return ""
}

// RetAddr is the bound ret address ("" before Run binds it).
func (m *Master) RetAddr() string { return m.listenerAddr(0) }
