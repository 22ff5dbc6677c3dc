package scenario

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// signInPlan is, per minion, the recorded buses on which a freshly booted
// daemon announces itself, and whether one of them is enough.
type signInPlan map[string]signInWant

type signInWant struct {
	masters []string
	anyOne  bool // failover mode: the daemon holds one master at a time
	// first is the recorded master a failover daemon boots onto when
	// every master answers (saltcfg.Minion.BootMaster): the layout the
	// scenarios start from. Empty when the minion has no such master.
	first   string
	service string // the minion's service, restarted to mend a stray
}

// planSignIns reads every minion's own configuration: a hot minion signs
// in to every master it lists (one Minion object each, salt/minion.py
// MinionManager), a failover minion to one (eval_master), and a minion of
// a master cluster, which lists only the balancer, to whichever peer the
// balancer hands it. Masters whose bus the run does not record (buses) are
// left out: nothing would show them. Only the given minion services are
// planned: those restarted.
func planSignIns(ctx context.Context, w *World, services []string, buses map[string]bool) (signInPlan, error) {
	plan := signInPlan{}
	var balancer string
	if b := w.Lab.Roles().MasterBalancer; b != nil {
		balancer = b.Service
	}
	for _, m := range services {
		cfg, err := MinionConfig(ctx, w.Lab, m)
		if err != nil {
			return nil, err
		}
		if want, ok := signInWantOf(cfg, buses, balancer, Masters(w.Lab)); ok {
			want.service = m
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
// cluster forwards events between peers, so any recorded one will do). A
// failover minion that lists its masters itself also has the one it boots
// onto (first), when that master is recorded.
func signInWantOf(cfg saltcfg.Minion, buses map[string]bool, balancer string, peers []string) (signInWant, bool) {
	listed, anyOne, balanced := cfg.Masters, cfg.MasterType == saltcfg.MasterTypeFailover, false
	for _, e := range cfg.Masters {
		if balancer != "" && saltcfg.MasterHost(e) == balancer {
			listed, anyOne, balanced = peers, true, true
			break
		}
	}
	var ms []string
	for _, master := range listed {
		if buses[master] {
			ms = append(ms, master)
		}
	}
	want := signInWant{masters: ms, anyOne: anyOne}
	if first, ok := cfg.BootMaster(); ok && !balanced && buses[first] {
		want.first = first
	}
	return want, len(ms) > 0
}

// missing lists, from the start events recorded after entry from, the
// sign-ins the plan still waits for ("salt-minion-1 on salt-master-2"),
// on the buses recorded throughout (watched): a hot minion is waited for
// on each of those, a failover minion only when all its masters are.
func (p signInPlan) missing(h []history.Entry, from int64, watched map[string]bool) []string {
	seen := map[string]map[string]bool{}
	for _, e := range h {
		id, ok := signIn(e, from)
		if !ok {
			continue
		}
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

// signIn is the minion whose start event e is, when e is one recorded
// at or after entry from.
func signIn(e history.Entry, from int64) (string, bool) {
	if e.Type != history.Event || e.Index < from {
		return "", false
	}
	return client.StartedMinion(e.Tag)
}

// stray is a failover daemon whose first sign-in after a restart went to
// on, a later master than the one it boots onto (first).
type stray struct{ id, service, on, first string }

func (s stray) String() string {
	return fmt.Sprintf("%s signed in to %s, not to its first master %s", s.id, s.on, s.first)
}

// strays lists, from the start events recorded after entry from, the
// failover daemons whose first sign-in went to another master than their
// first, while their first master's bus was recorded throughout (watched):
// only then does the history show where they went first.
func (p signInPlan) strays(h []history.Entry, from int64, watched map[string]bool) []stray {
	firstOn := map[string]string{}
	for _, e := range h {
		if id, ok := signIn(e, from); ok {
			if _, seen := firstOn[id]; !seen {
				firstOn[id] = e.Master
			}
		}
	}
	var out []stray
	for id, want := range p {
		on, ok := firstOn[id]
		if want.first != "" && watched[want.first] && ok && on != want.first {
			out = append(out, stray{id: id, service: want.service, on: on, first: want.first})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

func joinStrays(ss []stray) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return strings.Join(out, "; ")
}

// strayServices are the services of the strays, each once (a swarm's
// minions share one).
func strayServices(ss []stray) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s.service) {
			out = append(out, s.service)
		}
	}
	return out
}

// awaitSignIns waits until every minion service restarted after entry
// from (services) has announced itself (salt/minion/<id>/start) on the masters it holds, and
// returns the failover daemons among them that booted onto a later master
// (strays). Docker's health comes first and is not enough: it sees the TCP
// connection to a publish port, and real Salt 3008 hot minions fired their
// start event on the second master 2 s after Docker called them healthy, so
// a fault injected at "healthy" hit a daemon still signing in.
func awaitSignIns(ctx context.Context, w *World, services []string, from int64, bound time.Duration) ([]stray, error) {
	buses := map[string]bool{}
	for _, b := range Buses(w.Lab) {
		buses[b] = true
	}
	plan, err := planSignIns(ctx, w, services, buses)
	if err != nil {
		return nil, err
	}
	var lack []string
	var h []history.Entry
	var watched map[string]bool
	done, perr := poll.Run(ctx, poll.Within(bound), func(context.Context, time.Duration) bool {
		var err error
		if h, err = w.History.Read(); err != nil {
			return false
		}
		watched = watchedThroughout(h, from)
		lack = plan.missing(h, from, watched)
		return len(lack) == 0
	})
	if perr != nil {
		return nil, perr
	}
	if !done {
		return nil, fmt.Errorf("expected every restarted minion to sign in to the masters it holds within %s (its start event on each master's bus); observed none from %s", bound, strings.Join(lack, "; "))
	}
	return plan.strays(h, from, watched), nil
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
