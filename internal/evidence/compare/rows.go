package compare

import (
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// itemKey matches a check (checker, step, occurrence) or a measurement
// (name and subject as Item, no step) across the two runs.
type itemKey struct {
	item, step string
	occurrence int
}

// item is one check or measurement of one run.
type item struct {
	key  itemKey
	side Side
}

// scenarioRows lists one scenario's rows; a nil side is a run that lacks
// the scenario.
func scenarioRows(a, b *report.ScenarioResult) []Row {
	sc := a
	if sc == nil {
		sc = b
	}
	base := Row{Feature: sc.Feature, Scenario: sc.Name}
	status, wall := base, base
	status.Kind, wall.Kind = KindStatus, KindTime
	status.A, wall.A = statusSide(a), wallSide(a)
	status.B, wall.B = statusSide(b), wallSide(b)
	rows := []Row{status, wall}
	for _, p := range pair(checks(a), checks(b)) {
		r := base
		r.Kind, r.Item, r.Step, r.Occurrence, r.A, r.B = KindCheck, p.key.item, p.key.step, p.key.occurrence, p.a, p.b
		rows = append(rows, r)
	}
	for _, p := range pair(measurements(a), measurements(b)) {
		r := base
		r.Kind, r.Item, r.Occurrence, r.A, r.B = KindMeasurement, p.key.item, p.key.occurrence, p.a, p.b
		rows = append(rows, r)
	}
	return rows
}

func statusSide(sc *report.ScenarioResult) Side {
	if sc == nil {
		return Side{}
	}
	return Side{Present: true, Value: sc.Status}
}

// wallSide reads time_s, which summary.json keeps as a decimal string
// (as JUnit does); an unreadable one is shown as it is, with no ratio.
func wallSide(sc *report.ScenarioResult) Side {
	if sc == nil {
		return Side{}
	}
	d, err := sc.WallTime()
	if err != nil {
		return Side{Present: true, Value: sc.Time}
	}
	return Side{Present: true, Value: d.Round(time.Millisecond).String(), Time: d}
}

// checks keys a scenario's verdicts by checker and step.
func checks(sc *report.ScenarioResult) []item {
	if sc == nil {
		return nil
	}
	return numbered(sc.Verdicts, func(v report.Verdict) (itemKey, Side) {
		return itemKey{item: v.Checker, step: v.Step()}, Side{Present: true, Value: string(v.Verdict)}
	})
}

// measurements keys a scenario's measurements by name and subject.
func measurements(sc *report.ScenarioResult) []item {
	if sc == nil {
		return nil
	}
	return numbered(sc.Measurements, func(m report.Measurement) (itemKey, Side) {
		return itemKey{item: m.Name + " [" + m.Subject + "]"}, Side{Present: true, Value: m.ObservedText(), Time: m.Observed}
	})
}

// numbered keys xs, giving a key that repeats occurrences 0, 1, ... in
// the order the run recorded them, so repeats are matched in order.
func numbered[T any](xs []T, keyOf func(T) (itemKey, Side)) []item {
	seen := map[itemKey]int{}
	out := make([]item, 0, len(xs))
	for _, x := range xs {
		k, side := keyOf(x)
		k.occurrence = seen[k]
		seen[itemKey{item: k.item, step: k.step}]++
		out = append(out, item{key: k, side: side})
	}
	return out
}

type paired struct {
	key  itemKey
	a, b Side
}

// pair matches items by key: A's in A's order, then those only in B.
func pair(as, bs []item) []paired {
	inB := make(map[itemKey]Side, len(bs))
	for _, it := range bs {
		inB[it.key] = it.side
	}
	out := make([]paired, 0, len(as)+len(bs))
	inA := make(map[itemKey]bool, len(as))
	for _, it := range as {
		inA[it.key] = true
		out = append(out, paired{key: it.key, a: it.side, b: inB[it.key]})
	}
	for _, it := range bs {
		if !inA[it.key] {
			out = append(out, paired{key: it.key, b: it.side})
		}
	}
	return out
}
