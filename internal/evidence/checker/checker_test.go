package checker

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestMerge(t *testing.T) {
	assert.Equal(t, Valid, Merge())
	assert.Equal(t, Unknown, Merge(Valid, Unknown, Valid))
	assert.Equal(t, Invalid, Merge(Unknown, Invalid, Valid))
}

const ping = "salt-call test.ping"

// failoverHistory: master-1 stops at 10 s; both masters' streams are
// recorded (master-1's until it stops); m1 is served by master-2 at 14 s.
func failoverHistory(retOn string, watch2 bool) (*hist, int64) {
	b := &hist{}
	b.watch(0, "salt-master-1", history.Start)
	if watch2 {
		b.watch(0, "salt-master-2", history.Start)
	}
	since := b.fault(s(10), "1", "stop", "salt-master-1", history.Start)
	b.watch(s(10.1), "salt-master-1", history.End)
	b.op(s(11), s(2), history.Fail, ping, "m1", "m1", "", "exit 1: no master")
	b.op(s(13), s(1.5), history.OK, ping, "m1", "m1", "true", "")
	if retOn != "" {
		b.ev(s(14), retOn, "salt/job/20261123100014000000/ret/m1", `{"id":"m1","fun":"test.ping","jid":"20261123100014000000"}`)
	}
	return b, since
}

func TestFailoverTime(t *testing.T) {
	tests := []struct {
		name    string
		retOn   string
		watch2  bool
		limit   float64
		absent  bool
		want    Verdict
		observe string
		perCall bool // a salt-call's bound: one call's cost from its own start
	}{
		// Served when master-2's bus carried the return (14 s), not when
		// the CLI ended (14.5 s).
		{"served by master-2 within the bound", "salt-master-2", true, 10, false, Valid, "served by salt-master-2 after 4s", false},
		{"served too late", "salt-master-2", true, 3, false, Invalid, "only after 4s", false},
		// The failed first call ran while master-1 was down; the second
		// one, served by master-1, shows it back.
		{"the faulted master back after a failed call", "salt-master-1", true, 10, false, Invalid, "last: fail: exit 1: no master; then salt-master-1, the fault's target, was back", false},
		{"no return event while master-2 was watched", "", true, 10, false, Invalid, "no master's bus carried its return", false},
		{"no return event and master-2 not watched", "", false, 10, false, Unknown, "not recorded", false},
		{"absence broken", "salt-master-2", true, 10, true, Invalid, "served by salt-master-2 after", false},
		{"absence held", "salt-master-1", true, 10, true, Valid, "not served", false},
		{"absence unjudgeable", "", false, 10, true, Unknown, "not recorded", false},
		// The first call is invoked at 11 s, 1 s after the fault.
		{"per call: measured from the first call", "salt-master-2", true, 4, false, Valid, "served by salt-master-2 after 3s", true},
		{"per call: too late even from the first call", "salt-master-2", true, 2.5, false, Invalid, "only after 3s", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, since := failoverHistory(tc.retOn, tc.watch2)
			r := FailoverTime(b.h, FailoverParams{Since: since, F: ping, Fun: "test.ping", Master: "salt-master-2",
				Bounds: bounds(s(tc.limit), "m1"), Absent: tc.absent, PerCall: tc.perCall})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observe)
			assert.Contains(t, r.Evidence, since, "the fault is evidence")
		})
	}
}

// TestFailoverTimeWhenTheFaultedMasterIsBack: a killed salt-master that
// its supervisor restarts (5 s later, as the users' systemd does) can be
// back before a salt-call reaches it, and then serves it, as Salt's list
// order says it should. Such a call shows the fault over, not a failover
// gone wrong (stop 34's CI called that invalid), and so does every later
// one; only calls before it are judged. A master other than the faulted
// one serving, or the faulted one after its heal, is still wrong.
func TestFailoverTimeWhenTheFaultedMasterIsBack(t *testing.T) {
	const jid = "20261123100014000000"
	ret := func(b *hist, at float64, master string) {
		b.ev(s(at), master, "salt/job/"+jid+"/ret/m1", `{"id":"m1","fun":"test.ping","jid":"`+jid+`"}`)
	}
	tests := []struct {
		name    string
		build   func(b *hist)
		phase   string
		want    Verdict
		observe string
	}{
		{"the only call served by the restarted master: nothing measured", func(b *hist) {
			b.op(s(14), s(10), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 23.5, "salt-master-1")
			b.op(s(24.5), s(3), history.OK, ping, "m1", "m1", "true", "")
		}, history.Start, Unknown, "not measured: salt-master-1, the fault's target, was back and served the first attempt that answered"},
		{"served by master-2 before the faulted master came back", func(b *hist) {
			b.op(s(11), s(5), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 15.5, "salt-master-2")
		}, history.Start, Valid, "served by salt-master-2 after 4.5s"},
		{"a call that timed out while it was down still counts", func(b *hist) {
			b.op(s(11), s(16), history.Info, ping, "m1", "m1", "", "timed out")
			b.op(s(27.5), s(3), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 30, "salt-master-1")
		}, history.Start, Invalid, "last: info: timed out; then salt-master-1, the fault's target, was back"},
		{"a third master serving is wrong", func(b *hist) {
			b.op(s(11), s(5), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 15.5, "salt-master-3")
		}, history.Start, Invalid, "answered, but served by salt-master-3"},
		{"or back: the restarted master serves", func(b *hist) {
			b.op(s(14), s(10), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 23.5, "salt-master-1")
		}, history.Start, Valid, "served by salt-master-1, the fault's target, back, after 9.5s"},
		{"or back: master-2 first", func(b *hist) {
			b.op(s(11), s(5), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 15.5, "salt-master-2")
		}, history.Start, Valid, "served by salt-master-2 after 4.5s"},
		{"or back: too late all the same", func(b *hist) {
			b.op(s(11), s(20), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 30, "salt-master-1")
		}, history.Start, Invalid, "served by salt-master-1, the fault's target, back, only after 19s"},
		{"after a heal the healed master serving is no fault ending", func(b *hist) {
			b.op(s(11), s(5), history.OK, ping, "m1", "m1", "true", "")
			ret(b, 15.5, "salt-master-1")
		}, history.End, Invalid, "answered, but served by salt-master-1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, "salt-master-1", history.Start)
			b.watch(0, "salt-master-2", history.Start)
			b.watch(0, "salt-master-3", history.Start)
			since := b.fault(s(10), "1", "proc-kill", "salt-master-1", tc.phase)
			tc.build(b)
			r := FailoverTime(b.h, FailoverParams{Since: since, F: ping, Fun: "test.ping", Master: "salt-master-2",
				Bounds: bounds(s(16), "m1"), PerCall: true, OrBack: strings.HasPrefix(tc.name, "or back")})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observe)
		})
	}
}

// An attempt cut at the bound's end (real Salt's CLI took 3.4 s to
// publish and had not printed when the bound ended) still shows the master
// serving the minion when its bus carried the return within the attempt;
// a return outside every attempt, or on another master, does not count.
func TestFailoverTimeReadsTheBusOfCutAttempts(t *testing.T) {
	const own = "20261123100018400000"
	tests := []struct {
		name    string
		retAt   float64 // 0: none
		retOn   string
		jid     string // the returned job: the attempt's own, or another
		absent  bool
		want    Verdict
		observe string
	}{
		{"return within the cut attempt", 18.9, "salt-master-2", own, false, Valid, "served by salt-master-2 after 8.9s"},
		{"no return: the cut attempt proves nothing served", 0, "", own, false, Invalid, "never served by salt-master-2 in 1 attempt(s); last: info"},
		{"return on the other master", 18.9, "salt-master-1", own, false, Invalid, "never served"},
		{"return after the attempt ended", 19.5, "salt-master-2", own, false, Invalid, "never served"},
		{"a salt-call's return is not the attempt's", 18.9, "salt-master-2", "req", false, Invalid, "never served"},
		{"absence broken by a cut attempt", 18.9, "salt-master-2", own, true, Invalid, "served by salt-master-2 after 8.9s"},
		{"absence held through a cut attempt", 0, "", own, true, Valid, "not served by salt-master-2 in 1 attempt(s)"},
		{"absence held beside a salt-call's return", 18.9, "salt-master-2", "req", true, Valid, "not served by salt-master-2 in 1 attempt(s)"},
		// The CLI was ended before it published: it asked nothing, so
		// its silence is no verdict on the master.
		{"an attempt that never published measured nothing", 0, "", "", false, Unknown, "not measured: none of 1 attempt(s) got as far as publishing a job to m1 on salt-master-2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, "salt-master-2", history.Start)
			since := b.fault(s(10), "1", "stop", "salt-master-1", history.Start)
			b.op(s(15), s(4), history.Info, "salt test.ping", "salt-master-2", "m1", "", "context deadline exceeded")
			// The attempt's own job, published 3.4 s after the CLI began.
			if tc.jid != "" {
				b.ev(s(18.4), "salt-master-2", "salt/job/"+own+"/new", `{"jid":"`+own+`","tgt":"m1","fun":"test.ping"}`)
			}
			if tc.retAt > 0 {
				b.ev(s(tc.retAt), tc.retOn, "salt/job/"+tc.jid+"/ret/m1", `{"id":"m1","fun":"test.ping"}`)
			}
			r := FailoverTime(b.h, FailoverParams{Since: since, F: "salt test.ping", Fun: "test.ping", Master: "salt-master-2",
				Bounds: bounds(s(9), "m1"), Absent: tc.absent})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observe)
		})
	}
}

func TestStartEvent(t *testing.T) {
	tests := []struct {
		name  string
		at    float64 // 0: no event
		watch bool
		// before is where m1 signed in last before the fault ("": no
		// record of it).
		before string
		want   Verdict
	}{
		{"within the bound", 12, true, "", Valid},
		{"after the bound", 30, true, "", Invalid},
		{"missing while watched", 0, true, "", Invalid},
		{"missing while not watched", 0, false, "", Unknown},
		{"missing, signed in to the first master before the fault", 0, true, "salt-master-1", Invalid},
		{"missing, already on the surviving master before the fault: nothing to judge", 0, true, "salt-master-2", Unknown},
		{"on the surviving master before and again after the fault", 12, true, "salt-master-2", Valid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			if tc.watch {
				b.watch(0, "salt-master-2", history.Start)
			}
			if tc.before != "" {
				b.ev(s(2), "salt-master-1", "salt/minion/m1/start", `{"id":"m1"}`)
				b.ev(s(3), tc.before, "salt/minion/m1/start", `{"id":"m1"}`)
			}
			since := b.fault(s(10), "1", "stop", "salt-master-1", history.Start)
			b.ev(s(11), "salt-master-2", "salt/minion/m2/start", `{}`) // another minion
			if tc.at > 0 {
				b.ev(s(tc.at), "salt-master-2", "salt/minion/m1/start", `{"id":"m1"}`)
			}
			r := StartEvent(b.h, StartParams{Since: since, Master: "salt-master-2", Bounds: bounds(s(8), "m1")})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			if tc.before == "salt-master-2" && tc.at == 0 {
				assert.Contains(t, r.Observed, "was already on salt-master-2, so it had no failover to announce")
			}
		})
	}
}

func TestAvailabilityAndRefusal(t *testing.T) {
	b := &hist{}
	b.op(s(1), s(1), history.OK, ping, "m1", "m1", "true", "")
	b.op(s(1), s(1), history.OK, ping, "m2", "m2", "true", "")
	b.fault(s(3), "1", "stop", "salt-master-1", history.Start)
	b.op(s(4), s(1), history.Fail, ping, "m1", "m1", "", "no master") // in the fault: not judged
	b.fault(s(6), "1", "stop", "salt-master-1", history.End)
	b.op(s(7), s(1), history.Fail, ping, "m2", "m2", "", "exit 1")
	b.op(s(7), 0, "", ping, "m3", "m3", "", "")

	r := Availability(b.h, OutcomeParams{F: ping, Targets: []string{"m1"}})
	assert.Equal(t, Valid, r.Verdict, r.Observed)
	r = Availability(b.h, OutcomeParams{F: ping, Targets: []string{"m1", "m2"}})
	assert.Equal(t, Invalid, r.Verdict, r.Observed)
	assert.Contains(t, r.Observed, "exit 1")
	r = Availability(b.h, OutcomeParams{F: ping, Targets: []string{"m3"}})
	assert.Equal(t, Unknown, r.Verdict, "an op that never completed is indeterminate")
	r = Availability(b.h, OutcomeParams{F: ping, Targets: []string{"m4"}})
	assert.Equal(t, Unknown, r.Verdict, "no evidence at all")

	r = Refusal(b.h, OutcomeParams{From: 8, F: ping, Targets: []string{"m2"}, ErrorContains: "exit"})
	assert.Equal(t, Valid, r.Verdict, r.Observed)
	r = Refusal(b.h, OutcomeParams{F: ping, Targets: []string{"m1"}})
	assert.Equal(t, Invalid, r.Verdict, "m1 answered at 1 s")
}

func TestRecovery(t *testing.T) {
	const f = "api /run test.ping"
	b := &hist{}
	since := b.fault(s(10), "1", "stop", "salt-master-1", history.Start)
	b.op(s(10.5), s(1), history.Fail, f, "host", "m1", "", "502 Bad Gateway")
	b.op(s(12), s(1), history.Info, f, "host", "m1", "", "timeout")
	b.op(s(14), s(1), history.OK, f, "host", "m1", `{"m1":true}`, "")
	b.op(s(11), s(1), history.Fail, f, "host", "m2", "", "502 Bad Gateway")

	r := Recovery(b.h, RecoveryParams{Since: since, F: f, Bounds: bounds(s(6), "m1")})
	assert.Equal(t, Valid, r.Verdict, r.Observed)
	assert.Contains(t, r.Observed, "recovered after 5s; 2 request(s) failed before")
	assert.Equal(t, s(5), r.Subjects[0].Took)
	r = Recovery(b.h, RecoveryParams{Since: since, F: f, Bounds: bounds(s(4), "m1")})
	assert.Equal(t, Invalid, r.Verdict)
	r = Recovery(b.h, RecoveryParams{Since: since, F: f, Bounds: bounds(s(4), "m2")})
	assert.Equal(t, Invalid, r.Verdict, "never recovered")
	r = Recovery(b.h, RecoveryParams{Since: since, F: f, Bounds: bounds(s(4), "m3")})
	assert.Equal(t, Unknown, r.Verdict, "no request at all")
}

func TestExactlyOnce(t *testing.T) {
	const cli = "salt cmd.run"
	build := func(rets int, docs string, lines string) []history.Entry {
		b := &hist{}
		b.watch(0, "mom", history.Start)
		b.op(s(1), s(3), history.OK, cli, "mom", "*", `{"documents":`+docs+`}`, "")
		b.ev(s(1.1), "mom", "salt/job/J1/new", `{"fun":"cmd.run","jid":"J1"}`)
		for range rets {
			b.ev(s(2), "mom", "salt/job/J1/ret/m1", `{"fun":"cmd.run"}`)
		}
		if lines != "" {
			b.op(s(5), s(1), history.OK, "count marker lines", "m1", "m1", lines, "")
		}
		return b.h
	}
	p := OnceParams{Master: "mom", Fun: "cmd.run", Minions: []string{"m1"}, F: cli, Executions: "count marker lines"}
	tests := []struct {
		name        string
		rets        int
		docs, lines string
		want        Verdict
	}{
		{"once", 1, `{"m1":1}`, "1", Valid},
		{"two returns", 2, `{"m1":1}`, "1", Invalid},
		{"two documents", 1, `{"m1":2}`, "1", Invalid},
		{"ran twice", 1, `{"m1":1}`, "2", Invalid},
		{"no execution count", 1, `{"m1":1}`, "", Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ExactlyOnce(build(tc.rets, tc.docs, tc.lines), p)
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
		})
	}
	r := ExactlyOnce(nil, p)
	assert.Equal(t, Unknown, r.Verdict, "no job published")
}

func TestDelivery(t *testing.T) {
	const cli = "salt test.ping"
	tests := []struct {
		name string
		make func(b *hist)
		want Verdict
	}{
		{"return on the publishing master", func(b *hist) {
			b.op(s(1), s(2), history.OK, cli, "salt-master-2", "m1", `{"documents":{"m1":1}}`, "")
			b.ev(s(1.5), "salt-master-2", "salt/job/J1/new", `{"fun":"test.ping"}`)
			b.ev(s(2), "salt-master-2", "salt/job/J1/ret/m1", `{"fun":"test.ping"}`)
		}, Valid},
		{"return astray", func(b *hist) {
			b.ev(s(1.5), "salt-master-2", "salt/job/J1/new", `{}`)
			b.ev(s(2), "salt-master-1", "salt/job/J1/ret/m1", `{}`)
		}, Invalid},
		{"return on a stopped master", func(b *hist) {
			b.fault(s(1), "1", "stop", "salt-master-1", history.Start)
			b.ev(s(1.5), "salt-master-1", "salt/job/J1/new", `{}`)
			b.ev(s(2), "salt-master-1", "salt/job/J1/ret/m1", `{}`)
		}, Invalid},
		{"answer without return event, master watched", func(b *hist) {
			b.op(s(1), s(2), history.OK, cli, "salt-master-2", "m1", `{"documents":{"m1":1}}`, "")
		}, Invalid},
		{"answer without return event, master not watched", func(b *hist) {
			b.watch(s(0.5), "salt-master-2", history.End)
			b.op(s(1), s(2), history.OK, cli, "salt-master-2", "m1", `{"documents":{"m1":1}}`, "")
		}, Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, "salt-master-1", history.Start)
			b.watch(0, "salt-master-2", history.Start)
			tc.make(b)
			r := Delivery(b.h, DeliveryParams{F: cli})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
		})
	}
}

func TestNoSignInAndUnchanged(t *testing.T) {
	const keys = "salt-key -L"
	b := &hist{}
	b.watch(0, "salt-master-1", history.Start)
	b.op(s(1), s(1), history.OK, keys, "salt-master-1", "", `{"keys":{"minions":[]}}`, "")
	b.op(s(3), s(1), history.OK, keys, "salt-master-1", "", `{"keys":{"minions":[]}}`, "")
	r := NoSignIn(b.h, SignInParams{Master: "salt-master-1", F: keys})
	assert.Equal(t, Valid, r.Verdict, r.Observed)
	b.ev(s(3.5), "salt-master-1", "salt/auth", `{"id":"m1","act":"pend"}`)
	r = NoSignIn(b.h, SignInParams{Master: "salt-master-1", F: keys})
	assert.Equal(t, Invalid, r.Verdict)
	assert.Contains(t, r.Observed, "salt/auth from m1")
	assert.Equal(t, Unknown, NoSignIn(b.h, SignInParams{Master: "salt-master-2", F: keys}).Verdict)

	const id = "read daemon identity"
	u := &hist{}
	u.op(s(1), s(0.1), history.OK, id, "m1", "m1", `"100 7"`, "")
	since := u.fault(s(2), "1", "stop", "salt-master-1", history.Start)
	u.op(s(5), s(0.1), history.OK, id, "m1", "m1", `"100 7"`, "")
	u.op(s(12), s(0.1), history.OK, id, "m1", "m1", `"100 7"`, "")
	p := UnchangedParams{Since: since, F: id, Bounds: bounds(s(9), "m1")}
	assert.Equal(t, Valid, Unchanged(u.h, p).Verdict)
	p.Bounds = bounds(s(20), "m1")
	assert.Equal(t, Unknown, Unchanged(u.h, p).Verdict, "not read for the whole bound")
	u.op(s(13), s(0.1), history.OK, id, "m1", "m1", `"200 9"`, "")
	assert.Equal(t, Invalid, Unchanged(u.h, p).Verdict)
}

func TestRunAndVerdictFileRoundTrip(t *testing.T) {
	b, since := failoverHistory("salt-master-2", true)
	c, err := New(NameFailover, "sc", "step", FailoverParams{Since: since, F: ping, Fun: "test.ping", Master: "salt-master-2", Bounds: bounds(s(10), "m1")})
	require.NoError(t, err)
	r := Run(c, b.h)
	assert.Equal(t, Valid, r.Verdict)
	dir := t.TempDir()
	require.NoError(t, Write(dir, history.FileName, []Judged{{Check: c, Result: r}}))
	f, err := Read(filepath.Join(dir, FileName))
	require.NoError(t, err)
	require.Len(t, f.Verdicts, 1)
	assert.Equal(t, r, Run(f.Verdicts[0].Check, b.h), "a saved check judges the same")
	assert.Equal(t, Valid, f.Verdict)

	assert.Equal(t, Unknown, Run(Check{Name: "nope"}, nil).Verdict)
	assert.Equal(t, Unknown, Run(Check{Name: NameFailover, Params: json.RawMessage(`[`)}, nil).Verdict)
	assert.Equal(t, Unknown, Run(Check{Name: NameFailover, Params: json.RawMessage(`{"since":99}`)}, nil).Verdict)
}

// TestRunJudgesItsLab: in a run with several labs, the same minion names
// stand in every lab; a check judges only the entries of its own lab.
func TestRunJudgesItsLab(t *testing.T) {
	b := &hist{}
	b.op(s(1), s(1), history.OK, ping, "m1", "m1", "true", "")
	b.op(s(2), s(1), history.Fail, ping, "m1", "m1", "", "no master")
	for i := range b.h {
		b.h[i].Lab = "lab1"
		if b.h[i].Index >= 2 {
			b.h[i].Lab = "lab2"
		}
	}
	c, err := New(NameAvailability, "", "", OutcomeParams{F: ping, Targets: []string{"m1"}})
	require.NoError(t, err)
	c.Lab = "lab1"
	assert.Equal(t, Valid, Run(c, b.h).Verdict, "lab2's failure is not lab1's")
	c.Lab = "lab2"
	assert.Equal(t, Invalid, Run(c, b.h).Verdict)
	c.Lab = ""
	assert.Equal(t, Invalid, Run(c, b.h).Verdict, "no lab: the whole history")
}

// TestFailoverTimeSignedIn: with SignedIn a served minion is reached when
// its start event reached the master's bus, if that came first (a probe
// published before the sign-in is lost, and the next one's CLI may take
// seconds to publish); a sign-in alone, with no served probe, is not
// reaching it. The master came back (its heal) at 10 s; the bound is 26 s.
func TestFailoverTimeSignedIn(t *testing.T) {
	const own = "20261201214528000000"
	tests := []struct {
		name     string
		startAt  float64 // 0: none recorded
		retAt    float64 // 0: none
		signedIn bool
		want     Verdict
		observe  string
	}{
		{"signed in within the bound, served after it", 30.8, 38.9, true, Valid, "signed in to salt-master-1 after 20.8s (its start event, entry"},
		{"served after it", 30.8, 38.9, true, Valid, "served by a job salt-master-1 published after 28.9s"},
		{"no start event recorded: the return dates it", 0, 38.9, true, Invalid, "served by salt-master-1 only after 28.9s"},
		{"signed in too late", 36.5, 38.9, true, Invalid, "signed in to salt-master-1 only after 26.5s"},
		{"signed in but never served", 30.8, 0, true, Invalid, "never served by salt-master-1"},
		{"without SignedIn the start event is not read", 30.8, 38.9, false, Invalid, "served by salt-master-1 only after 28.9s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, "salt-master-1", history.Start)
			since := b.fault(s(10), "1", "stop", "salt-master-1", history.End)
			if tc.startAt > 0 {
				b.ev(s(tc.startAt), "salt-master-1", "salt/minion/m1/start", `{"id":"m1"}`)
			}
			b.op(s(30), s(10), history.OK, "salt test.ping", "salt-master-1", "m1", `{"returns":{"m1":true}}`, "")
			b.ev(s(38.5), "salt-master-1", "salt/job/"+own+"/new", `{"jid":"`+own+`","tgt":"m1","fun":"test.ping"}`)
			if tc.retAt > 0 {
				b.ev(s(tc.retAt), "salt-master-1", "salt/job/"+own+"/ret/m1", `{"id":"m1","fun":"test.ping","jid":"`+own+`"}`)
			}
			r := FailoverTime(b.h, FailoverParams{Since: since, F: "salt test.ping", Fun: "test.ping", Master: "salt-master-1",
				Bounds: bounds(s(26), "m1"), SignedIn: tc.signedIn})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observe)
		})
	}
}
