package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltout"
	"github.com/saltlab/saltlab/internal/scenario"
)

// masterRunsOnEveryMinionOnce: `salt '*' <fun> <args...>` on master
// returns want (JSON) from every minion, once each: one return event per
// minion on master's bus, one CLI document each (and, from a master of
// masters, one return across the syndic buses). Salt's own multimaster
// tests run test.echo, test.ping, ... from each master to each minion
// (tests/pytests/scenarios/multimaster/modules/test_test.py) and expect
// every pair to answer; the exactly-once and returns-delivered checkers
// judge that from the recorded history.
func masterRunsOnEveryMinionOnce(ctx context.Context, master, call, want string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	if !json.Valid([]byte(want)) {
		return fmt.Errorf("expected a JSON return value in the step, got %q", want)
	}
	words := strings.Fields(call)
	if len(words) == 0 {
		return fmt.Errorf("expected a Salt function in the step, got %q", call)
	}
	ms := scenario.Minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	job := client.Salt("*", momCLITimeout, words[0], words[1:]...)
	from := w.History.Next()
	_, docs, _ := w.Salt().Job(ctx, master, scenario.CallTimeout, job, anyReturns)
	w.Logf("salt '*' %s on %s: documents per id: %v", call, master, docs)
	once := scenario.OnceOf(w.Lab, from, master, job)
	once.Want = json.RawMessage(want)
	return errors.Join(
		w.Judge(checker.NameExactlyOnce, once, "", false),
		w.Judge(checker.NameDelivery, scenario.DeliveryOf(w.Lab, from, job.Name()), "", false))
}

// minionEventReaches: `salt <minion> event.send <tag>` on master makes the
// minion fire an event to every master it is connected to (event.send ->
// fire_master); the event-reached checker then wants it on each of the
// named masters' buses. It waits up to scenario.EventLag for the watcher to append
// the events. Mirrors the loop of Salt's
// tests/pytests/scenarios/multimaster/test_offline_master.py (#50814: with
// one master dead, a hot minion stopped handling events after the first).
func minionEventReaches(ctx context.Context, master, minion, to string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	minion, rerr = w.Lab.Roles().ServiceNamed(minion)
	if rerr != nil {
		return rerr
	}
	targets, rerr := w.Lab.Roles().ServicesNamed(to)
	if rerr != nil {
		return rerr
	}
	tag := fmt.Sprintf("saltlab/upstream/event/%d", time.Now().UnixNano())
	from := w.History.Next()
	rets, _, o := w.SaltJob(ctx, master, minion, masterCLITimeout, scenario.CallTimeout, func(r saltout.Returns) bool { return r.True(minion) }, "event.send", tag)
	if !rets.True(minion) {
		return fmt.Errorf("expected %s's event.send through %s to return true; observed: %s", minion, master, o.Err)
	}
	_, _ = poll.Run(ctx, poll.Within(scenario.EventLag), func(context.Context, time.Duration) bool {
		h, err := w.History.Read()
		if err != nil {
			return false
		}
		got := map[string]bool{}
		for _, e := range h[min(int(from), len(h)):] {
			if e.Type == history.Event && e.Tag == tag {
				got[e.Master] = true
			}
		}
		for _, m := range targets {
			if !got[m] {
				return false
			}
		}
		return true
	})
	f := client.Salt("*", 0, "event.send").Name()
	return w.Judge(checker.NameEventReached, checker.ReachedParams{From: from, F: f, Tag: tag, Masters: targets}, "", false)
}
