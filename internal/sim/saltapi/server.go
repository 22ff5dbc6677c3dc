package saltapi

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/jid"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
)

// Server is one salt-api process.
type Server struct {
	opts     config.Opts
	api      apiOpts
	log      *saltlog.Logger
	stdout   io.Writer
	auth     *eauth.Auth
	lc       *localclient.Client
	keys     pki.KeyDirs
	clients  map[string]bool
	sessions *sessionStore
	jids     jid.Gen
	now      func() time.Time
	started  time.Time
	requests atomic.Int64

	mu   sync.Mutex
	addr string
}

// New validates the configuration like rest_cherrypy's loader and start():
// ErrNoNetapi without a usable block, errSSLRequired without certificates.
func New(opts config.Opts, log *saltlog.Logger, stdout io.Writer) (*Server, error) {
	api, err := parseAPIOpts(opts)
	if err != nil {
		return nil, err
	}
	auth, err := eauth.New(opts, log)
	if err != nil {
		return nil, err
	}
	return &Server{
		opts: opts, api: api, log: log, stdout: stdout, auth: auth,
		lc:       localclient.New(opts, opts.Seconds("timeout", 5)),
		keys:     pki.KeyDirs{Root: opts.Str("pki_dir")},
		clients:  enabledClients(opts),
		sessions: newSessionStore(),
		now:      time.Now,
		started:  time.Now(),
	}, nil
}

// Addr is the bound address once Run listens.
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Run serves until ctx ends; TLS when ssl_crt/ssl_key are set.
func (s *Server) Run(ctx context.Context) error {
	l, err := net.Listen("tcp", net.JoinHostPort(s.api.Host, strconv.Itoa(s.api.Port)))
	if err != nil {
		return fmt.Errorf("listen rest_cherrypy: %w", err)
	}
	scheme := "http"
	if s.api.SSLCrt != "" && s.api.SSLKey != "" {
		cert, err := tls.LoadX509KeyPair(s.api.SSLCrt, s.api.SSLKey)
		if err != nil {
			l.Close()
			return fmt.Errorf("load ssl_crt/ssl_key: %w", err)
		}
		l = tls.NewListener(l, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
		scheme = "https"
	}
	s.mu.Lock()
	s.addr = l.Addr().String()
	s.mu.Unlock()
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 30 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx }}
	s.engine("Bus STARTING")
	s.engine("Serving on %s://%s", scheme, l.Addr())
	s.engine("Bus STARTED")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
		s.engine("Bus STOPPED")
		return nil
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("serve rest_cherrypy: %w", err)
	}
}

// engine logs like CherryPy's engine through Salt's logging:
// "[23/Nov/2026:02:56:22] ENGINE Serving on http://0.0.0.0:8000".
func (s *Server) engine(format string, args ...any) {
	s.log.Infof("[%s] ENGINE %s", s.now().Format("02/Jan/2006:15:04:05"), fmt.Sprintf(format, args...))
}
