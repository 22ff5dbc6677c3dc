package board

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/usage"
)

// serve starts the board over the fixture; it returns the server, its
// token and the reports folder.
func serve(t *testing.T) (*httptest.Server, string, string) {
	t.Helper()
	reports, drills := fixture(t)
	b, err := NewServer(&Source{Reports: reports, Drills: drills})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	srv := httptest.NewServer(b.Handler(ctx))
	t.Cleanup(func() { cancel(); srv.Close() })
	return srv, b.Token(), reports
}

func TestEveryRouteNeedsTheToken(t *testing.T) {
	srv, token, _ := serve(t)
	assert.Len(t, token, 32, "128 bits, hex")
	for _, tc := range []struct{ method, path string }{
		{"GET", "/"}, {"GET", "/api/view"}, {"GET", "/api/events"}, {"POST", "/api/next-fault?run=" + fixtureRun}, {"GET", "/reference?run=" + fixtureRun}, {"GET", "/nothing"},
	} {
		for _, q := range []string{"", "?token=", "?token=" + strings.Repeat("0", 32), "?token=" + token[:31]} {
			u := srv.URL + tc.path
			if q != "" {
				sep := "?"
				if strings.Contains(u, "?") {
					sep = "&"
				}
				u += sep + q[1:]
			}
			req, _ := http.NewRequest(tc.method, u, nil)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusForbidden, resp.StatusCode, "%s %s", tc.method, u)
		}
	}
	resp, err := http.Get(srv.URL + "/api/view?token=" + token)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "the right token opens it")
}

func TestAnotherHostNameIsRefused(t *testing.T) {
	srv, token, _ := serve(t)
	req, _ := http.NewRequest("GET", srv.URL+"/api/view?token="+token, nil)
	req.Host = "attacker.example:80" // a name that resolved to 127.0.0.1 (DNS rebinding)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
}

func TestThePageHoldsNoTokenAndNoData(t *testing.T) {
	srv, token, _ := serve(t)
	resp, err := http.Get(srv.URL + "/?token=" + token)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	page := string(b)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.NotContains(t, page, token)
	assert.NotContains(t, page, fixtureRun, "the drills come by the stream, not in the page")
	for _, far := range []string{`src="http`, `href="http`, "url(", "@import", "fetch('http", "//fonts."} {
		assert.NotContains(t, page, far, "nothing loaded from elsewhere: the board works offline")
	}
	csp := resp.Header.Get("Content-Security-Policy")
	assert.Contains(t, csp, "default-src 'none'")
	assert.Contains(t, csp, "connect-src 'self'")
	assert.Equal(t, "no-referrer", resp.Header.Get("Referrer-Policy"), "the URL's token never leaves in a Referer")
}

// nextEvent reads the stream's next "view" event, or fails at deadline.
func nextEvent(t *testing.T, events <-chan View, within time.Duration) View {
	t.Helper()
	select {
	case v, ok := <-events:
		require.True(t, ok, "the stream ended")
		return v
	case <-time.After(within):
		t.Fatalf("no event within %v", within)
	}
	return View{}
}

func stream(t *testing.T, url string) <-chan View {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	out := make(chan View)
	go func() {
		defer close(out)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var v View
			if json.Unmarshal([]byte(data), &v) != nil {
				return
			}
			select {
			case out <- v:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

func TestTheStreamSendsTheViewWhenDrillJSONChanges(t *testing.T) {
	srv, token, reports := serve(t)
	events := stream(t, srv.URL+"/api/events?token="+token)
	v := nextEvent(t, events, 5*time.Second)
	require.Len(t, v.Drills, 1)
	require.Len(t, v.Drills[0].Hints, 1)

	path := filepath.Join(reports, fixtureRun, state.ProgressName)
	p, err := state.Load(filepath.Dir(path))
	require.NoError(t, err)
	p.Hints = append(p.Hints, 1)
	b, err := json.Marshal(p)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, b, 0o644))

	v = nextEvent(t, events, 5*PollInterval)
	require.Len(t, v.Drills, 1)
	assert.Len(t, v.Drills[0].Hints, 2, "the second hint arrived live")
}

func TestNextFaultAsksTheConsole(t *testing.T) {
	srv, token, reports := serve(t)
	post := func(run string, hdr map[string]string) *http.Response {
		req, _ := http.NewRequest("POST", srv.URL+"/api/next-fault?token="+token+"&run="+run, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	origin := map[string]string{"Origin": srv.URL}
	assert.Equal(t, http.StatusForbidden, post(fixtureRun, nil).StatusCode, "no Origin: not the page")
	assert.Equal(t, http.StatusForbidden, post(fixtureRun, map[string]string{"Origin": "http://evil.example"}).StatusCode)
	assert.Equal(t, http.StatusForbidden, post(fixtureRun, map[string]string{"Sec-Fetch-Site": "cross-site"}).StatusCode)
	assert.Equal(t, http.StatusBadRequest, post("../etc", origin).StatusCode)
	assert.Equal(t, http.StatusNotFound, post("drill-other-000000", origin).StatusCode)
	_, err := os.Stat(filepath.Join(reports, fixtureRun, state.NextFaultName))
	require.ErrorIs(t, err, os.ErrNotExist, "nothing refused left a request")

	resp := post(fixtureRun, origin)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var got struct {
		Action  int  `json:"action"`
		Console bool `json:"console_watching"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&got))
	assert.Equal(t, 2, got.Action)
	assert.True(t, got.Console)
	r, err := state.ReadNextFaultRequest(filepath.Join(reports, fixtureRun))
	require.NoError(t, err)
	require.NotNil(t, r)
	assert.Equal(t, 1, r.Action, "the second action, the next one not started")
	assert.Equal(t, http.StatusOK, post(fixtureRun, map[string]string{"Sec-Fetch-Site": "same-origin"}).StatusCode)

	p, err := state.Load(filepath.Join(reports, fixtureRun))
	require.NoError(t, err)
	p.Actions[1].State = "done"
	b, _ := json.Marshal(p)
	require.NoError(t, os.WriteFile(filepath.Join(reports, fixtureRun, state.ProgressName), b, 0o644))
	assert.Equal(t, http.StatusConflict, post(fixtureRun, origin).StatusCode, "every fault started")
}

func TestListenRefusesANonLoopbackAddress(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:8043", "[::]:0"} {
		_, err := Listen(addr)
		require.Error(t, err, addr)
		assert.True(t, usage.Is(err), "a usage error (exit 2): %v", err)
		assert.Contains(t, err.Error(), "127.0.0.1:0", "the error names the fix")
	}
	l, err := Listen("127.0.0.1:0")
	require.NoError(t, err)
	l.Close()
}

// TestTheReferenceRunsPage: the page of a drill's reference run says so
// when there is none, and once a self-test kept one, draws its lanes with
// no script allowed and no token in it.
func TestTheReferenceRunsPage(t *testing.T) {
	srv, token, reports := serve(t)
	get := func(run string) (int, string, http.Header) {
		resp, err := http.Get(srv.URL + "/reference?token=" + token + "&run=" + run)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	code, body, _ := get(fixtureRun)
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, body, "no reference run yet: `saltlab drill test second-fault`")
	code, _, _ = get("drill-gone-000000")
	assert.Equal(t, http.StatusNotFound, code)
	code, _, _ = get("../etc")
	assert.Equal(t, http.StatusBadRequest, code)

	d, err := spec.Load(filepath.Join(filepath.Dir(reports), "drills"), "second-fault")
	require.NoError(t, err)
	_, err = debrief.KeepReference(reports, d, filepath.Join(reports, fixtureRun))
	require.NoError(t, err)
	code, body, h := get(fixtureRun)
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, "The solution&#39;s self-test on Salt sim")
	assert.Contains(t, body, `data-lane="tasks met"`)
	assert.Contains(t, body, "met: salt-master runs on salt-master-1")
	assert.NotContains(t, body, token)
	assert.NotContains(t, h.Get("Content-Security-Policy"), "script-src", "the page runs no script")

	// The board's view links it.
	resp, err := http.Get(srv.URL + "/api/view?token=" + token)
	require.NoError(t, err)
	defer resp.Body.Close()
	var v View
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&v))
	require.Len(t, v.Drills, 1)
	require.NotNil(t, v.Drills[0].Reference)
	assert.Equal(t, "reference?run="+fixtureRun, v.Drills[0].Reference.URL)
}
