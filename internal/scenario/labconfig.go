package scenario

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/etchosts"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// ConfigTimeout bounds one configuration read at lab start: local reads
// that contact no master (salt-call --local, salt-key on its pki_dir).
// One takes 2 s on an idle 2-core machine and 20-37 s beside a real fleet
// of 100 minions that keeps the cores busy (docs/benchmarks.md), where
// 30 s cut some short and left their minions unrecorded.
const ConfigTimeout = 60 * time.Second

// configReaders is how many nodes are read at once: each read is a
// docker exec of a Salt process; a few at a time keep a 50-minion lab's
// recording short without swamping a 2-core engine.
const configReaders = 4

// RecordLabConfig records, before the first scenario, the configuration
// the diagnosis rules read (checker.Explain), which may blame a cause on
// nothing else: each minion's effective settings (checker.ConfigKeys()) by
// `salt-call --local config.get KEY` and its /etc/hosts (where compose
// extra_hosts pins master names), and each master's key fingerprints by
// `salt-key -F`, its ports (checker.MasterConfigKeys()) by `salt-run
// config.get` and its addresses by `hostname -i`. Salt's own answers, so
// they are what the daemons use, defaults and merges included. A read
// that fails is recorded as failed and leaves its rules without evidence.
func RecordLabConfig(ctx context.Context, d Deps) {
	w := &World{Deps: d}
	var wg sync.WaitGroup
	slots := make(chan struct{}, configReaders)
	each := func(nodes []string, read func(string)) {
		for _, n := range nodes {
			wg.Add(1)
			slots <- struct{}{}
			go func() {
				defer func() { <-slots; wg.Done() }()
				read(n)
			}()
		}
	}
	each(Minions(d.Lab), func(m string) {
		for _, key := range recordItems(ctx, w, m) {
			recordSetting(ctx, w, m, key)
		}
		recordHosts(ctx, w, m)
	})
	each(Masters(d.Lab), func(m string) {
		w.SaltFingers(ctx, m, ConfigTimeout)
		for _, key := range checker.MasterConfigKeys() {
			w.MasterOption(ctx, m, key, ConfigTimeout)
		}
		recordAddresses(ctx, w, m)
	})
	wg.Wait()
}

// recordItems records, in one `salt-call --local config.items`, the
// ConfigKeys the minion's options hold (history.ConfigItemsLocalOp) and returns
// the keys left for config.get. When the call failed or timed out it
// returns none: config.get runs the same salt-call, so a key at a time
// would fail the same way eight times over (on a saturated machine it took
// 206 s for two minions), and the failed read already leaves the minion's
// rules without evidence.
func recordItems(ctx context.Context, w *World, minion string) (rest []string) {
	w.Salt().CallAs(ctx, minion, ConfigTimeout, client.SaltCallLocal("config.items"), func(r saltout.CallResult) client.Outcome {
		var opts map[string]json.RawMessage
		if err := json.Unmarshal(r.Local, &opts); err != nil {
			return client.Failed(nil, "config.items returned no mapping: %v", err)
		}
		var v history.ConfigItems
		v.Values, rest = itemsOf(opts, checker.ConfigKeys())
		return client.Succeeded(v)
	})
	return rest
}

// itemsOf splits keys into those opts answers as config.get would, with
// their values, and the rest: absent from opts, or an sdb:// reference,
// which only config.get resolves.
func itemsOf(opts map[string]json.RawMessage, keys []string) (found map[string]json.RawMessage, rest []string) {
	found = map[string]json.RawMessage{}
	for _, k := range keys {
		raw, ok := opts[k]
		var s string
		if !ok || (json.Unmarshal(raw, &s) == nil && strings.HasPrefix(s, "sdb://")) {
			rest = append(rest, k)
			continue
		}
		found[k] = raw
	}
	return found, rest
}

// recordSetting records one minion setting as Salt resolves it locally.
func recordSetting(ctx context.Context, w *World, minion, key string) {
	w.Salt().CallAs(ctx, minion, ConfigTimeout, client.SaltCallLocal("config.get", key), func(r saltout.CallResult) client.Outcome {
		return client.Succeeded(history.ConfigValue{Key: key, Value: r.Local})
	})
}

// recordHosts records a minion's /etc/hosts: a master name pinned there
// never reaches Docker's DNS, whatever happens to the master's container.
func recordHosts(ctx context.Context, w *World, minion string) {
	w.Op(ctx, history.HostsOp, minion, "", func(ctx context.Context) client.Outcome {
		out, err := client.RunBounded(ctx, w.Lab, minion, ConfigTimeout, "cat", "/etc/hosts")
		switch {
		case err != nil:
			return client.Indeterminate(fmt.Sprintf("read /etc/hosts of %s: %v", minion, err))
		case out.ExitCode != 0:
			return client.Failed(nil, "read /etc/hosts of %s: exit %d: %s", minion, out.ExitCode, client.LastLine(out.Stderr, out.Stdout))
		}
		return client.Succeeded(history.HostsValue{Lines: etchosts.Parse(out.Stdout)})
	})
}

// recordAddresses records a master's addresses, so an entry naming an
// address, or a name pinned to one, is known to be that master.
func recordAddresses(ctx context.Context, w *World, master string) {
	w.Op(ctx, history.AddressOp, master, "", func(ctx context.Context) client.Outcome {
		out, err := client.RunBounded(ctx, w.Lab, master, ConfigTimeout, "hostname", "-i")
		switch {
		case err != nil:
			return client.Indeterminate(fmt.Sprintf("ask %s for its addresses: %v", master, err))
		case out.ExitCode != 0 || len(strings.Fields(out.Stdout)) == 0:
			return client.Failed(nil, "ask %s for its addresses: hostname -i exited %d: %s", master, out.ExitCode, client.LastLine(out.Stderr, out.Stdout))
		}
		return client.Succeeded(history.AddressValue{Addresses: strings.Fields(out.Stdout)})
	})
}
