package checker

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

const peer1 = "salt-master-1"

// published records a job's salt/job/<jid>/new on each of buses (the
// publishing peer first, then the copies it forwarded), with the data
// Salt's LocalClient publish gives it; tgt is a glob or a list of ids.
func (b *hist) published(at time.Duration, jid, fun string, tgt any, buses ...string) int64 {
	d, _ := json.Marshal(map[string]any{"jid": jid, "tgt_type": "glob", "tgt": tgt, "user": "root", "fun": fun,
		"arg": []any{}, "minions": []string{"m1", "m2"}, "missing": []string{}, "_stamp": t0.Add(at).Format("2006-01-02T15:04:05.999999")})
	var first int64
	for i, bus := range buses {
		if idx := b.ev(at, bus, "salt/job/"+jid+"/new", string(d)); i == 0 {
			first = idx
		}
	}
	return first
}

// returned records minion's return of jid on each of buses: the peer that
// received it and the copies it forwarded, which carry its stamp (one
// Time).
func (b *hist) returned(at time.Duration, jid, minion, fun string, buses ...string) {
	d := fmt.Sprintf(`{"cmd":"_return","id":%q,"success":true,"return":true,"retcode":0,"jid":%q,"fun":%q,"fun_args":[],"_stamp":%q}`,
		minion, jid, fun, t0.Add(at).Format("2006-01-02T15:04:05.999999"))
	for _, bus := range buses {
		b.ev(at, bus, "salt/job/"+jid+"/ret/"+minion, d)
	}
}

// TestExactlyOnceJudgesThePublishedTarget: a cluster scenario's poll
// leaves single-minion test.pings behind in the span of the `salt '*'`
// job it judges; with the step's target only that job counts.
func TestExactlyOnceJudgesThePublishedTarget(t *testing.T) {
	const cli = "salt test.ping"
	tests := []struct {
		name     string
		make     func(b *hist)
		tgt      string
		want     Verdict
		observed string
	}{
		{"a leftover probe of one minion is not the job", func(b *hist) {
			b.published(s(0.5), "J0", "test.ping", "m2", peer1)
			b.returned(s(0.6), "J0", "m2", "test.ping", peer1)
		}, "*", Valid, "m1: 1 return event(s) for job J1"},
		{"without a target the probe counts, as it always did", func(b *hist) {
			b.published(s(0.5), "J0", "test.ping", "m2", peer1)
		}, "", Invalid, "2 test.ping job(s) published"},
		{"the job to * published twice", func(b *hist) {
			b.published(s(1.5), "J2", "test.ping", "*", peer1)
		}, "*", Invalid, "2 test.ping to * job(s) published"},
		{"the job returned twice beside a probe", func(b *hist) {
			b.published(s(0.5), "J0", "test.ping", "m1", peer1)
			b.returned(s(1.3), "J1", "m1", "test.ping", peer1)
		}, "*", Invalid, "m1: 2 return event(s) for job J1"},
		{"no job to the step's target", func(*hist) {}, "m1,m2", Unknown, "0 test.ping to m1,m2 job(s)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, peer1, history.Start)
			tc.make(b)
			b.op(s(1), s(1), history.OK, cli, peer1, "*", `{"documents":{"m1":1,"m2":1}}`, "")
			b.published(s(1.1), "J1", "test.ping", "*", peer1)
			b.returned(s(1.2), "J1", "m1", "test.ping", peer1)
			b.returned(s(1.25), "J1", "m2", "test.ping", peer1)
			r := ExactlyOnce(b.h, OnceParams{Master: peer1, Fun: "test.ping", Tgt: tc.tgt, Minions: []string{"m1", "m2"}, F: cli})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observed)
		})
	}
	b := &hist{}
	b.published(s(1), "J3", "test.ping", []string{"m1", "m2"}, peer1)
	r := ExactlyOnce(b.h, OnceParams{Master: peer1, Fun: "test.ping", Tgt: "m1,m2", Minions: []string{"m1"}})
	assert.Contains(t, r.Observed, "0 return event(s) for job J3", "a list target is matched as the CLI was given it")
}
