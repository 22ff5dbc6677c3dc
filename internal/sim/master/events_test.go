package master

import (
	"encoding/json"
	"io"
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAuthEvents: every sign-in fires salt/auth with Salt's act and result
// (ReqServerChannel._auth), unless auth_events is False.
func TestAuthEvents(t *testing.T) {
	root := t.TempDir()
	k1, err := pki.LoadOrCreate(filepath.Join(root, "k1"), "minion")
	require.NoError(t, err)
	k2, err := pki.LoadOrCreate(filepath.Join(root, "k2"), "minion")
	require.NoError(t, err)
	tests := []struct {
		name    string
		opts    config.Opts
		stored  map[pki.Status]string
		act     string
		result  bool
		noEvent bool
		id      string
	}{
		{name: "new key pends", act: "pend", result: true},
		{name: "auto_accept accepts", opts: config.Opts{"auto_accept": true}, act: "accept", result: true},
		{name: "rejected key", stored: map[pki.Status]string{pki.Rejected: k1.PubPEM}, act: "reject"},
		{name: "other accepted key is denied", stored: map[pki.Status]string{pki.Accepted: k2.PubPEM}, act: "denied"},
		{name: "max_minions full", opts: config.Opts{"max_minions": 1}, stored: map[pki.Status]string{}, act: "full"},
		{name: "auth_events off", opts: config.Opts{"auth_events": false}, noEvent: true},
		{name: "invalid id", id: "../m1", noEvent: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := t.TempDir()
			o := config.MasterDefaults()
			o["pki_dir"], o["cachedir"], o["sock_dir"] = filepath.Join(d, "pki"), filepath.Join(d, "cache"), filepath.Join(d, "sock")
			for k, v := range tc.opts {
				o[k] = v
			}
			m, err := New(o, saltlog.New("salt.master", io.Discard, saltlog.Debug))
			require.NoError(t, err)
			if tc.name == "max_minions full" {
				require.NoError(t, m.dirs.Write(pki.Accepted, "other", k2.PubPEM))
			}
			for s, k := range tc.stored {
				require.NoError(t, m.dirs.Write(s, "m1", k))
			}
			ch, stop := m.Events().Subscribe()
			defer stop()
			id := "m1"
			if tc.id != "" {
				id = tc.id
			}
			load, err := json.Marshal(wire.AuthLoad{ID: id, Pub: k1.PubPEM, Nonce: "n"})
			require.NoError(t, err)
			_, err = m.handleAuth(load)
			require.NoError(t, err)
			var got []events.Event
			for len(ch) > 0 {
				got = append(got, <-ch)
			}
			if tc.noEvent {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Equal(t, "salt/auth", got[0].Tag)
			act, _ := got[0].Data.Get("act")
			res, _ := got[0].Data.Get("result")
			gotID, _ := got[0].Data.Get("id")
			assert.Equal(t, tc.act, act)
			assert.Equal(t, tc.result, res)
			assert.Equal(t, id, gotID)
		})
	}
}

// TestStandaloneReturnGetsAJid: salt-call's return (jid "req", caller.py
// return_pub) is stored under a fresh jid and fired as
// salt/job/<jid>/ret/<id> with the load store_job completes (tgt = id).
func TestStandaloneReturnGetsAJid(t *testing.T) {
	d := t.TempDir()
	o := config.MasterDefaults()
	o["pki_dir"], o["cachedir"], o["sock_dir"] = filepath.Join(d, "pki"), filepath.Join(d, "cache"), filepath.Join(d, "sock")
	m, err := New(o, saltlog.New("salt.master", io.Discard, saltlog.Debug))
	require.NoError(t, err)
	ch, stop := m.Events().Subscribe()
	defer stop()
	sealed, err := wire.Seal(m.currentAES(), wire.Return{ID: "m1", Jid: "req", Fun: "test.ping", Return: json.RawMessage("true"), Success: true})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"ret": true}, m.handleReturn(wire.Request{ID: "m1", Data: sealed}))
	require.Len(t, ch, 1)
	ev := <-ch
	jid, ok := ev.Data.Get("jid")
	require.True(t, ok)
	require.Regexp(t, `^\d{20}$`, jid, "a fresh jid replaces req")
	assert.Equal(t, "salt/job/"+jid.(string)+"/ret/m1", ev.Tag)
	for k, want := range map[string]any{"tgt": "m1", "tgt_type": "glob", "fun": "test.ping", "id": "m1"} {
		got, _ := ev.Data.Get(k)
		assert.Equal(t, want, got, k)
	}
	assert.FileExists(t, filepath.Join(d, "cache", "jobs", jid.(string), "m1", "return.json"))
}
