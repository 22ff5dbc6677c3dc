package saltapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/require"
)

// Named waits of the salt-api tests.
const (
	connectWait = 10 * time.Second       // minion sign-in
	eventWait   = 5 * time.Second        // an event or job return to arrive
	pollEvery   = 100 * time.Millisecond // polling interval of waitFor
)

// apiLab is one master with a live minion "minion-1", an accepted key for
// "ghost" (expected but silent) and a salt-api in front of the master.
type apiLab struct {
	root   string
	master *simtest.Master
	minion *simtest.Minion
	opts   config.Opts // master + API options
	api    *simtest.API
}

// eauthConfig grants "saltapi" everything and "limited" only test.*.
func eauthConfig() map[string]any {
	return map[string]any{
		"auto": map[string]any{
			"saltapi": []any{".*", "@runner", "@wheel", "@jobs"},
			"limited": []any{"test.*"},
		},
		"sharedsecret": map[string]any{"*": []any{"test.*"}},
	}
}

func newAPILab(t *testing.T) *apiLab {
	t.Helper()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	mo := simtest.MasterOpts(filepath.Join(root, "m1"), "127.0.0.1", pub, ret, filepath.Join(root, "pki-master"))
	l := &apiLab{root: root, master: simtest.StartMaster(t, mo)}
	r := simtest.NewResolver("salt-master-1", "127.0.0.1")
	o := simtest.MinionOpts(filepath.Join(root, "minion-1"), "minion-1", []any{"salt-master-1"}, pub, ret)
	o["master"] = "salt-master-1"
	l.minion = simtest.StartMinion(t, o, r)
	simtest.WaitConnected(t, l.minion, "salt-master-1", connectWait)
	// Connected is the request channel; a job published before the
	// subscription is up is lost, as with ZeroMQ's asynchronous connect.
	simtest.WaitSubscribed(t, l.master, connectWait, "minion-1")
	// ghost: an accepted key whose minion never runs.
	key, err := os.ReadFile(filepath.Join(root, "minion-1", "pki", "minion.pub"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(mo.Str("pki_dir"), "minions", "ghost"), key, 0o644))
	l.opts = simtest.APIOpts(mo, map[string]any{"external_auth": eauthConfig(), "sharedsecret": "s3cret"})
	l.api = simtest.StartAPI(t, l.opts)
	return l
}

// call does one HTTP request; body is sent as JSON unless it is a string.
func call(t *testing.T, method, url string, body any, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case string:
		rd, ct = strings.NewReader(b), "application/x-www-form-urlencoded"
	default:
		raw, err := json.Marshal(b)
		require.NoError(t, err)
		rd, ct = strings.NewReader(string(raw)), "application/json"
	}
	req, err := http.NewRequest(method, url, rd)
	require.NoError(t, err)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	req.Header.Set("Accept", "application/json")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(s), &m), "body: %s", s)
	return m
}

// login returns the session id (the value /login calls "token").
func login(t *testing.T, base, user string) string {
	t.Helper()
	resp, body := call(t, "POST", base+"/login", map[string]any{"username": user, "password": "x", "eauth": "auto"}, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	ret := decode(t, body)["return"].([]any)[0].(map[string]any)
	return ret["token"].(string)
}

func auth(tok string) map[string]string { return map[string]string{"X-Auth-Token": tok} }

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// waitFor polls cond on the test goroutine (so cond may use require) every
// `every` until it holds or `within` has passed.
func waitFor(t *testing.T, within, every time.Duration, cond func() bool, msg string) {
	t.Helper()
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for !cond() {
		select {
		case <-deadline.C:
			t.Fatalf("%s: not within %v", msg, within)
		case <-tick.C:
		}
	}
}
