package checker

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestRejectedKey(t *testing.T) {
	const (
		call   = "salt-call test.ping"
		reject = `{"result": false, "act": "reject", "id": "salt-minion-1"}`
		ret    = `{"id": "salt-minion-1", "fun": "test.ping", "return": true}`
	)
	sharedKeys := func(b *hist) {
		b.fingers("salt-master-1", "11:22")
		b.fingers("salt-master-2", "11:22")
	}
	distinctKeys := func(b *hist) {
		b.signedFingers("salt-master-1", "11:22", "ss:ss")
		b.signedFingers("salt-master-2", "33:44", "ss:ss")
	}
	// servedBy: the call succeeded and master's bus holds its return.
	servedBy := func(b *hist, master string) {
		b.op(s(1), s(1), history.OK, call, "salt-minion-1", "salt-minion-1", "true", "")
		b.ev(s(1.5), master, "salt/job/req/ret/salt-minion-1", ret)
	}
	// servedAfterReject: master-1 refuses the sign-in, master-2 serves.
	servedAfterReject := func(b *hist) {
		servedBy(b, "salt-master-2")
		b.ev(s(1.2), "salt-master-1", "salt/auth", reject)
	}
	tests := []struct {
		name     string
		build    func(b *hist)
		want     Verdict
		observed string
	}{
		{"refused with exit 77", func(b *hist) {
			sharedKeys(b)
			b.op(s(1), s(12), history.Fail, call, "salt-minion-1", "salt-minion-1", "", "exit 77: The Salt Minion will now exit.")
			b.ev(s(1.2), "salt-master-1", "salt/auth", reject)
		}, Valid, "refused: exit 77"},
		{"a long refusal is quoted clipped", func(b *hist) {
			sharedKeys(b)
			b.op(s(1), s(12), history.Fail, call, "salt-minion-1", "salt-minion-1", "", "exit 77: "+strings.Repeat("x", 300))
			b.ev(s(1.2), "salt-master-1", "salt/auth", reject)
		}, Valid, "refused: exit 77: " + strings.Repeat("x", maxObserved-10) + "…"},
		{"one key pair: going on to master-2 after the rejection is wrong", func(b *hist) {
			sharedKeys(b)
			servedAfterReject(b)
		}, Invalid, "with one shared master key pair a rejection must end it"},
		{"distinct keys: the rejection did not validate, master-2 served", func(b *hist) {
			distinctKeys(b)
			servedAfterReject(b)
		}, Valid, "the masters' keys differ"},
		{"no fingerprints: why it went on is unknown", servedAfterReject, Unknown, "no key fingerprints of every master"},
		{"served by the master that rejected the key", func(b *hist) {
			sharedKeys(b)
			servedBy(b, "salt-master-1")
		}, Invalid, "served by salt-master-1, which holds the key as rejected"},
		{"served by master-2 without asking master-1", func(b *hist) {
			sharedKeys(b)
			servedBy(b, "salt-master-2")
		}, Valid, "salt-master-1 was not asked"},
		{"succeeded with no return on any bus", func(b *hist) {
			sharedKeys(b)
			b.op(s(1), s(1), history.OK, call, "salt-minion-1", "salt-minion-1", "true", "")
		}, Unknown, "which master served is unknown"},
		{"failed for another reason", func(b *hist) {
			sharedKeys(b)
			b.op(s(1), s(3), history.Fail, call, "salt-minion-1", "salt-minion-1", "", "exit 1: No master could be reached")
		}, Invalid, "failed otherwise: exit 1"},
		{"never completed", func(b *hist) {
			sharedKeys(b)
			b.op(s(1), time.Second, "", call, "salt-minion-1", "salt-minion-1", "", "")
		}, Unknown, "indeterminate"},
		{"no call recorded", sharedKeys, Unknown, "no salt-call test.ping on salt-minion-1 was recorded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &hist{}
			tt.build(b)
			r := RejectedKey(b.h, RejectedKeyParams{F: call, Fun: "test.ping", Minion: "salt-minion-1",
				Master: "salt-master-1", Masters: []string{"salt-master-1", "salt-master-2"}})
			msg := r.Message(NameRejectedKey, "history.jsonl")
			assert.Equal(t, tt.want, r.Verdict, msg)
			var observed []string
			for _, sub := range r.Subjects {
				observed = append(observed, sub.Observed)
			}
			assert.Contains(t, strings.Join(observed, "\n"), tt.observed, msg)
		})
	}
}
