package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const eventWait = 10 * time.Second

// nextEvent waits for an event whose tag equals tag.
func nextEvent(t *testing.T, ch <-chan events.Event, tag string) *jsonout.Map {
	t.Helper()
	deadline := time.After(eventWait)
	for {
		select {
		case ev, ok := <-ch:
			require.True(t, ok, "event stream closed while waiting for %s", tag)
			if ev.Tag == tag {
				return ev.Data
			}
		case <-deadline:
			t.Fatalf("no %s event within %v", tag, eventWait)
		}
	}
}

func get(m *jsonout.Map, k string) any { v, _ := m.Get(k); return v }

// TestEventsReachEveryHotMaster covers §1.13/§3.3: start, auth and
// event.send events reach both hot masters; salt-run state.event prints
// them; salt-key fires salt/key.
func TestEventsReachEveryHotMaster(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	pkiDir := filepath.Join(root, "pki-master")
	var confs []string
	var subs []<-chan events.Event
	var first *simtest.Master
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i, ip := range []string{"127.0.0.1", "127.0.0.2"} {
		o := simtest.MasterOpts(filepath.Join(root, "m"+string(rune('1'+i))), ip, pub, ret, pkiDir)
		m := simtest.StartMaster(t, o)
		if i == 0 {
			first = m
		}
		conf := filepath.Join(root, "etc"+string(rune('1'+i)))
		simtest.WriteConfig(t, conf, config.Master, o)
		confs = append(confs, conf)
		ch, err := localclient.New(o, time.Second).Events(ctx)
		require.NoError(t, err)
		subs = append(subs, ch)
	}
	r := simtest.NewResolver("salt-master-1", "127.0.0.1", "salt-master-2", "127.0.0.2")
	mi := simtest.StartMinion(t, simtest.MinionOpts(filepath.Join(root, "mi"), "hot", []any{"salt-master-1", "salt-master-2"}, pub, ret), r)

	for i, ch := range subs {
		a := nextEvent(t, ch, "salt/auth")
		assert.Equal(t, "accept", get(a, "act"), "master %d", i+1)
		assert.Equal(t, "hot", get(a, "id"))
		assert.Equal(t, true, get(a, "result"))
		legacy := nextEvent(t, ch, "minion_start")
		assert.Regexp(t, `^Minion hot started at `, get(legacy, "data"))
		start := nextEvent(t, ch, "salt/minion/hot/start")
		assert.Equal(t, "hot", get(start, "id"))
		assert.Equal(t, "_minion_event", get(start, "cmd"))
		assert.NotEmpty(t, get(start, "_stamp"))
	}
	require.Eventually(t, func() bool { return len(mi.Masters()) == 2 && mi.Masters()[1] != "" }, eventWait, 20*time.Millisecond)
	// The start events travel the request channel; the job below is
	// published, and a minion not yet subscribed would miss it (a flake in
	// CI at stop 33: "Minion did not return" after the 1 s timeout).
	simtest.WaitSubscribed(t, first, eventWait, "hot")

	res := run(t, r, "", "salt", "-c", confs[0], "--out=json", "--out-indent=-1", "hot", "event.send", "custom/tag", `{"x": 1}`)
	require.Equal(t, 0, res.code, "stderr: %s\nstdout: %s", res.stderr, res.stdout)
	assert.Equal(t, "{\"hot\": true}\n", res.stdout)
	for i, ch := range subs {
		d := nextEvent(t, ch, "custom/tag")
		assert.Equal(t, "hot", get(d, "id"), "master %d", i+1)
		assert.Equal(t, "custom/tag", get(d, "tag"))
		x := get(d, "data").(*jsonout.Map)
		assert.Equal(t, json.Number("1"), get(x, "x"), "event.send from a job on master-1 reaches master %d", i+1)
	}

	t.Run("salt-run state.event prints tag TAB json", func(t *testing.T) {
		done := make(chan result, 1)
		go func() { done <- run(t, r, "", "salt-run", "-c", confs[1], "state.event", "custom/again", "count=1") }()
		var got result
		require.Eventually(t, func() bool {
			select {
			case got = <-done:
				return true
			default:
			}
			// state.event subscribes asynchronously: keep firing until it has seen one.
			run(t, r, "", "salt", "-c", confs[0], "hot", "event.send", "custom/again")
			return false
		}, eventWait, 200*time.Millisecond)
		require.Equal(t, 0, got.code, got.stderr)
		assert.Regexp(t, regexp.MustCompile(`^custom/again\t\{"id": "hot", "cmd": "_minion_event", "pretag": null, "data": \{\}, "tag": "custom/again", "_stamp": "[0-9T:.-]+"\}\n$`), got.stdout)
	})

	t.Run("salt-run event.send fires on the master bus", func(t *testing.T) {
		res := run(t, r, "", "salt-run", "-c", confs[1], "--out=json", "event.send", "saltlab/probe", `{"n": 1}`)
		require.Equal(t, 0, res.code, res.stderr)
		assert.Equal(t, "true\n", res.stdout)
		d := nextEvent(t, subs[1], "saltlab/probe")
		assert.Equal(t, json.Number("1"), get(d, "n"))
	})

	t.Run("salt-key fires salt/key", func(t *testing.T) {
		res := run(t, r, "", "salt-key", "-c", confs[0], "-d", "hot", "-y")
		require.Equal(t, 0, res.code, res.stderr)
		d := nextEvent(t, subs[0], "salt/key")
		assert.Equal(t, "delete", get(d, "act"))
		assert.Equal(t, "hot", get(d, "id"))
	})
}
