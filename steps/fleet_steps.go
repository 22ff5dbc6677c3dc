package steps

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltout"
	"github.com/saltlab/saltlab/internal/scenario"
)

// A fleet is probed through its master, never minion by minion: one
// `salt '*' test.ping` reaches every minion at once, where a thousand
// per-minion probes would cost a thousand `docker exec`s each round.
const (
	// fleetProbePause is the pause between one probe's end and the next
	// one's start. A master has one fleet probe at a time: each publishes
	// to every minion and asks the missing ones for their job, and
	// overlapping probes of a thousand minions overloaded the masters
	// they measured (minions logged "failed to return the job
	// information ... consider increasing the worker_threads value"). A
	// probe takes at most fleetAttempt, so that plus this pause is the
	// measurement's resolution.
	fleetProbePause = 500 * time.Millisecond
	// fleetCLITimeout is the probes' `salt -t`: how long one waits for
	// minions that have not returned yet before it reports who did
	// (client.SaltFleet).
	fleetCLITimeout = 3
	// fleetAttempt ends a probe that would wait out the master's find_job
	// round for a minion that did not return (gather_job_timeout, 10 s by
	// default, which Salt's CLI cannot shorten): its returns are read from
	// the master's bus all the same (checker.FleetServed). Fleet probes do
	// not overlap, so their length is the measurement's resolution: they
	// allow 4 s for the CLI's start (real Salt's took 1.5 s idle, 3.4 s
	// during a failover), not the per-minion probes' cliStartup.
	fleetAttempt = fleetCLITimeout*time.Second + 4*time.Second
)

// fleetAnswers: before any fault, every minion of the fleet returns a
// probe through one of the masters within the alive-check bound, measured
// from the step's first probe: the fleet is whole, so a minion missing
// after the fault is the fault's doing. A failover fleet that signed in
// under load is split between the masters (a minion that found the first
// one slow moved on to the next), so any master will do.
func fleetAnswers(ctx context.Context) error {
	w := worldFrom(ctx)
	return w.reachFleet(ctx, scenario.Masters(w.Lab), nil, "the fleet before the fault")
}

// masterReachesFleetWithinAliveBound: after a fault, master serves every
// minion of the fleet within the alive-check bound of their configuration
// (they share one), measured from the fault; the spread of the times is
// reported (p50, p95, max against the bound).
func masterReachesFleetWithinAliveBound(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return err
	}
	ref, err := w.Reference(fmt.Sprintf("expected %s to reach every minion of the fleet", master))
	if err != nil {
		return err
	}
	return w.reachFleet(ctx, []string{master}, &ref, "fleet failover to "+master)
}

// reachFleet probes the fleet on every one of masters each round until
// every minion has returned on one of them or the bound passes, then
// judges the probes (checker.FleetServed) from ref, or from the step's
// start when ref is nil.
func (w *world) reachFleet(ctx context.Context, masters []string, ref *history.Entry, measurement string) error {
	ids := w.Lab.Roles().MinionIDs()
	services := scenario.Minions(w.Lab)
	if len(ids) == 0 || len(services) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	// A fleet's minions share one configuration: the first minion
	// service's is every minion's.
	b, err := w.MinionBound(ctx, services[0], func(cfg saltcfg.Minion) (saltcfg.Bound, error) {
		return cfg.FleetAliveBound(len(ids), w.HerdSignIns)
	})
	if err != nil {
		return err
	}
	// The baseline is measured from the last entry before its first
	// probe (the checker judges the probes after that entry): a little
	// early, so its times err long, never short.
	since, start := w.History.Next()-1, time.Now()
	if ref != nil {
		since, start = ref.Index, ref.Time
	}
	who := strings.Join(masters, " and ")
	w.Waitf("probing %d minions from %s up to %s, until %s (%s)", len(ids), who, b.Limit, start.Add(b.Limit).Format("15:04:05"), b.Explain)
	var mu sync.Mutex
	seen := map[string]bool{}
	probe := func(ctx context.Context, master string, left time.Duration, want []string) {
		rets, _, _ := w.Salt().Job(ctx, master, min(left, fleetAttempt), fleetProbe(ids, want), func(r saltout.Returns) bool { return everyTrue(r, want) })
		mu.Lock()
		defer mu.Unlock()
		for _, id := range want {
			if rets.True(id) {
				seen[id] = true
			}
		}
	}
	if _, err := poll.Run(ctx, poll.Bounds{Deadline: start.Add(b.Limit), Interval: fleetProbePause}, func(ctx context.Context, left time.Duration) bool {
		mu.Lock()
		want := unserved(ids, seen)
		mu.Unlock()
		var wg sync.WaitGroup
		for _, m := range masters {
			wg.Add(1)
			go func() {
				defer wg.Done()
				probe(ctx, m, left, want)
			}()
		}
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		return len(seen) == len(ids)
	}); err != nil {
		return err
	}
	r, err := w.JudgeResult(checker.NameFleet, checker.FleetParams{Since: since, F: history.SaltPingOp, Fun: "test.ping", Masters: masters,
		Minions: ids, Bound: b}, "", false)
	if r.Spread != nil {
		w.addSpread(measurement, r)
	}
	return err
}

// addSpread records a fleet's spread as three measurements (p50, p95,
// max) against the bound: the report's table and timeline show a fleet's
// times at a glance, and the verdict keeps every minion's.
func (w *world) addSpread(name string, r checker.Result) {
	sp := r.Spread
	var b checker.Bound
	for _, s := range r.Subjects {
		if s.Bound != nil {
			b = *s.Bound
			break
		}
	}
	for _, q := range []struct {
		name string
		d    time.Duration
	}{{"p50", sp.P50}, {"p95", sp.P95}, {"max", sp.Max}} {
		w.Measurements.Add(report.Measurement{Scenario: w.Name, Name: name, Subject: fmt.Sprintf("%s of %d minions (%d measured)", q.name, sp.Of, sp.Measured),
			Observed: q.d, Bound: sp.Limit, BoundExplain: b.Explain, Met: sp.Measured == sp.Of && q.d <= sp.Limit,
			Detail: fmt.Sprintf("%s: %s: %s", checker.NameFleet, r.Verdict, sp)})
	}
}

// unserved is the ids of the fleet no probe has served yet, in fleet order.
func unserved(ids []string, seen map[string]bool) []string {
	var left []string
	for _, id := range ids {
		if !seen[id] {
			left = append(left, id)
		}
	}
	return left
}

// fleetProbe is the probe of want, the minions not served yet: the whole
// fleet ('*') while that is all of ids, then only want (-L), so later
// probes run the job only where it still tells something.
func fleetProbe(ids, want []string) client.Cmd {
	if len(want) == len(ids) {
		return client.SaltFleet(fleetCLITimeout, "test.ping")
	}
	return client.SaltFleet(fleetCLITimeout, "test.ping", want...)
}

// everyTrue reports whether every id returned true.
func everyTrue(r saltout.Returns, ids []string) bool {
	for _, id := range ids {
		if !r.True(id) {
			return false
		}
	}
	return true
}
