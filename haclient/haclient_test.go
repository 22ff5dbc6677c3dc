package haclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeAPI is one salt-api process: its own sessions, like CherryPy's
// in-memory storage. mode changes how it answers lowstate.
type fakeAPI struct {
	srv      *httptest.Server
	mu       sync.Mutex
	sessions map[string]bool
	mode     string // "", "503", "hang", "forget" (drop sessions once)
	logins   atomic.Int32
	runs     atomic.Int32
	name     string
	stop     chan struct{} // ends hanging handlers before the server closes
}

func newFakeAPI(t *testing.T, name string) *fakeAPI {
	t.Helper()
	f := &fakeAPI{sessions: map[string]bool{}, name: name, stop: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, r *http.Request) {
		var c map[string]string
		if json.NewDecoder(r.Body).Decode(&c) != nil || c["password"] != "pw" {
			http.Error(w, "401", http.StatusUnauthorized)
			return
		}
		if f.getMode() == "503" {
			http.Error(w, "503", http.StatusServiceUnavailable)
			return
		}
		tok := name + "-" + string(rune('a'+f.logins.Add(1)))
		f.mu.Lock()
		f.sessions[tok] = true
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"return": []any{map[string]any{"token": tok}}})
	})
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, r *http.Request) {
		if !f.known(r) {
			http.Error(w, "401", http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`{}`))
	})
	mux.HandleFunc("POST /{$}", func(w http.ResponseWriter, r *http.Request) {
		switch f.getMode() {
		case "hang":
			io.Copy(io.Discard, r.Body) // lets the server notice the client leave
			select {
			case <-r.Context().Done():
			case <-f.stop:
			}
			return
		case "forget":
			f.setMode("")
			f.mu.Lock()
			f.sessions = map[string]bool{}
			f.mu.Unlock()
		}
		if !f.known(r) {
			http.Error(w, "401", http.StatusUnauthorized)
			return
		}
		f.runs.Add(1)
		if f.getMode() == "503" {
			http.Error(w, "503", http.StatusServiceUnavailable)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"return": []any{map[string]any{"m1": true, "by": name}}})
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	t.Cleanup(func() { close(f.stop) }) // runs before srv.Close
	return f
}

func (f *fakeAPI) known(r *http.Request) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.sessions[r.Header.Get("X-Auth-Token")]
}
func (f *fakeAPI) getMode() string  { f.mu.Lock(); defer f.mu.Unlock(); return f.mode }
func (f *fakeAPI) setMode(m string) { f.mu.Lock(); defer f.mu.Unlock(); f.mode = m }

func newClient(t *testing.T, eps ...string) *Client {
	t.Helper()
	c, err := New(Config{Endpoints: eps, Username: "ops", Password: "pw", Eauth: "file",
		RequestTimeout: 500 * time.Millisecond, RetryBudget: 3 * time.Second, Backoff: 20 * time.Millisecond})
	require.NoError(t, err)
	return c
}

// downURL is an address that refuses connections: a server closed at once.
func downURL(t *testing.T) string {
	s := httptest.NewServer(http.NotFoundHandler())
	s.Close()
	return s.URL
}

func TestRun(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name         string
		setup        func(a, b *fakeAPI)
		endpoints    func(a, b *fakeAPI) []string
		wantBy       string
		wantRepeated bool
		wantErr      []string
	}{
		{"first endpoint serves", func(a, b *fakeAPI) {}, func(a, b *fakeAPI) []string { return []string{a.srv.URL, b.srv.URL} }, "a", false, nil},
		{"401 logs in again on the same endpoint", func(a, b *fakeAPI) { a.setMode("forget") },
			func(a, b *fakeAPI) []string { return []string{a.srv.URL, b.srv.URL} }, "a", false, nil},
		{"refused connection moves on, not repeated", func(a, b *fakeAPI) {},
			func(a, b *fakeAPI) []string { return []string{downURL(t), b.srv.URL} }, "b", false, nil},
		{"503 moves on and says it may be repeated", func(a, b *fakeAPI) { a.setMode("503") },
			func(a, b *fakeAPI) []string { return []string{a.srv.URL, b.srv.URL} }, "b", true, nil},
		{"timeout moves on and says it may be repeated", func(a, b *fakeAPI) { a.setMode("hang") },
			func(a, b *fakeAPI) []string { return []string{a.srv.URL, b.srv.URL} }, "b", true, nil},
		{"every endpoint down names each failure", func(a, b *fakeAPI) { a.setMode("503"); b.srv.Close() },
			func(a, b *fakeAPI) []string { return []string{a.srv.URL, b.srv.URL} }, "", false,
			[]string{"every endpoint failed", "deadline exceeded", a0 + ": ", "503", b0 + ": ", "connection refused"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := newFakeAPI(t, "a"), newFakeAPI(t, "b")
			eps := tt.endpoints(a, b)
			c := newClient(t, eps...)
			require.NoError(t, c.Login(ctx)) // sessions exist before the fault
			tt.setup(a, b)
			res, err := c.Run(ctx, Lowstate{"client": "local", "tgt": "*", "fun": "test.ping"})
			if tt.wantErr != nil {
				require.Error(t, err)
				msg := err.Error()
				for _, w := range tt.wantErr {
					w = replaceEndpoints(w, a, b)
					assert.Contains(t, msg, w)
				}
				var all *AllFailedError
				require.ErrorAs(t, err, &all)
				return
			}
			require.NoError(t, err)
			m, err := res.Minions()
			require.NoError(t, err)
			assert.Equal(t, tt.wantBy, m["by"])
			assert.Equal(t, tt.wantRepeated, res.MaybeRepeated)
		})
	}
}

// placeholders for the endpoints, replaced per test.
const (
	a0 = "<a>"
	b0 = "<b>"
)

func replaceEndpoints(s string, a, b *fakeAPI) string {
	switch s {
	case a0 + ": ":
		return a.srv.URL + ": "
	case b0 + ": ":
		return b.srv.URL + ": "
	}
	return s
}

func TestRunDoesNotRetryAmbiguousWhenAsked(t *testing.T) {
	a, b := newFakeAPI(t, "a"), newFakeAPI(t, "b")
	c, err := New(Config{Endpoints: []string{a.srv.URL, b.srv.URL}, Username: "ops", Password: "pw", Eauth: "file",
		RequestTimeout: 500 * time.Millisecond, NoAmbiguousRetry: true})
	require.NoError(t, err)
	require.NoError(t, c.Login(context.Background()))
	a.setMode("503")
	_, err = c.Run(context.Background(), Lowstate{"client": "local", "tgt": "*", "fun": "cmd.run"})
	require.ErrorContains(t, err, "may have run")
	assert.Equal(t, int32(1), a.runs.Load())
	assert.Equal(t, int32(0), b.runs.Load(), "the request must not reach the second endpoint")
}

func TestRunStopsWhenTheContextEnds(t *testing.T) {
	a := newFakeAPI(t, "a")
	c := newClient(t, a.srv.URL)
	require.NoError(t, c.Login(context.Background()))
	a.setMode("hang")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.Run(ctx, Lowstate{"client": "local", "tgt": "*", "fun": "test.ping"})
	require.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(start), 400*time.Millisecond, "cancel must end the call before the attempt timeout")
}

func TestStaysOnTheEndpointThatAnswered(t *testing.T) {
	a, b := newFakeAPI(t, "a"), newFakeAPI(t, "b")
	c := newClient(t, a.srv.URL, b.srv.URL)
	a.setMode("503")
	_, err := c.Local(context.Background(), "*", "test.ping")
	require.NoError(t, err)
	a.setMode("")
	res, err := c.Local(context.Background(), "*", "test.ping")
	require.NoError(t, err)
	assert.Equal(t, b.srv.URL, res.Endpoint, "no reason to move back while b answers")
	assert.Len(t, res.Attempts, 1)
}

func TestHealthLogsInAgainOn401(t *testing.T) {
	a := newFakeAPI(t, "a")
	c := newClient(t, a.srv.URL)
	require.NoError(t, c.Health(context.Background()))
	a.mu.Lock()
	a.sessions = map[string]bool{} // salt-api restarted
	a.mu.Unlock()
	require.NoError(t, c.Health(context.Background()))
	assert.Equal(t, int32(2), a.logins.Load())
}

func TestNew(t *testing.T) {
	pw := filepath.Join(t.TempDir(), "pw")
	require.NoError(t, os.WriteFile(pw, []byte("pw\n"), 0o600))
	a := newFakeAPI(t, "a")
	tests := []struct {
		name    string
		cfg     Config
		wantErr string
	}{
		{"password file", Config{Endpoints: []string{a.srv.URL}, Username: "ops", PasswordFile: pw, Eauth: "file"}, ""},
		{"no endpoints", Config{Username: "ops", Password: "pw", Eauth: "file"}, "no endpoints"},
		{"no eauth", Config{Endpoints: []string{a.srv.URL}, Username: "ops", Password: "pw"}, "Eauth"},
		{"missing password file", Config{Endpoints: []string{a.srv.URL}, Username: "ops", PasswordFile: pw + "x", Eauth: "file"}, "read salt-api password file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.cfg)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			require.NoError(t, c.Login(context.Background()), "the file's password, without its newline, logs in")
		})
	}
}

func TestBadCredentialsAreFinal(t *testing.T) {
	a, b := newFakeAPI(t, "a"), newFakeAPI(t, "b")
	c, err := New(Config{Endpoints: []string{a.srv.URL, b.srv.URL}, Username: "ops", Password: "nope", Eauth: "file"})
	require.NoError(t, err)
	err = c.Login(context.Background())
	require.ErrorContains(t, err, "401")
	assert.False(t, errors.Is(err, context.DeadlineExceeded), "a refused login is not retried until the budget ends")
}

// An attempt the budget cuts short says only that the client gave up; the
// error names what each endpoint itself did wrong.
func TestAllFailedErrorNamesTheEndpointsOwnFailure(t *testing.T) {
	refused := errors.New("dial tcp: connection refused")
	cut := fmt.Errorf("log in to salt-api: %w", context.DeadlineExceeded)
	tests := []struct {
		name     string
		attempts []Attempt
		want     []string
		not      []string
	}{
		{"cut-short last attempt hides nothing",
			[]Attempt{{Endpoint: "a", Err: refused}, {Endpoint: "a", Err: cut, CutShort: true}},
			[]string{"a: dial tcp: connection refused"}, []string{"a: log in"}},
		{"only cut-short attempts are still named",
			[]Attempt{{Endpoint: "a", Err: cut, CutShort: true}},
			[]string{"a: log in to salt-api: context deadline exceeded"}, nil},
		{"the latest own failure wins",
			[]Attempt{{Endpoint: "a", Err: cut, CutShort: true}, {Endpoint: "a", Err: refused}, {Endpoint: "b", Err: errors.New("503")}},
			[]string{"a: dial tcp: connection refused", "b: 503"}, []string{"a: log in"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := (&AllFailedError{Attempts: tt.attempts, Cause: context.DeadlineExceeded}).Error()
			for _, w := range tt.want {
				assert.Contains(t, msg, w)
			}
			for _, n := range tt.not {
				assert.NotContains(t, msg, n)
			}
		})
	}
}
