package cli

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// salt-call event.send with a master list sends to every resolvable master
// of the list (master_uri_list), not only the one salt-call signed in to,
// in failover and hot mode alike, and returns true when the last send
// went through (salt/modules/event.py fire_master, the salt-call branch).
func TestSaltCallEventSendReachesEveryListedMaster(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"failover", "str"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			root := simtest.TempDir(t)
			pub, ret := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
			pkiDir := filepath.Join(root, "pki-master")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var subs []<-chan events.Event
			for i, ip := range []string{"127.0.0.1", "127.0.0.2"} {
				o := simtest.MasterOpts(filepath.Join(root, "m"+string(rune('1'+i))), ip, pub, ret, pkiDir)
				simtest.StartMaster(t, o)
				ch, err := localclient.New(o, time.Second).Events(ctx)
				require.NoError(t, err)
				subs = append(subs, ch)
			}
			r := simtest.NewResolver("salt-master-1", "127.0.0.1", "salt-master-2", "127.0.0.2")
			mo := simtest.MinionOpts(filepath.Join(root, "caller"), "caller", []any{"salt-master-1", "salt-master-2"}, pub, ret)
			mo["master_type"] = mode
			conf := filepath.Join(root, "etc-caller")
			simtest.WriteConfig(t, conf, config.Minion, mo)

			res := run(t, r, "", "salt-call", "-c", conf, "--out=json", "--out-indent=-1", "event.send", "custom/call")
			require.Equal(t, 0, res.code, res.stderr)
			assert.Equal(t, "{\"local\": true}\n", res.stdout)
			for i, ch := range subs {
				d := nextEvent(t, ch, "custom/call")
				assert.Equal(t, "caller", get(d, "id"), "master %d", i+1)
			}
		})
	}
}
