package syndic

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// fakeLocalMaster answers one publish on a unix socket with minions and
// then streams one return per minion, recording the request it got.
func fakeLocalMaster(t *testing.T, minions []string) (sock string, got chan wire.LocalRequest) {
	dir, err := os.MkdirTemp("", "syn")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock = filepath.Join(dir, "workers.ipc")
	l, err := net.Listen("unix", sock)
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	got = make(chan wire.LocalRequest, 4)
	go func() {
		for {
			nc, err := l.Accept()
			if err != nil {
				return
			}
			c := wire.NewConn(nc)
			var req wire.LocalRequest
			if c.Recv(&req) != nil {
				c.Close()
				continue
			}
			got <- req
			_ = c.Send(wire.LocalReply{Jid: req.Jid, Minions: minions})
			for _, m := range minions {
				_ = c.Send(wire.Return{ID: m, Jid: req.Jid, Fun: req.Fun, Return: []byte("true")})
			}
		}
	}()
	return sock, got
}

func TestRepublish(t *testing.T) {
	tests := []struct {
		name      string
		opts      config.Opts
		pub       wire.Publication
		relayed   bool
		wantTo    int
		events    int
		returnsTo []string
	}{
		{name: "same jid, to decremented, new event forwarded in sync mode",
			pub: wire.Publication{Jid: "20260101000000000001", Tgt: "*", Fun: "test.ping", To: 10}, relayed: true, wantTo: 9, events: 1, returnsTo: []string{"m1", "m2"}},
		{name: "missing to falls back to timeout - 1",
			opts: config.Opts{"timeout": 5}, pub: wire.Publication{Jid: "2", Tgt: "*", Fun: "test.ping"}, relayed: true, wantTo: 4, events: 1, returnsTo: []string{"m1", "m2"}},
		{name: "cluster mode forwards returns only",
			opts: config.Opts{"syndic_mode": "cluster"}, pub: wire.Publication{Jid: "3", Tgt: "*", Fun: "test.ping", To: 5}, relayed: true, wantTo: 4, returnsTo: []string{"m1", "m2"}},
		{name: "own master_id is skipped",
			opts: config.Opts{"master_id": "mom-a"}, pub: wire.Publication{Jid: "4", Tgt: "*", Fun: "test.ping", MasterID: "mom-a"}},
		{name: "another master_id is relayed",
			opts: config.Opts{"master_id": "mom-a"}, pub: wire.Publication{Jid: "5", Tgt: "*", Fun: "test.ping", MasterID: "mom-b", To: 3}, relayed: true, wantTo: 2, events: 1, returnsTo: []string{"m1", "m2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sock, got := fakeLocalMaster(t, []string{"m1", "m2"})
			opts := config.Opts{}
			for k, v := range tc.opts {
				opts[k] = v
			}
			s := &Syndic{opts: opts, id: "syn", sock: sock, listens: newListenCache(10), deps: Deps{Log: saltlog.Discard()}}
			up := &upstream{s: s}
			s.republish(context.Background(), up, tc.pub)
			if !tc.relayed {
				select {
				case req := <-got:
					t.Fatalf("job was relayed: %+v", req)
				default:
				}
				return
			}
			var req wire.LocalRequest
			select {
			case req = <-got:
			case <-time.After(5 * time.Second):
				t.Fatal("job was not relayed to the local master")
			}
			assert.Equal(t, tc.pub.Jid, req.Jid, "the syndic republishes with the same jid")
			assert.Equal(t, tc.wantTo, req.To)
			assert.Len(t, up.buf.Events, tc.events)
			var ids []string
			for _, r := range up.buf.Returns {
				ids = append(ids, r.ID)
			}
			assert.Equal(t, tc.returnsTo, ids)
		})
	}
}

func TestOptions(t *testing.T) {
	mo := config.MasterDefaults()
	mo["syndic_master"] = []any{"mom1", "mom2"}
	mo["sock_dir"] = "/run/master"
	mi := config.MinionDefaults()
	mi["id"] = "syn-1"
	o := Options(mo, mi)
	assert.Equal(t, []string{"mom1", "mom2"}, o.List("master"))
	assert.Equal(t, "/etc/salt/pki/minion", o.Str("pki_dir"), "PKI from the minion config")
	assert.Equal(t, "/run/master", o.Str("sock_dir"), "local master socket from the master config")
	assert.Equal(t, 4506, o.Int("master_port", 0), "syndic_master_port defaults to master_port")
	mo["syndic_master_port"] = 14506
	assert.Equal(t, 14506, Options(mo, mi).Int("master_port", 0))
}
