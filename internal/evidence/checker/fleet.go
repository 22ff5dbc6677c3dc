package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// NameFleet is the checker of a fleet's failover (FleetServed).
const NameFleet = "fleet-failover"

// FleetParams are the parameters of FleetServed.
type FleetParams struct {
	// Since is the fault's entry: every time is measured from it.
	Since int64 `json:"since"`
	// F names the probes ("salt test.ping"): each is published on Master
	// to every minion at once.
	F string `json:"f"`
	// Fun is the Salt function as return events name it ("test.ping").
	Fun string `json:"fun"`
	// Masters are the masters that may serve: every minion must be served
	// by one of them (after a fault, the survivor; before any, whichever
	// master each failover minion signed in to at boot).
	Masters []string `json:"masters"`
	// Minions are the ids of every minion the lab runs.
	Minions []string `json:"minions"`
	// Bound is every minion's bound: a fleet's minions share one
	// configuration, so one bound (and its arithmetic) serves them all.
	Bound Bound `json:"bound"`
}

// Spread is how measured times are distributed over a check's subjects
// (nearest-rank percentiles of the subjects that have a time).
type Spread struct {
	Measured int           `json:"measured"`
	Of       int           `json:"of"`
	P50      time.Duration `json:"p50_ns"`
	P95      time.Duration `json:"p95_ns"`
	Max      time.Duration `json:"max_ns"`
	Limit    time.Duration `json:"limit_ns"`
}

// String is the spread in one line, as reports print it.
func (s Spread) String() string {
	return fmt.Sprintf("%d of %d measured: p50 %s, p95 %s, max %s (bound %s)", s.Measured, s.Of,
		s.P50.Round(time.Millisecond), s.P95.Round(time.Millisecond), s.Max.Round(time.Millisecond), s.Limit)
}

// spreadOf computes the spread of the subjects' Took over those that were
// measured (Took > 0).
func spreadOf(subs []Subject, limit time.Duration) *Spread {
	var ds []time.Duration
	for _, s := range subs {
		if s.Took > 0 {
			ds = append(ds, s.Took)
		}
	}
	sp := &Spread{Measured: len(ds), Of: len(subs), Limit: limit}
	if len(ds) == 0 {
		return sp
	}
	slices.Sort(ds)
	rank := func(p int) time.Duration { return ds[max((p*len(ds)+99)/100, 1)-1] }
	sp.P50, sp.P95, sp.Max = rank(50), rank(95), ds[len(ds)-1]
	return sp
}

// FleetServed judges, for every minion of a fleet, how long after Since
// one of Masters first got its return of a probe F, against the fleet's
// bound, and reports how those times spread. A minion's time is when the
// master's bus carried its return during a probe (or, when the bus shows
// none, when a probe whose CLI listed the return ended: later, never
// earlier), so the resolution is how often the probes were published.
func FleetServed(h []history.Entry, p FleetParams) Result {
	since, missing := reference(h, p.Since)
	if missing != nil {
		return *missing
	}
	rets := returnTimes(h, p.Masters, p.Fun, since.Time)
	who := strings.Join(p.Masters, " or ")
	served := map[string]Subject{}
	var probes []history.Op
	for _, o := range ops(h, span{from: p.Since + 1}, p.F) {
		if !slices.Contains(p.Masters, o.Invoke.Node) {
			continue
		}
		probes = append(probes, o)
		var v history.CLIValue
		if o.Completion != nil {
			_ = json.Unmarshal(o.Completion.Value, &v)
		}
		a, b := during(o)
		for _, id := range p.Minions {
			if _, seen := served[id]; seen {
				continue
			}
			// The master's bus is the evidence of who served: a return
			// event in the probe's window counts even when the CLI lost
			// it (the double's CLI dropped whole probes' returns under a
			// fleet's sign-in herd while the bus carried them all); the
			// CLI's own list stands in, at the probe's end, where the bus
			// was not recorded.
			if t, idx, ok := firstIn(rets[onBus{o.Invoke.Node, id}], a, b); ok {
				served[id] = Subject{Took: t.Sub(since.Time), Evidence: append(opEvidence(o), idx)}
			} else if string(v.Returns[id]) == "true" && o.Completion != nil {
				served[id] = Subject{Took: done(o).Sub(since.Time), Evidence: opEvidence(o)}
			}
		}
	}
	lastEnd := since.Time
	for _, o := range probes {
		if o.Completion != nil && o.Completion.Time.After(lastEnd) {
			lastEnd = o.Completion.Time
		}
	}
	b := p.Bound
	subs := make([]Subject, 0, len(p.Minions))
	for _, id := range p.Minions {
		s, ok := served[id]
		s.Name, s.Bound = id, &b
		s.Evidence = append([]int64{since.Index}, s.Evidence...)
		switch {
		case ok && s.Took <= b.Limit:
			s.Verdict, s.Observed = Valid, fmt.Sprintf("served by %s after %s", who, s.Took.Round(time.Millisecond))
		case ok:
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s only after %s", who, s.Took.Round(time.Millisecond))
		case lastEnd.Sub(since.Time) > b.Limit:
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("never served by %s in %d probe(s) over %s", who, len(probes), lastEnd.Sub(since.Time).Round(time.Millisecond))
		default:
			s.Verdict, s.Observed = Unknown, fmt.Sprintf("not served by %s in %d probe(s), and the probes ended %s after the fault, before the bound did", who, len(probes), lastEnd.Sub(since.Time).Round(time.Millisecond))
		}
		subs = append(subs, s)
	}
	want := fmt.Sprintf("%s to serve every one of the fleet's %d minions a %s within %s, measured from entry %d (%s)", who, len(p.Minions), p.Fun, b.Limit, p.Since, describe(since))
	r := Result{Verdict: Valid, Expected: want, Subjects: subs, Spread: spreadOf(subs, b.Limit)}
	if len(subs) == 0 {
		r.Verdict, r.Observed = Unknown, "no minion to judge"
		return r
	}
	var late []string
	for _, s := range subs {
		r.Verdict = Merge(r.Verdict, s.Verdict)
		if s.Verdict != Valid {
			late = append(late, s.Name+": "+s.Observed)
		}
		r.Evidence = append(r.Evidence, s.Evidence...)
	}
	r.Evidence = dedup(r.Evidence)
	r.Observed = fmt.Sprintf("%s in %d probe(s): %s", who, len(probes), r.Spread)
	if len(late) > 0 {
		const quoted = 5 // a fleet's misses can number hundreds; the subjects hold them all
		r.Observed += fmt.Sprintf("; %d not within the bound, e.g. %s", len(late), strings.Join(late[:min(len(late), quoted)], "; "))
	}
	return r
}

// stamp is one recorded return event: when, and which entry.
type stamp struct {
	at  time.Time
	idx int64
}

// onBus names a minion's returns on one master's bus.
type onBus struct{ master, minion string }

// returnTimes indexes the masters' return events of fun after t0 by
// master and minion, in history order, so that a fleet's thousands of
// returns are read once.
func returnTimes(h []history.Entry, masters []string, fun string, t0 time.Time) map[onBus][]stamp {
	out := map[onBus][]stamp{}
	for _, e := range h {
		if e.Type != history.Event || !slices.Contains(masters, e.Master) || e.Time.Before(t0) {
			continue
		}
		_, m, ok := retTag(e.Tag)
		if !ok {
			continue
		}
		if d := eventData(e); fun != "" && d["fun"] != fun {
			continue
		}
		k := onBus{e.Master, m}
		out[k] = append(out[k], stamp{at: e.Time, idx: e.Index})
	}
	return out
}

// firstIn is the first stamp within [a, b].
func firstIn(ss []stamp, a, b time.Time) (time.Time, int64, bool) {
	for _, s := range ss {
		if !s.at.Before(a) && !s.at.After(b) {
			return s.at, s.idx, true
		}
	}
	return time.Time{}, 0, false
}
