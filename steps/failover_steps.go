package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/saltcfg"
	"github.com/saltlab/saltlab/internal/saltout"
)

// masterCLITimeout is the `salt -t` value used when probing one minion.
const masterCLITimeout = 3

// saltCallServedWithinBound: every minion's salt-call test.ping succeeds and
// is served by master, within the bound its own config allows for reaching
// that master (saltcfg.CallBound). The serving master is what
// `salt-call config.get master` reports: after the list path signs in,
// opts["master"] holds the bare host of the master it reached (INFER from
// salt/minion.py eval_master; salt-semantics §1.3, §1.7).
func saltCallServedWithinBound(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	boundOf := func(cfg saltcfg.Minion) (saltcfg.Bound, error) {
		idx, err := cfg.IndexOf(master)
		if err != nil {
			return saltcfg.Bound{}, err
		}
		return cfg.CallBound(idx), nil
	}
	try := func(ctx context.Context, minion string, budget time.Duration) (bool, string) {
		began := time.Now()
		r, _, err := saltCall(ctx, w.Lab, minion, budget, "test.ping")
		if err != nil {
			return false, err.Error()
		}
		if v, ok := r.Bool(); !ok || !v {
			return false, fmt.Sprintf("test.ping returned %s", r.Local)
		}
		served, _, err := saltCall(ctx, w.Lab, minion, budget-time.Now().Sub(began), "config.get", "master")
		if err != nil {
			return false, "test.ping answered true, but asking which master served it failed: " + err.Error()
		}
		host, ok := served.String()
		if !ok {
			return false, fmt.Sprintf("test.ping answered true; config.get master returned %s", served.Local)
		}
		if saltcfg.MasterHost(host) != master {
			return false, fmt.Sprintf("test.ping answered true but was served by %s", host)
		}
		return true, "served by " + host
	}
	return pollMinions(ctx, pollSpec{name: "salt-call test.ping failover to " + master,
		expectation: fmt.Sprintf("every minion's salt-call test.ping to be served by %s within its failover bound", master),
		boundOf:     boundOf, try: try})
}

// masterReachesEveryMinion: the minion daemons fail over, so that master
// publishes test.ping to each minion and gets true back, within the bound of
// the alive check (saltcfg.AliveBound).
func masterReachesEveryMinion(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	return pollMinions(ctx, pollSpec{name: "daemon failover: " + master + " reaches minion",
		expectation: fmt.Sprintf("%s to reach every minion with test.ping within the alive-check bound", master),
		boundOf:     aliveBound, try: pingFrom(w, master)})
}

// masterReachesNoMinion is the negative of masterReachesEveryMinion, held for
// the whole alive-check bound: it documents Salt behaviour where minion
// daemons do NOT fail over (e.g. salt-semantics §1.9: a master name that
// stops resolving fires no disconnect).
func masterReachesNoMinion(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	return pollMinions(ctx, pollSpec{name: "daemon stays away from " + master, absence: true,
		expectation: fmt.Sprintf("%s to reach no minion with test.ping for the whole alive-check bound", master),
		boundOf:     aliveBound, try: pingFrom(w, master)})
}

func aliveBound(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.AliveBound() }

// pingFrom runs `salt <minion> test.ping` on master: ok when it returns true.
func pingFrom(w *world, master string) attempt {
	return func(ctx context.Context, minion string, budget time.Duration) (bool, string) {
		argv := inContainerTimeout(budget, "salt", "--out=json", fmt.Sprintf("-t%d", masterCLITimeout), minion, "test.ping")
		out, err := w.Lab.Exec(ctx, master, argv)
		if err != nil {
			return false, fmt.Sprintf("run salt on %s: %v", master, err)
		}
		rets, text, err := saltout.ParseStream(out.Stdout)
		if err != nil {
			return false, err.Error()
		}
		if rets.True(minion) {
			return true, "returned true"
		}
		if raw, ok := rets[minion]; ok {
			return false, fmt.Sprintf("salt on %s exited %d, %s returned %s", master, out.ExitCode, minion, clipRaw(string(raw)))
		}
		return false, fmt.Sprintf("salt on %s exited %d without a return from %s: %s", master, out.ExitCode, minion, lastLine(append(text, out.Stderr)...))
	}
}

func clipRaw(s string) string {
	if len(s) > 160 {
		return s[:160] + "..."
	}
	return s
}
