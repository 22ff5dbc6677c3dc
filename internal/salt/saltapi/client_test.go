package saltapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeAPI answers like rest_cherrypy for the few shapes the client reads.
func fakeAPI(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"return": "Welcome", "clients": ["local"]}`))
	})
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, r *http.Request) {
		var c map[string]string
		require.NoError(t, json.NewDecoder(r.Body).Decode(&c))
		if c["password"] != "pw" || c["eauth"] != "file" {
			http.Error(w, "<html>401 Unauthorized</html>", http.StatusUnauthorized)
			return
		}
		w.Header().Set(UpstreamHeader, "10.0.0.11:8000")
		w.Write([]byte(`{"return": [{"token": "sess-1", "user": "` + c["username"] + `"}]}`))
	})
	mux.HandleFunc("POST /run", func(w http.ResponseWriter, r *http.Request) {
		var low []map[string]any
		require.NoError(t, json.NewDecoder(r.Body).Decode(&low))
		out := []any{}
		for _, ch := range low {
			if ch["password"] != "pw" {
				http.Error(w, "No authentication credentials given", http.StatusUnauthorized)
				return
			}
			out = append(out, map[string]any{"m1": true, "fun": ch["fun"]})
		}
		json.NewEncoder(w).Encode(map[string]any{"return": out})
	})
	mux.HandleFunc("POST /{$}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Auth-Token") != "sess-1" {
			http.Error(w, "401", http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`{"return": [{"m1": true}]}`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestClient(t *testing.T) {
	srv := fakeAPI(t)
	c := Client{Base: srv.URL + "/"}
	ctx := context.Background()
	good := Creds{Username: "ops", Password: "pw", EAuth: "file"}
	bad := Creds{Username: "ops", Password: "nope", EAuth: "file"}

	require.NoError(t, c.Welcome(ctx))

	sess, err := c.Login(ctx, good)
	require.NoError(t, err)
	assert.Equal(t, Session{Token: "sess-1", Upstream: "10.0.0.11:8000"}, sess)
	tok := sess.Token

	_, err = c.Login(ctx, bad)
	var se *StatusError
	require.True(t, errors.As(err, &se), "%v", err)
	assert.Equal(t, http.StatusUnauthorized, se.Code)
	assert.Contains(t, err.Error(), "salt-api answered 401 Unauthorized")

	rets, err := c.Run(ctx, good, Lowstate{"client": "local", "tgt": "*", "fun": "test.ping"}, Lowstate{"client": "local", "tgt": "*", "fun": "test.echo"})
	require.NoError(t, err)
	require.Len(t, rets, 2, "one return per chunk")
	assert.JSONEq(t, `{"m1": true, "fun": "test.echo"}`, string(rets[1]))

	_, err = c.Run(ctx, bad, Lowstate{"client": "local"})
	require.True(t, errors.As(err, &se))
	assert.Equal(t, http.StatusUnauthorized, se.Code)

	rets, err = c.Session(ctx, tok, Lowstate{"client": "local", "tgt": "*", "fun": "test.ping"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"m1": true}`, string(rets[0]))
	_, err = c.Session(ctx, "other-process-session", Lowstate{"client": "local"})
	require.True(t, errors.As(err, &se))
	assert.Equal(t, http.StatusUnauthorized, se.Code)
}

func TestWelcomeRejectsOtherServers(t *testing.T) {
	tests := []struct {
		name, body string
		code       int
		want       string
	}{
		{"not salt-api", `{"return": "Hello"}`, 200, `return is "Hello"`},
		{"html", `<html>nginx</html>`, 200, "decode answer"},
		{"bad gateway", `<html>502 Bad Gateway</html>`, 502, "salt-api answered 502 Bad Gateway"},
		{"many lines quote the first", "\n<html>\n<body>502</body>\n", 502, "salt-api answered 502 Bad Gateway: <html> …"},
		{"a long line is clipped", strings.Repeat("x", 500), 503, ": " + strings.Repeat("x", maxAnswerQuote-1) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tt.code)
				w.Write([]byte(tt.body))
			}))
			defer srv.Close()
			err := Client{Base: srv.URL}.Welcome(context.Background())
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestLocalReturn(t *testing.T) {
	tests := []struct {
		name    string
		rets    []json.RawMessage
		want    map[string]any
		wantErr string
	}{
		{name: "answers by minion", rets: []json.RawMessage{json.RawMessage(`{"m1": true, "m2": false}`)}, want: map[string]any{"m1": true, "m2": false}},
		{name: "empty list", wantErr: "decode local return: the salt-api answered an empty return list"},
		{name: "not an object", rets: []json.RawMessage{json.RawMessage(`["m1"]`)}, wantErr: `decode local return ["m1"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := LocalReturn(tt.rets)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
