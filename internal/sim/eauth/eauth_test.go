package eauth

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllowed(t *testing.T) {
	perms := []any{"test.*", map[string]any{"web*": []any{"cmd.run"}}, "@jobs", map[string]any{"@wheel": []any{"key.list_.*"}}}
	tests := []struct {
		name string
		r    Request
		want bool
	}{
		{"fun regex any target", Request{Client: "local", Fun: "test.ping", Minions: []string{"db1"}}, true},
		{"fun outside the list", Request{Client: "local", Fun: "grains.items", Minions: []string{"db1"}}, false},
		{"target-restricted fun on matching minions", Request{Client: "local_async", Fun: "cmd.run", Minions: []string{"web1", "web2"}}, true},
		{"target-restricted fun on a foreign minion", Request{Client: "local", Fun: "cmd.run", Minions: []string{"web1", "db1"}}, false},
		{"@jobs allows the jobs runner", Request{Client: "runner", Fun: "jobs.list_jobs"}, true},
		{"@jobs does not allow manage", Request{Client: "runner", Fun: "manage.status"}, false},
		{"plain regex does not allow runners", Request{Client: "runner", Fun: "test.arg"}, false},
		{"@wheel dict restricts functions", Request{Client: "wheel", Fun: "key.list_all"}, true},
		{"@wheel dict denies others", Request{Client: "wheel", Fun: "key.delete"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, Allowed(perms, tc.r)) })
	}
	assert.True(t, Allowed([]any{"@runner"}, Request{Client: "runner", Fun: "manage.up"}))
	assert.True(t, Allowed([]any{".*"}, Request{Client: "local", Fun: "cmd.run", Minions: []string{"x"}}))
}

func newAuth(t *testing.T, extra config.Opts) *Auth {
	t.Helper()
	opts := config.Opts{"cachedir": t.TempDir(), "sharedsecret": "s3", "external_auth": map[string]any{
		"auto":         map[string]any{"alice": []any{".*"}},
		"sharedsecret": map[string]any{"*": []any{"test.*"}},
		"file":         map[string]any{"^filename": filepath.Join(t.TempDir(), "missing"), "bob": []any{"test.*"}},
	}}
	for k, v := range extra {
		opts[k] = v
	}
	a, err := New(opts, saltlog.New("t", io.Discard, saltlog.Debug))
	require.NoError(t, err)
	return a
}

func TestCheck(t *testing.T) {
	users := filepath.Join(t.TempDir(), "users")
	require.NoError(t, os.WriteFile(users, []byte("bob:hunter2\ncarol:x\n"), 0o600))
	a := newAuth(t, nil)
	a.opts["external_auth"].(map[string]any)["file"].(map[string]any)["^filename"] = users
	tests := []struct {
		name string
		c    Creds
		ok   bool
	}{
		{"auto accepts any password", Creds{"alice", "whatever", "auto"}, true},
		{"auto needs a user entry", Creds{"mallory", "x", "auto"}, false},
		{"sharedsecret right", Creds{"anyone", "s3", "sharedsecret"}, true},
		{"sharedsecret wrong", Creds{"anyone", "s4", "sharedsecret"}, false},
		{"file right", Creds{"bob", "hunter2", "file"}, true},
		{"file wrong", Creds{"bob", "hunter3", "file"}, false},
		{"eauth not configured", Creds{"alice", "x", "pam"}, false},
		{"missing eauth", Creds{"alice", "x", ""}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := a.Check(tc.c)
			if tc.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, ErrAuthentication)
			}
		})
	}
	a.opts["external_auth"].(map[string]any)["file"].(map[string]any)["^filetype"] = "htpasswd"
	assert.ErrorContains(t, a.Check(Creds{"bob", "hunter2", "file"}), `^filetype "htpasswd" is not supported`)
}

func TestTokens(t *testing.T) {
	a := newAuth(t, config.Opts{"token_expire": 60})
	now := time.Unix(1_700_000_000, 0)
	a.now = func() time.Time { return now }
	tok, err := a.MkToken(Creds{"alice", "x", "auto"})
	require.NoError(t, err)
	assert.Len(t, tok.Token, 64)
	assert.True(t, IsHex(tok.Token))
	assert.InDelta(t, 60, tok.Expire-tok.Start, 0.001)
	_, err = os.Stat(filepath.Join(a.opts.Str("cachedir"), "tokens", tok.Token))
	require.NoError(t, err, "localfs stores one file per token")

	got, ok := a.GetToken(tok.Token)
	require.True(t, ok)
	assert.Equal(t, "alice", got.Name)
	_, ok = a.GetToken("../../etc/passwd")
	assert.False(t, ok)

	now = now.Add(61 * time.Second)
	_, ok = a.GetToken(tok.Token)
	assert.False(t, ok, "expired")
	_, err = os.Stat(filepath.Join(a.opts.Str("cachedir"), "tokens", tok.Token))
	assert.ErrorIs(t, err, os.ErrNotExist, "expired tokens are removed")

	_, err = New(config.Opts{"eauth_tokens": "rediscluster"}, saltlog.New("t", io.Discard, saltlog.Debug))
	assert.ErrorIs(t, err, ErrUnsupportedStore)
}
