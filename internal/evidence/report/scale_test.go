package report

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// bigHistory is a 10-minute scenario with 50 minions each calling every
// 500 ms: master-1 is stopped from 2 to 5 minutes, during which every
// call times out for a while; minions 7 and 31 fail for longer, and both
// masters publish an event per call.
func bigHistory(sc string) ([]history.Entry, []history.FaultWindow) {
	var h []history.Entry
	var idx int64
	add := func(e history.Entry) int64 {
		e.Index, e.Scenario = idx, sc
		h = append(h, e)
		idx++
		return e.Index
	}
	stop, start := at(120), at(300)
	for step := 0; step < 1200; step++ {
		for m := 1; m <= 50; m++ {
			name := fmt.Sprintf("salt-minion-%d", m)
			inv := at(float64(step) * 0.5)
			i := add(history.Entry{Type: history.Invoke, Time: inv, Process: name, Node: name, F: "salt-call test.ping"})
			typ, master := history.OK, "salt-master-1"
			if inv.After(stop) {
				master = "salt-master-2"
				if inv.Before(stop.Add(10 * time.Second)) {
					typ = history.Info
				}
				if (m == 7 || m == 31) && inv.Before(stop.Add(40*time.Second)) {
					typ = history.Fail
				}
			}
			add(history.Entry{Type: typ, Time: inv.Add(200 * time.Millisecond), Pair: i, Process: name, F: "salt-call test.ping", Via: master})
			add(history.Entry{Type: history.Event, Time: inv.Add(100 * time.Millisecond), Master: master, Tag: "salt/job/1/ret/" + name})
		}
	}
	// The fault as the run records it in the history (scenario.RecordFaults),
	// which is where the reports take fault windows from.
	i := add(history.Entry{Type: history.Fault, Time: stop, FaultID: "1", Kind: history.FaultStop, Target: "salt-master-1", Phase: history.Start})
	j := add(history.Entry{Type: history.Fault, Time: start, FaultID: "1", Kind: history.FaultStop, Target: "salt-master-1", Phase: history.End})
	return h, []history.FaultWindow{{FaultID: "1", Kind: history.FaultStop, Target: "salt-master-1", Scenario: sc, Start: stop, End: start, Evidence: []int64{i, j}}}
}

func TestTimelineStaysLegibleAt50MinionsAnd10Minutes(t *testing.T) {
	const sc = "big"
	h, ws := bigHistory(sc)
	ev := Evidence{History: h, HasHistory: true, Faults: ws}
	var ms []Measurement
	for m := 1; m <= 50; m++ {
		ms = append(ms, Measurement{Scenario: sc, Name: "salt-call failover", Subject: fmt.Sprintf("salt-minion-%d", m),
			Observed: time.Duration(10+m%3) * time.Second, Bound: 16 * time.Second, Met: true})
	}
	res := ScenarioResult{Name: sc, Measurements: ms}
	begin := time.Now()
	tl, ok := BuildTimeline(res, ev)
	require.True(t, ok)
	svg := string(SVG(tl, sc))
	took := time.Since(begin)

	assert.Less(t, took, 5*time.Second, "drawing %d entries", len(h))
	assert.Less(t, len(svg), 150_000, "the SVG stays small whatever the history's size")
	assert.LessOrEqual(t, len(tl.Lanes), MaxOpLanes+2+1, "op lanes, two masters, one measurement")
	var labels []string
	for _, l := range tl.Lanes {
		labels = append(labels, l.Label)
	}
	assert.Equal(t, []string{"salt-minion-7 … salt-minion-31 (2 alike)", "salt-minion-1 … salt-minion-50 (48 alike)",
		"events @ salt-master-1", "events @ salt-master-2", "salt-call failover"}, labels,
		"alike minions share a lane, the ones in trouble come first")
	text, ok := TextTimeline(res, ev)
	require.True(t, ok)
	assert.LessOrEqual(t, strings.Count(text, "\n"), MaxTextLines+12, "the text timeline is capped")
	assert.Contains(t, text, "more line(s): see history.jsonl")
}

func TestManyDistinctLanesAreCapped(t *testing.T) {
	var h []history.Entry
	for m := 0; m < 40; m++ {
		// Each minion's call lands in its own column, so none are alike.
		name := fmt.Sprintf("salt-minion-%d", m)
		h = append(h, history.Entry{Index: int64(2 * m), Type: history.Invoke, Time: at(float64(m)), Scenario: "s", Process: name},
			history.Entry{Index: int64(2*m + 1), Type: history.OK, Pair: int64(2 * m), Time: at(float64(m) + 0.5), Scenario: "s", Process: name})
	}
	tl, ok := BuildTimeline(ScenarioResult{Name: "s"}, Evidence{History: h, HasHistory: true})
	require.True(t, ok)
	assert.Len(t, tl.Lanes, MaxOpLanes)
	assert.Equal(t, 40-MaxOpLanes, tl.Hidden)
	assert.Contains(t, string(SVG(tl, "s")), fmt.Sprintf("+%d more process(es), not drawn", 40-MaxOpLanes))
}
