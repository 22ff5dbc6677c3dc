package saltapi_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRestCherrypyDocExamples replays the curl examples of the
// rest_cherrypy documentation with a cookie jar, as `curl -c/-b` does.
func TestRestCherrypyDocExamples(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Jar: jar}
	do := func(method, path, ct, accept, body string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest(method, l.api.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		resp, err := c.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, string(b)
	}

	// curl -si localhost:8000/login -c ~/cookies.txt -H "Accept: application/json" \
	//   -d username=saltapi -d password=saltapi -d eauth=auto
	resp, body := do("POST", "/login", "application/x-www-form-urlencoded", "application/json", url.Values{"username": {"saltapi"}, "password": {"saltapi"}, "eauth": {"auto"}}.Encode())
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Contains(t, body, `"user": "saltapi"`)

	// curl -sSik localhost:8000 -b ~/cookies.txt -H "Accept: application/x-yaml" \
	//   -H "Content-type: application/json" -d '[{"client": "local", "tgt": "*", "fun": "test.ping"}]'
	resp, body = do("POST", "/", "application/json", "application/x-yaml", `[{"client": "local", "tgt": "minion-1", "fun": "test.ping"}]`)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Equal(t, "return:\n- minion-1: true\n", body)

	// curl -i localhost:8000/minions/ms-3 (with the session cookie)
	resp, body = do("GET", "/minions/minion-1", "", "application/x-yaml", "")
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Contains(t, body, "os: Debian")

	// curl -sSi localhost:8000/minions -b ~/cookies.txt -d '[{"tgt": "*", "fun": "test.ping"}]'
	resp, body = do("POST", "/minions", "application/json", "application/x-yaml", `[{"tgt": "minion-1", "fun": "test.ping"}]`)
	require.Equal(t, http.StatusAccepted, resp.StatusCode, body)
	assert.Contains(t, body, "_links:\n  jobs:\n  - href: /jobs/")

	// curl -i localhost:8000/jobs
	resp, body = do("GET", "/jobs", "", "application/json", "")
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Contains(t, body, `"Function": "test.ping"`)

	// curl -NsS localhost:8000/events (session cookie)
	ctx, cancel := context.WithTimeout(context.Background(), 2*eventWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", l.api.URL+"/events", nil)
	require.NoError(t, err)
	ev, err := c.Do(req)
	require.NoError(t, err)
	defer ev.Body.Close()
	require.Equal(t, http.StatusOK, ev.StatusCode)
	rd := bufio.NewReader(ev.Body)
	line, err := rd.ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, "retry: 400\n", line)
	resp, body = do("POST", "/hook/docs", "application/json", "", `{"foo": "Foo!"}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	for {
		line, err = rd.ReadString('\n')
		require.NoError(t, err, "event stream ended before the hook event")
		if line == "tag: salt/netapi/hook/docs\n" {
			break
		}
	}
	data, err := rd.ReadString('\n')
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(data, `data: {"data": {"body": "{\"foo\": \"Foo!\"}", "post": {"foo": "Foo!"}`), data)
	assert.True(t, strings.HasSuffix(data, `"tag": "salt/netapi/hook/docs"}`+"\n"), data)
}
