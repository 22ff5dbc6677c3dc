package steps

import (
	"context"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// configTimeout bounds one configuration read at lab start: local reads
// that contact no master (salt-call --local, salt-key on its pki_dir).
const configTimeout = 30 * time.Second

// configReaders is how many minions are read at once: each read is a
// docker exec of a Salt process; a few at a time keep a 50-minion lab's
// recording short without swamping a 2-core engine.
const configReaders = 4

// RecordLabConfig records, before the first scenario, the configuration
// the diagnosis rules read (checker.Explain): each minion's effective
// settings (checker.ConfigKeys()) by `salt-call --local config.get KEY`, and
// each master's key fingerprints by `salt-key -F`. Salt's own answers, so
// they are what the daemons use, defaults and merges included. A read that
// fails is recorded as failed and leaves its rule without evidence.
func RecordLabConfig(ctx context.Context, d Deps) {
	w := &world{Deps: d}
	var wg sync.WaitGroup
	slots := make(chan struct{}, configReaders)
	for _, m := range minions(d.Lab) {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			for _, key := range checker.ConfigKeys() {
				recordSetting(ctx, w, m, key)
			}
		}()
	}
	wg.Wait()
	for _, m := range Masters(d.Lab) {
		w.saltFingers(ctx, m, configTimeout) // the evidence checker.Explain reads

	}
}

// recordSetting records one minion setting as Salt resolves it locally.
func recordSetting(ctx context.Context, w *world, minion, key string) {
	w.salt().Record(ctx, minion, minion, client.SaltCallLocal("config.get", key), configTimeout, func(out client.Output) client.Outcome {
		if out.ExitCode != 0 {
			return client.Failed(nil, "exit %d: %s", out.ExitCode, client.LastLine(out.Stderr, out.Stdout))
		}
		r, err := saltout.ParseCall(out.Stdout)
		if err != nil {
			return client.Failed(nil, "%v", err)
		}
		return client.Succeeded(checker.ConfigValue{Key: key, Value: r.Local})
	})
}
