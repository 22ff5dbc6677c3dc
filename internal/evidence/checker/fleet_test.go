package checker

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

const fleetF = "salt test.ping"

// fleetParams judges ids on salt-master-2 from entry 0 with a 10 s bound.
func fleetParams(ids ...string) FleetParams {
	return FleetParams{Since: 0, F: fleetF, Fun: "test.ping", Masters: []string{"salt-master-2"}, Minions: ids,
		Bound: Bound{Limit: s(10), Explain: "alive bound"}}
}

// probe records a `salt '*' test.ping` on master from at to at+took whose
// output lists ids as true, and (events) each id's return on master's bus
// at the given offsets into the probe.
func (b *hist) probe(at, took time.Duration, master string, ids []string, events map[string]time.Duration) {
	rets := ""
	for i, id := range ids {
		if i > 0 {
			rets += ","
		}
		rets += fmt.Sprintf("%q:true", id)
	}
	b.op(at, took, history.Fail, fleetF, master, "*", `{"documents":{},"returns":{`+rets+`}}`, "not every minion answered")
	for id, off := range events {
		b.ev(at+off, master, "salt/job/20261126100000000000/ret/"+id, `{"id":"`+id+`","fun":"test.ping"}`)
	}
}

func TestFleetServed(t *testing.T) {
	ids := []string{"m-001", "m-002", "m-003", "m-004"}
	cases := []struct {
		name    string
		build   func(b *hist)
		verdict Verdict
		p50     time.Duration
		max     time.Duration
		measure int
		observe string
	}{
		{"every minion served within the bound, times from the return events", func(b *hist) {
			b.probe(s(1), s(3), "salt-master-2", ids[:2], map[string]time.Duration{"m-001": s(0.5), "m-002": s(1)})
			b.probe(s(5), s(3), "salt-master-2", ids, map[string]time.Duration{"m-003": s(0.25), "m-004": s(2)})
		}, Valid, s(2), s(7), 4, "p50 2s, p95 7s, max 7s (bound 10s)"},
		{"no event stream: the probe's end stands for the return, later never earlier", func(b *hist) {
			b.probe(s(1), s(3), "salt-master-2", ids, nil)
		}, Valid, s(4), s(4), 4, "4 of 4 measured"},
		{"one minion served after the bound is invalid and named", func(b *hist) {
			b.probe(s(1), s(3), "salt-master-2", ids[:3], nil)
			b.probe(s(11), s(1), "salt-master-2", ids, nil)
		}, Invalid, s(4), s(12), 4, "m-004: served by salt-master-2 only after 12s"},
		{"a minion never served while the probes outlasted the bound is invalid", func(b *hist) {
			b.probe(s(1), s(3), "salt-master-2", ids[:3], nil)
			b.probe(s(9), s(3), "salt-master-2", ids[:3], nil)
		}, Invalid, s(4), s(4), 3, "m-004: never served by salt-master-2 in 2 probe(s) over 12s"},
		{"probes that stopped before the bound leave the rest unknown", func(b *hist) {
			b.probe(s(1), s(3), "salt-master-2", ids[:3], nil)
		}, Unknown, s(4), s(4), 3, "before the bound did"},
		{"returns to the other master do not count", func(b *hist) {
			b.probe(s(1), s(3), "salt-master-1", ids, nil)
			b.probe(s(9), s(3), "salt-master-2", ids[:1], nil)
		}, Invalid, s(12), s(12), 1, "m-002: never served"},
		{"a return the CLI lost but the master's bus carried counts, at its event", func(b *hist) {
			b.op(s(1), s(3), history.Fail, fleetF, "salt-master-2", "*", `{"documents":{},"returns":{}}`, "")
			for i, id := range ids {
				b.ev(s(2)+time.Duration(i)*s(0.5), "salt-master-2", "salt/job/20261126100000000000/ret/"+id, `{"id":"`+id+`","fun":"test.ping"}`)
			}
		}, Valid, s(2.5), s(3.5), 4, "4 of 4 measured: p50 2.5s"},
		{"a probe cut short still shows the returns its window carried", func(b *hist) {
			b.op(s(1), 0, "", fleetF, "salt-master-2", "*", "", "")
			b.ev(s(2), "salt-master-2", "salt/job/20261126100000000000/ret/m-001", `{"id":"m-001","fun":"test.ping"}`)
		}, Unknown, s(2), s(2), 1, "m-002: not served"},
		{"a false return is no service", func(b *hist) {
			b.op(s(1), s(3), history.Fail, fleetF, "salt-master-2", "*", `{"documents":{},"returns":{"m-001":false,"m-002":"Minion did not return"}}`, "")
			b.probe(s(9), s(3), "salt-master-2", ids, nil)
		}, Invalid, s(12), s(12), 4, "m-001: served by salt-master-2 only after 12s"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.fault(0, "1", "stop", "salt-master-1", history.Start)
			tc.build(b)
			r := FleetServed(b.h, fleetParams(ids...))
			assert.Equal(t, tc.verdict, r.Verdict, r.Observed)
			require.NotNil(t, r.Spread)
			assert.Equal(t, tc.measure, r.Spread.Measured)
			assert.Equal(t, len(ids), r.Spread.Of)
			assert.Equal(t, tc.p50, r.Spread.P50)
			assert.Equal(t, tc.max, r.Spread.Max)
			assert.Contains(t, r.Observed, tc.observe)
			assert.Len(t, r.Subjects, len(ids))
		})
	}
}

// TestFleetServedByAnyOf: before a fault, a failover fleet is split
// between the masters it signed in to; each minion counts on either.
func TestFleetServedByAnyOf(t *testing.T) {
	b := &hist{}
	b.fault(0, "1", "stop", "salt-master-9", history.Start)
	b.probe(s(1), s(1), "salt-master-1", []string{"m-001"}, map[string]time.Duration{"m-001": s(0.5)})
	b.probe(s(1), s(2), "salt-master-2", []string{"m-002"}, map[string]time.Duration{"m-001": s(0.2), "m-002": s(1)})
	p := fleetParams("m-001", "m-002")
	p.Masters = []string{"salt-master-1", "salt-master-2"}
	r := FleetServed(b.h, p)
	assert.Equal(t, Valid, r.Verdict, r.Observed)
	assert.Equal(t, s(1.5), r.Subjects[0].Took, "m-001's time is its return on the master whose probe listed it")
	assert.Equal(t, s(2), r.Subjects[1].Took)
	assert.Contains(t, r.Expected, "salt-master-1 or salt-master-2 to serve every one of the fleet's 2 minions")
}

func TestFleetServedWithoutFaultIsUnknown(t *testing.T) {
	b := &hist{}
	b.probe(s(1), s(3), "salt-master-2", []string{"m-001"}, nil)
	r := FleetServed(b.h, FleetParams{Since: 5, F: fleetF, Fun: "test.ping", Masters: []string{"salt-master-2"}, Minions: []string{"m-001"}, Bound: Bound{Limit: s(10)}})
	assert.Equal(t, Unknown, r.Verdict)
}

func TestSpreadPercentiles(t *testing.T) {
	var subs []Subject
	for i := 1; i <= 100; i++ {
		subs = append(subs, Subject{Took: time.Duration(i) * time.Millisecond})
	}
	subs = append(subs, Subject{}) // never served: no time
	sp := spreadOf(subs, time.Second)
	assert.Equal(t, Spread{Measured: 100, Of: 101, P50: 50 * time.Millisecond, P95: 95 * time.Millisecond, Max: 100 * time.Millisecond, Limit: time.Second}, *sp)
	assert.Equal(t, "100 of 101 measured: p50 50ms, p95 95ms, max 100ms (bound 1s)", sp.String())
}
