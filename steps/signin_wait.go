package steps

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client/poll"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// signInPlan is, per minion, the recorded buses on which a freshly booted
// daemon announces itself, and whether one of them is enough.
type signInPlan map[string]signInWant

type signInWant struct {
	masters []string
	anyOne  bool // failover mode: the daemon holds one master at a time
}

// planSignIns reads every minion's own configuration: a hot minion signs
// in to every master it lists (one Minion object each, salt/minion.py
// MinionManager), a failover minion to one (eval_master), and a minion of
// a master cluster, which lists only the balancer, to whichever peer the
// balancer hands it. Masters whose bus the run does not record (buses) are
// left out: nothing would show them.
func planSignIns(ctx context.Context, w *world, buses map[string]bool) (signInPlan, error) {
	plan := signInPlan{}
	var balancer string
	if b := w.Lab.Roles().MasterBalancer; b != nil {
		balancer = b.Service
	}
	for _, m := range minions(w.Lab) {
		cfg, err := minionConfig(ctx, w.Lab, m)
		if err != nil {
			return nil, err
		}
		if want, ok := signInWantOf(cfg, buses, balancer, Masters(w.Lab)); ok {
			// A swarm service's minions share its configuration, and each
			// announces itself under its own id.
			for _, id := range w.Lab.Roles().IDsOf(m) {
				plan[id] = want
			}
		}
	}
	return plan, nil
}

// signInWantOf is where one minion's start event must show: on every
// recorded master it lists (hot), on any one of them (failover), or, when
// it lists the master balancer, on any one recorded peer behind it (the
// cluster forwards events between peers, so any recorded one will do).
func signInWantOf(cfg saltcfg.Minion, buses map[string]bool, balancer string, peers []string) (signInWant, bool) {
	listed, anyOne := cfg.Masters, cfg.MasterType == saltcfg.MasterTypeFailover
	for _, e := range cfg.Masters {
		if balancer != "" && saltcfg.MasterHost(e) == balancer {
			listed, anyOne = peers, true
			break
		}
	}
	var ms []string
	for _, master := range listed {
		if buses[master] {
			ms = append(ms, master)
		}
	}
	return signInWant{masters: ms, anyOne: anyOne}, len(ms) > 0
}

// missing lists, from the start events recorded after entry from, the
// sign-ins the plan still waits for ("salt-minion-1 on salt-master-2"),
// on the buses recorded throughout (watched): a hot minion is waited for
// on each of those, a failover minion only when all its masters are.
func (p signInPlan) missing(h []history.Entry, from int64, watched map[string]bool) []string {
	seen := map[string]map[string]bool{}
	for _, e := range h {
		if e.Type != history.Event || e.Index < from || !strings.HasPrefix(e.Tag, "salt/minion/") || !strings.HasSuffix(e.Tag, "/start") {
			continue
		}
		id := strings.TrimSuffix(strings.TrimPrefix(e.Tag, "salt/minion/"), "/start")
		if seen[id] == nil {
			seen[id] = map[string]bool{}
		}
		seen[id][e.Master] = true
	}
	var out []string
	for m, want := range p {
		var lack []string
		blind := false
		for _, master := range want.masters {
			switch {
			case !watched[master]:
				blind = true
			case !seen[m][master]:
				lack = append(lack, master)
			}
		}
		switch {
		case len(lack) == 0, want.anyOne && blind:
		case want.anyOne && len(lack) < len(want.masters):
		case want.anyOne:
			out = append(out, m+" on any of "+strings.Join(lack, ", "))
		default:
			out = append(out, m+" on "+strings.Join(lack, ", "))
		}
	}
	sort.Strings(out)
	return out
}

// awaitSignIns waits until every minion restarted after entry from has
// announced itself (salt/minion/<id>/start) on the masters it holds.
// Docker's health comes first and is not enough: it sees the TCP
// connection to a publish port, and real Salt 3008 hot minions fired their
// start event on the second master 2 s after Docker called them healthy, so
// a fault injected at "healthy" hit a daemon still signing in.
func awaitSignIns(ctx context.Context, w *world, from int64, bound time.Duration) error {
	buses := map[string]bool{}
	for _, b := range Buses(w.Lab) {
		buses[b] = true
	}
	plan, err := planSignIns(ctx, w, buses)
	if err != nil {
		return err
	}
	var lack []string
	done, perr := poll.Run(ctx, poll.Within(bound), func(context.Context, time.Duration) bool {
		h, err := w.History.Read()
		if err != nil {
			return false
		}
		lack = plan.missing(h, from, watchedThroughout(h, from))
		return len(lack) == 0
	})
	if perr != nil {
		return perr
	}
	if !done {
		return fmt.Errorf("expected every restarted minion to sign in to the masters it holds within %s (its start event on each master's bus); observed none from %s", bound, strings.Join(lack, "; "))
	}
	return nil
}

// watchedThroughout are the masters whose event stream the history shows
// recorded from before entry from until now: their last watch entry before
// from is a start and none ended since. Only those buses can show a start
// event fired after from; a stream attached later may have missed it.
func watchedThroughout(h []history.Entry, from int64) map[string]bool {
	up := map[string]bool{}
	for _, e := range h {
		if e.Type != history.Watch || e.Master == "" {
			continue
		}
		switch {
		case e.Index < from:
			up[e.Master] = e.Phase == history.Start
		case e.Phase == history.End:
			up[e.Master] = false
		}
	}
	return up
}
