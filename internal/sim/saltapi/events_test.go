package saltapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sseEvent is one tag/data record of the /events stream.
type sseEvent struct {
	Tag  string
	Data map[string]any
}

// openEvents connects to /events and returns the records as they arrive;
// the first line must be "retry: 400".
func openEvents(t *testing.T, url string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "text/event-stream;charset=utf-8", resp.Header.Get("Content-Type"))
	rd := bufio.NewReader(resp.Body)
	first, err := rd.ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "retry: 400\n", first)
	ch := make(chan sseEvent, 256)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		var ev sseEvent
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "tag: "):
				ev = sseEvent{Tag: strings.TrimPrefix(line, "tag: ")}
			case strings.HasPrefix(line, "data: "):
				var full map[string]any
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &full) == nil {
					ev.Data, _ = full["data"].(map[string]any)
					if full["tag"] != ev.Tag {
						ev.Tag = "MISMATCH:" + ev.Tag
					}
				}
			case line == "":
				if ev.Tag != "" {
					ch <- ev
				}
				ev = sseEvent{}
			}
		}
	}()
	return ch
}

// waitEvent returns the first event whose tag satisfies match.
func waitEvent(t *testing.T, ch <-chan sseEvent, within time.Duration, match func(string) bool) sseEvent {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case ev, ok := <-ch:
			require.True(t, ok, "event stream closed")
			if match(ev.Tag) {
				return ev
			}
		case <-deadline:
			t.Fatalf("no matching event within %v", within)
		}
	}
}

func TestAPIEvents(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	base := l.api.URL
	sid := login(t, base, "saltapi")

	t.Run("session id in the query string", func(t *testing.T) {
		ch := openEvents(t, base+"/events?token="+sid)
		resp, body := call(t, "POST", base+"/minions", []any{map[string]any{"tgt": "minion-1", "fun": "test.ping"}}, auth(sid))
		require.Equal(t, http.StatusAccepted, resp.StatusCode, body)
		jid := decode(t, body)["return"].([]any)[0].(map[string]any)["jid"].(string)
		ev := waitEvent(t, ch, eventWait, func(tag string) bool { return tag == "salt/job/"+jid+"/new" })
		assert.Equal(t, []any{"minion-1"}, ev.Data["minions"])
		assert.Equal(t, "saltapi", ev.Data["user"])
		ev = waitEvent(t, ch, eventWait, func(tag string) bool { return tag == "salt/job/"+jid+"/ret/minion-1" })
		assert.Equal(t, true, ev.Data["return"])
		assert.Equal(t, "_return", ev.Data["cmd"])
		assert.NotEmpty(t, ev.Data["_stamp"])
	})

	t.Run("raw salt token and webhook", func(t *testing.T) {
		_, body := call(t, "POST", base+"/token", map[string]any{"username": "saltapi", "password": "x", "eauth": "auto"}, nil)
		var toks []map[string]any
		require.NoError(t, jsonUnmarshal(body, &toks))
		ch := openEvents(t, base+"/events?salt_token="+toks[0]["token"].(string))
		resp, body := call(t, "POST", base+"/hook/ci/build", map[string]any{"revision": "aa22"}, auth(sid))
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		assert.JSONEq(t, `{"success": true}`, body)
		ev := waitEvent(t, ch, eventWait, func(tag string) bool { return tag == "salt/netapi/hook/ci/build" })
		assert.Equal(t, map[string]any{"revision": "aa22"}, ev.Data["post"])
		assert.Equal(t, `{"revision":"aa22"}`, ev.Data["body"])
		assert.Equal(t, "127.0.0.1", ev.Data["headers"].(map[string]any)["Remote-Addr"])
	})

	t.Run("wheel key actions fire salt/key", func(t *testing.T) {
		ch := openEvents(t, base+"/events?token="+sid)
		_, body := call(t, "POST", base+"/", []any{map[string]any{"client": "wheel", "fun": "key.reject", "match": "ghost"}}, auth(sid))
		ret := decode(t, body)["return"].([]any)[0].(map[string]any)["data"].(map[string]any)["return"]
		assert.Equal(t, map[string]any{"minions": []any{"ghost"}}, ret, "key.reject only takes pending keys by default: ghost stays accepted")
		_, body = call(t, "POST", base+"/", []any{map[string]any{"client": "wheel", "fun": "key.reject", "match": "ghost", "include_accepted": true}}, auth(sid))
		ret = decode(t, body)["return"].([]any)[0].(map[string]any)["data"].(map[string]any)["return"]
		assert.Equal(t, map[string]any{"minions_rejected": []any{"ghost"}}, ret)
		ev := waitEvent(t, ch, eventWait, func(tag string) bool { return tag == "salt/key" })
		assert.Equal(t, "reject", ev.Data["act"])
		assert.Equal(t, "ghost", ev.Data["id"])
		waitEvent(t, ch, eventWait, func(tag string) bool { return strings.HasPrefix(tag, "salt/wheel/") && strings.HasSuffix(tag, "/ret") })
		_, body = call(t, "POST", base+"/", []any{map[string]any{"client": "wheel", "fun": "key.accept", "match": "ghost", "include_rejected": true}}, auth(sid))
		ret = decode(t, body)["return"].([]any)[0].(map[string]any)["data"].(map[string]any)["return"]
		assert.Equal(t, map[string]any{"minions": []any{"ghost"}}, ret, "include_rejected lets key.accept take a rejected key back")
		ev = waitEvent(t, ch, eventWait, func(tag string) bool { return tag == "salt/key" })
		assert.Equal(t, "accept", ev.Data["act"])
	})

	t.Run("master down is 503", func(t *testing.T) {
		l.master.Stop()
		for _, tc := range []struct{ method, path string }{{"POST", "/login"}, {"POST", "/"}, {"POST", "/run"}} {
			body := []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping", "username": "saltapi", "password": "x", "eauth": "auto"}}
			resp, text := call(t, tc.method, base+tc.path, body, auth(sid))
			assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, tc.path)
			assert.Contains(t, text, "Salt Master is not available.")
		}
	})
}

// TestSessionsAreProcessLocal is §10.6: a session from one salt-api is
// unknown to a second one (401), while /run with a raw Salt token works on
// both when they share the token directory.
func TestSessionsAreProcessLocal(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	other := simtest.StartAPI(t, l.opts) // same master config: shared cachedir/tokens
	sid := login(t, l.api.URL, "saltapi")
	ping := []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping"}}

	resp, body := call(t, "POST", l.api.URL+"/", ping, auth(sid))
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	resp, _ = call(t, "POST", other.URL+"/", ping, auth(sid))
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the second salt-api does not know the session")
	resp, _ = call(t, "POST", other.URL+"/", ping, map[string]string{"Cookie": "session_id=" + sid})
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "nor as a cookie")

	_, body = call(t, "POST", l.api.URL+"/token", map[string]any{"username": "saltapi", "password": "x", "eauth": "auto"}, nil)
	var toks []map[string]any
	require.NoError(t, jsonUnmarshal(body, &toks))
	raw := toks[0]["token"].(string)
	run := []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping", "token": raw}}
	for _, u := range []string{l.api.URL, other.URL} {
		resp, body := call(t, "POST", u+"/run", run, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		assert.JSONEq(t, `{"return": [{"minion-1": true}]}`, body)
	}
	// a raw Salt token is not a session: POST / still needs a session
	resp, _ = call(t, "POST", other.URL+"/", ping, auth(raw))
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

// TestEventStreamSurvivesMasterRestart: /events reconnects to the bus like
// iter_events(auto_reconnect=True).
func TestEventStreamSurvivesMasterRestart(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	sid := login(t, l.api.URL, "saltapi")
	ch := openEvents(t, l.api.URL+"/events?token="+sid)
	l.master.Stop()
	simtest.StartMaster(t, l.master.Opts)
	waitFor(t, 2*eventWait, pollEvery, func() bool {
		call(t, "POST", l.api.URL+"/hook/again", map[string]any{}, auth(sid))
		for {
			select {
			case ev, ok := <-ch:
				require.True(t, ok, "the event stream ended when the master stopped")
				if ev.Tag == "salt/netapi/hook/again" {
					return true
				}
			default:
				return false
			}
		}
	}, "a hook event after the master restart")
}
