package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// TestWatchedExcludesSilencedTimes: a paused container or a frozen
// salt-master stalls its event stream without ending it, so the time it is
// in force is not recorded time; a frozen salt-api, a killed salt-master
// process (the stream's own end says so) and faults on other nodes are.
func TestWatchedExcludesSilencedTimes(t *testing.T) {
	const m1 = "salt-master-1"
	inForce := func(k history.FaultKind, target, program string) func(b *hist) {
		return func(b *hist) {
			b.add(s(10), history.Entry{Type: history.Fault, FaultID: "1", Kind: k, Target: target, Program: program, Phase: history.Start})
			b.add(s(20), history.Entry{Type: history.Fault, FaultID: "1", Kind: k, Target: target, Program: program, Phase: history.End})
		}
	}
	tests := []struct {
		name   string
		make   func(b *hist)
		at     float64
		want   bool
		reason string
	}{
		{"no fault", func(*hist) {}, 15, true, "the stream was proven live and never lost"},
		{"paused", inForce(history.FaultPause, m1, ""), 15, false, "docker pause stalls the stream"},
		{"paused, after the heal", inForce(history.FaultPause, m1, ""), 25, true, "the window closed"},
		{"paused, before the fault", inForce(history.FaultPause, m1, ""), 5, true, "the window had not opened"},
		{"stopped", inForce(history.FaultStop, m1, ""), 15, false, "a stopped master publishes nothing"},
		{"killed", inForce(history.FaultKill, m1, ""), 15, false, "a killed master publishes nothing"},
		{"one of several stopped", inForce(history.FaultStop, "salt-master-2,"+m1, ""), 15, false, "the target list names it"},
		{"salt-master frozen", inForce(history.FaultProcStop, m1, "salt-master"), 15, false, "the event publisher is a salt-master process"},
		{"salt-api frozen", inForce(history.FaultProcStop, m1, "salt-api"), 15, true, "salt-api is not the master's bus"},
		{"salt-master killed", inForce(history.FaultProcKill, m1, "salt-master"), 15, true, "the stream's end is recorded when it is lost"},
		{"minions partitioned from it", inForce("partition", "salt-minion-1|"+m1, ""), 15, true, "the host still reads its bus"},
		{"another master paused", inForce(history.FaultPause, "salt-master-2", ""), 15, true, "a fault elsewhere"},
		{"never healed", func(b *hist) { b.fault(s(10), "1", history.FaultPause, m1, history.Start) }, 100, false, "an open window lasts"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, m1, history.Start)
			tc.make(b)
			assert.Equal(t, tc.want, watched(b.h, m1, t0.Add(s(tc.at)), t0.Add(s(tc.at))), tc.reason)
		})
	}
}

// TestMissingEventOnAPausedMasterIsUnknown: the checkers that tell "no
// event" from "not seen" say unknown, not invalid, when the bus that
// should have carried it was paused.
func TestMissingEventOnAPausedMasterIsUnknown(t *testing.T) {
	const cli = "salt test.ping"
	b := &hist{}
	b.watch(0, "salt-master-1", history.Start)
	b.add(s(1), history.Entry{Type: history.Fault, FaultID: "1", Kind: "proc-stop", Target: "salt-master-1", Program: "salt-master", Phase: history.Start})
	b.op(s(2), s(1), history.OK, cli, "salt-master-1", "m1", `{"documents":{"m1":1}}`, "")
	r := Delivery(b.h, DeliveryParams{F: cli})
	assert.Equal(t, Unknown, r.Verdict, r.Observed)
	assert.Contains(t, r.Observed, "its stream was not recorded then")

	// A return stamped on the frozen master's bus while it was frozen
	// cannot have been delivered there.
	b.ev(s(2.5), "salt-master-1", "salt/job/J1/ret/m1", `{}`)
	r = Delivery(b.h, DeliveryParams{F: cli})
	assert.Equal(t, Invalid, r.Verdict, r.Observed)
	assert.Contains(t, r.Observed, "reached salt-master-1 while it was frozen (salt-master stopped with SIGSTOP)")
}
