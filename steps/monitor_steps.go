package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/scenario"
)

// minionsHaveMonitor and minionsHaveNoMonitor are a scenario's claim about
// the Salt it runs on: whether its minions leave a master as soon as the
// publish connection drops (saltcfg.MonitorsPubDisconnect: Salt 3007.15
// and later with zmq_monitor, its default there). Where the claim does not
// hold, the scenario is skipped, saying which release and setting, and
// which scenario covers that Salt instead: the DNS trap exists only
// without the monitor (measured on real 3008.4: minions left a stopped
// master whose name was gone 0.1 s after they were resumed).
func minionsHaveMonitor(ctx context.Context) error   { return wantMonitor(ctx, true) }
func minionsHaveNoMonitor(ctx context.Context) error { return wantMonitor(ctx, false) }

func wantMonitor(ctx context.Context, want bool) error {
	w := worldFrom(ctx)
	ms := scenario.Minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	var with, without []string
	for _, m := range ms {
		on, why, err := monitorOf(ctx, w, m)
		if err != nil {
			return err
		}
		if on {
			with = append(with, m+" ("+why+")")
		} else {
			without = append(without, m+" ("+why+")")
		}
	}
	if len(with) > 0 && len(without) > 0 {
		return fmt.Errorf("expected every minion with or every minion without the ZeroMQ disconnect monitor; observed it on %s and not on %s",
			strings.Join(with, ", "), strings.Join(without, ", "))
	}
	if (len(with) > 0) == want {
		return nil
	}
	reason := fmt.Sprintf("this scenario is for minions without the ZeroMQ disconnect monitor, and %s have it: from Salt %s a minion leaves a master whose publish connection dropped, name resolved or not (zmq_monitor, saltstack/salt#66760)",
		strings.Join(with, ", "), saltcfg.MonitorSince())
	if want {
		reason = fmt.Sprintf("this scenario is for minions with the ZeroMQ disconnect monitor (Salt %s or later with zmq_monitor True), and %s have none: only the alive check notices a lost master there",
			saltcfg.MonitorSince(), strings.Join(without, ", "))
	}
	w.Warnf("SKIPPED: %s", reason)
	return fmt.Errorf("%w: %s", godog.ErrSkip, reason)
}

// monitorOf asks a minion which Salt it runs (`salt-call --version`) and,
// recorded in the history, its zmq_monitor setting.
func monitorOf(ctx context.Context, w *world, minion string) (on bool, why string, err error) {
	out, err := scenario.SaltVersionOn(ctx, w.Lab, minion)
	if err != nil {
		return false, "", fmt.Errorf("ask %s which Salt it runs: %w", minion, err)
	}
	v, err := saltver.ParseReported(out)
	if err != nil {
		return false, "", fmt.Errorf("ask %s which Salt it runs: %w", minion, err)
	}
	r, o := w.Salt().Call(ctx, minion, scenario.ConfigTimeout, client.SaltCallLocal("config.get", "zmq_monitor"))
	if !o.OK() {
		return false, "", fmt.Errorf("read zmq_monitor of %s: %s", minion, describe(o))
	}
	var monitor bool
	if err := json.Unmarshal(r.Local, &monitor); err != nil {
		return false, "", fmt.Errorf("read zmq_monitor of %s: want true or false, got %s", minion, r.Local)
	}
	release := "Salt " + v.Release.String()
	if v.Sim {
		release = fmt.Sprintf("the Salt double as line %d", v.Line)
	}
	return saltcfg.MonitorsPubDisconnect(v, monitor), fmt.Sprintf("%s, zmq_monitor %t", release, monitor), nil
}
