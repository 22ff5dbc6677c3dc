package saltapi_test

import (
	"archive/tar"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var hex40 = regexp.MustCompile(`^[0-9a-f]{40}$`)
var hex64 = regexp.MustCompile(`^[0-9a-f]{64}$`)

func TestAPIEndpoints(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	base := l.api.URL
	sid := login(t, base, "saltapi")

	t.Run("index welcomes without auth", func(t *testing.T) {
		resp, body := call(t, "GET", base+"/", nil, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		m := decode(t, body)
		assert.Equal(t, "Welcome", m["return"])
		assert.Contains(t, m["clients"], "local_async")
	})

	t.Run("login issues a session id, not the salt token", func(t *testing.T) {
		resp, body := call(t, "POST", base+"/login", map[string]any{"username": "saltapi", "password": "any", "eauth": "auto"}, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		ret := decode(t, body)["return"].([]any)[0].(map[string]any)
		tok := ret["token"].(string)
		assert.Regexp(t, hex40, tok)
		assert.Equal(t, tok, resp.Header.Get("X-Auth-Token"))
		assert.Contains(t, resp.Header.Get("Set-Cookie"), "session_id="+tok)
		assert.Equal(t, "saltapi", ret["user"])
		assert.Equal(t, "auto", ret["eauth"])
		assert.Equal(t, []any{".*", "@jobs", "@runner", "@wheel"}, ret["perms"])
		assert.InDelta(t, 43200, ret["expire"].(float64)-ret["start"].(float64), 1)
		_, err := os.Stat(filepath.Join(l.opts.Str("cachedir"), "tokens", tok))
		assert.ErrorIs(t, err, os.ErrNotExist, "the session id must not be a salt token file")
		files, err := os.ReadDir(filepath.Join(l.opts.Str("cachedir"), "tokens"))
		require.NoError(t, err)
		require.NotEmpty(t, files)
		assert.Regexp(t, hex64, files[0].Name())
	})

	t.Run("login page", func(t *testing.T) {
		resp, body := call(t, "GET", base+"/login", nil, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "Session", resp.Header.Get("WWW-Authenticate"))
		assert.Equal(t, "Please log in", decode(t, body)["return"])
	})

	statusCases := []struct {
		name, method, path string
		body               any
		hdr                map[string]string
		want               int
		contains           string
	}{
		{"login unknown eauth", "POST", "/login", map[string]any{"username": "u", "password": "p", "eauth": "pam"}, nil, 401, "Could not authenticate using provided credentials"},
		{"login unknown user", "POST", "/login", map[string]any{"username": "nobody", "password": "p", "eauth": "auto"}, nil, 401, ""},
		{"login wrong shared secret", "POST", "/login", map[string]any{"username": "u", "password": "nope", "eauth": "sharedsecret"}, nil, 401, ""},
		{"login without body", "POST", "/login", nil, nil, 500, "An unexpected error occurred"},
		{"lowstate without session", "POST", "/", []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping"}}, nil, 401, ""},
		{"lowstate unknown session", "POST", "/", []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping"}}, auth("abcdef0123"), 401, ""},
		{"lowstate not a list", "POST", "/", "\"x\"", map[string]string{"Content-Type": "application/json", "X-Auth-Token": sid}, 400, "Lowstates must be a list"},
		{"invalid json", "POST", "/", "[{", map[string]string{"Content-Type": "application/json", "X-Auth-Token": sid}, 400, "Invalid JSON document"},
		{"unsupported content type", "POST", "/", "<x/>", map[string]string{"Content-Type": "application/xml", "X-Auth-Token": sid}, 406, "Content type not supported"},
		{"unacceptable accept", "GET", "/", nil, map[string]string{"Accept": "text/html"}, 406, ""},
		{"client disabled", "POST", "/", []any{map[string]any{"client": "local_batch", "tgt": "*", "fun": "test.ping"}}, auth(sid), 400, "Client disabled: 'local_batch'. Add to 'netapi_enable_clients' master config option to enable."},
		{"invalid client", "POST", "/", []any{map[string]any{"client": "bogus", "tgt": "*", "fun": "test.ping"}}, auth(sid), 400, "Invalid client specified: 'bogus'"},
		{"run without credentials", "POST", "/run", []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping"}}, nil, 401, "No authentication credentials given"},
		{"run with a non-hex token", "POST", "/run", []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping", "token": "zz"}}, nil, 401, "Invalid token"},
		{"run with an unknown token", "POST", "/run", []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping", "token": "ab12"}}, nil, 401, ""},
		{"token without password", "POST", "/token", map[string]any{"username": "saltapi", "eauth": "auto"}, nil, 400, "Require"},
		{"minions without session", "GET", "/minions", nil, nil, 401, ""},
		{"jobs without session", "GET", "/jobs", nil, nil, 401, ""},
		{"keys without session", "GET", "/keys", nil, nil, 401, "No authentication credentials given"},
		{"stats without session", "GET", "/stats", nil, nil, 401, ""},
		{"logout without session", "POST", "/logout", nil, nil, 401, ""},
		{"hook without session", "POST", "/hook/x", map[string]any{"a": 1}, nil, 401, ""},
		{"events without token", "GET", "/events", nil, nil, 401, ""},
		{"events with a non-hex token", "GET", "/events?token=xyz", nil, nil, 401, ""},
		{"wrong method", "GET", "/run", nil, nil, 405, ""},
	}
	for _, tc := range statusCases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, tc.method, base+tc.path, tc.body, tc.hdr)
			assert.Equal(t, tc.want, resp.StatusCode, body)
			assert.Contains(t, body, tc.contains)
		})
	}

	t.Run("local reports a silent minion as false", func(t *testing.T) {
		resp, body := call(t, "POST", base+"/", []any{map[string]any{"client": "local", "tgt": "*", "fun": "test.ping"}}, auth(sid))
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		assert.JSONEq(t, `{"return": [{"minion-1": true, "ghost": false}]}`, body)
	})

	t.Run("one object body, form body and repeated arg", func(t *testing.T) {
		_, body := call(t, "POST", base+"/", map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.echo", "arg": "hi"}, auth(sid))
		assert.JSONEq(t, `{"return": [{"minion-1": "hi"}]}`, body)
		_, body = call(t, "POST", base+"/", "client=local&tgt=minion-1&fun=test.echo&arg=form", auth(sid))
		assert.JSONEq(t, `{"return": [{"minion-1": "form"}]}`, body)
		_, body = call(t, "POST", base+"/", "client=local&tgt=minion-1&fun=cmd.run&arg=echo&arg=x", auth(sid))
		assert.JSONEq(t, `{"return": [{"minion-1": ""}]}`, body, "two args reach the minion as a list (cmd.run uses the first)")
	})

	t.Run("full_return", func(t *testing.T) {
		_, body := call(t, "POST", base+"/", []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping", "full_return": true}}, auth(sid))
		ret := decode(t, body)["return"].([]any)[0].(map[string]any)["minion-1"].(map[string]any)
		assert.Equal(t, true, ret["ret"])
		assert.Equal(t, float64(0), ret["retcode"])
		assert.NotEmpty(t, ret["jid"])
	})

	t.Run("yaml output", func(t *testing.T) {
		resp, body := call(t, "POST", base+"/", []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping"}}, map[string]string{"X-Auth-Token": sid, "Accept": "application/x-yaml"})
		assert.Equal(t, "application/x-yaml", resp.Header.Get("Content-Type"))
		assert.Equal(t, "return:\n- minion-1: true\n", body)
	})

	t.Run("permissions deny with 401", func(t *testing.T) {
		lim := login(t, base, "limited")
		resp, _ := call(t, "POST", base+"/", []any{map[string]any{"client": "local", "tgt": "*", "fun": "cmd.run", "arg": []any{"id"}}}, auth(lim))
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		resp, _ = call(t, "POST", base+"/", []any{map[string]any{"client": "runner", "fun": "manage.status"}}, auth(lim))
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		resp, body := call(t, "POST", base+"/", []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping"}}, auth(lim))
		assert.Equal(t, http.StatusOK, resp.StatusCode, body)
	})

	t.Run("minions", func(t *testing.T) {
		resp, body := call(t, "GET", base+"/minions/minion-1", nil, auth(sid))
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		grains := decode(t, body)["return"].([]any)[0].(map[string]any)["minion-1"].(map[string]any)
		assert.Equal(t, "minion-1", grains["id"])
		resp, body = call(t, "POST", base+"/minions", []any{map[string]any{"tgt": "minion-1", "fun": "test.ping"}}, auth(sid))
		require.Equal(t, http.StatusAccepted, resp.StatusCode, body)
		m := decode(t, body)
		job := m["return"].([]any)[0].(map[string]any)
		assert.Equal(t, []any{"minion-1"}, job["minions"])
		jid := job["jid"].(string)
		assert.Equal(t, map[string]any{"jobs": []any{map[string]any{"href": "/jobs/" + jid}}}, m["_links"])

		waitFor(t, eventWait, pollEvery, func() bool {
			_, body := call(t, "GET", base+"/jobs/"+jid, nil, auth(sid))
			return strings.Contains(body, `"return": [{"minion-1": true}]`)
		}, "the job return reaches the job cache")
		_, body = call(t, "GET", base+"/jobs/"+jid, nil, auth(sid))
		info := decode(t, body)["info"].([]any)[0].(map[string]any)
		assert.Equal(t, "test.ping", info["Function"])
		assert.Equal(t, "saltapi", info["User"])
		_, body = call(t, "GET", base+"/jobs", nil, auth(sid))
		jobs := decode(t, body)["return"].([]any)[0].(map[string]any)
		require.Contains(t, jobs, jid)
		assert.Equal(t, "minion-1", jobs[jid].(map[string]any)["Target"])
	})

	t.Run("keys return a dict", func(t *testing.T) {
		_, body := call(t, "GET", base+"/keys", nil, auth(sid))
		ret := decode(t, body)["return"].(map[string]any)
		assert.Equal(t, []any{"ghost", "minion-1"}, ret["minions"])
		assert.Equal(t, []any{}, ret["minions_pre"])
		assert.Equal(t, []any{"master.pem", "master.pub"}, ret["local"])
		_, body = call(t, "GET", base+"/keys/minion-1", nil, auth(sid))
		fp := decode(t, body)["return"].(map[string]any)["minions"].(map[string]any)["minion-1"].(string)
		assert.Regexp(t, `^([0-9a-f]{2}:){31}[0-9a-f]{2}$`, fp)
	})

	t.Run("runner and wheel clients", func(t *testing.T) {
		_, body := call(t, "POST", base+"/", []any{map[string]any{"client": "runner", "fun": "manage.status"}}, auth(sid))
		assert.JSONEq(t, `{"return": [{"up": ["minion-1"], "down": ["ghost"]}]}`, body)
		_, body = call(t, "POST", base+"/", []any{map[string]any{"client": "wheel", "fun": "key.list_all"}}, auth(sid))
		ret := decode(t, body)["return"].([]any)[0].(map[string]any)
		assert.Regexp(t, `^salt/wheel/\d{20}$`, ret["tag"])
		data := ret["data"].(map[string]any)
		assert.Equal(t, "wheel.key.list_all", data["fun"])
		assert.Equal(t, "saltapi", data["user"])
		assert.Equal(t, true, data["success"])
		assert.Equal(t, ret["tag"], data["tag"])
		assert.NotEmpty(t, data["_stamp"])
		assert.Contains(t, data["return"].(map[string]any)["minions"], "minion-1")
	})

	t.Run("token and run", func(t *testing.T) {
		resp, body := call(t, "POST", base+"/token", map[string]any{"username": "saltapi", "password": "x", "eauth": "auto"}, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		var toks []map[string]any
		require.NoError(t, jsonUnmarshal(body, &toks))
		require.Len(t, toks, 1)
		tok := toks[0]["token"].(string)
		assert.Regexp(t, hex64, tok)
		assert.Equal(t, "saltapi", toks[0]["name"])
		_, body = call(t, "POST", base+"/run", []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping", "token": tok}}, nil)
		assert.JSONEq(t, `{"return": [{"minion-1": true}]}`, body)
		_, body = call(t, "POST", base+"/run", []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping", "username": "u", "password": "s3cret", "eauth": "sharedsecret"}}, nil)
		assert.JSONEq(t, `{"return": [{"minion-1": true}]}`, body)
	})

	t.Run("stats", func(t *testing.T) {
		resp, body := call(t, "GET", base+"/stats", nil, auth(sid))
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.JSONEq(t, `{}`, body)
	})

	t.Run("logout clears the session but not the salt token", func(t *testing.T) {
		s2 := login(t, base, "saltapi")
		resp, body := call(t, "POST", base+"/logout", nil, auth(s2))
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		assert.JSONEq(t, `{"return": "Your token has been cleared"}`, body)
		resp, _ = call(t, "POST", base+"/", []any{map[string]any{"client": "local", "tgt": "minion-1", "fun": "test.ping"}}, auth(s2))
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	})
}

func TestKeysGenAccept(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	resp, body := call(t, "POST", l.api.URL+"/keys", "mid=newbie&username=saltapi&password=x&eauth=auto", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Equal(t, "application/x-tar", resp.Header.Get("Content-Type"))
	assert.Equal(t, `attachment; filename="saltkeys-newbie.tar"`, resp.Header.Get("Content-Disposition"))
	files := map[string]string{}
	tr := tar.NewReader(strings.NewReader(body))
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		b, _ := io.ReadAll(tr)
		files[h.Name] = string(b)
	}
	require.Contains(t, files, "minion.pem")
	assert.Contains(t, files["minion.pem"], "BEGIN RSA PRIVATE KEY")
	accepted, err := os.ReadFile(filepath.Join(l.opts.Str("pki_dir"), "minions", "newbie"))
	require.NoError(t, err)
	assert.Equal(t, files["minion.pub"], string(accepted), "the generated public key is accepted")

	resp, _ = call(t, "POST", l.api.URL+"/keys", "mid=other&username=saltapi&password=x&eauth=pam", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}
