package simtest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltapi"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/stretchr/testify/require"
)

// API is a running in-process salt-api.
type API struct {
	*saltapi.Server
	URL  string
	Log  *Buffer
	Out  *Buffer
	stop func()
}

// Stop stops the API (idempotent).
func (a *API) Stop() { a.stop() }

// APIOpts adds a plain-HTTP rest_cherrypy block on 127.0.0.1 (ephemeral
// port), the four clients the double has, and extra options to master opts.
func APIOpts(master config.Opts, extra map[string]any) config.Opts {
	o := master.Copy()
	o["rest_cherrypy"] = map[string]any{"port": 0, "host": "127.0.0.1", "disable_ssl": true}
	o["netapi_enable_clients"] = []any{"local", "local_async", "runner", "wheel"}
	for k, v := range extra {
		o[k] = v
	}
	return o
}

// StartAPI runs salt-api until Stop or test cleanup.
func StartAPI(t testing.TB, opts config.Opts) *API {
	t.Helper()
	logBuf, out := &Buffer{}, &Buffer{}
	srv, err := saltapi.New(opts, saltlog.New("salt.netapi", logBuf, saltlog.Debug), out)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	require.Eventually(t, func() bool { return srv.Addr() != "" }, 5*time.Second, 5*time.Millisecond, "salt-api did not listen; log:\n%s", logBuf.String())
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				require.NoError(t, err)
			case <-time.After(10 * time.Second):
				t.Errorf("salt-api did not stop")
			}
		})
	}
	t.Cleanup(stop)
	scheme := "http"
	if rc, _ := opts["rest_cherrypy"].(map[string]any); rc["ssl_crt"] != nil {
		scheme = "https"
	}
	return &API{Server: srv, URL: scheme + "://" + srv.Addr(), Log: logBuf, Out: out, stop: stop}
}
