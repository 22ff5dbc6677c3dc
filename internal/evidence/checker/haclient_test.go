package checker

import (
	"testing"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/stretchr/testify/assert"
)

func TestEveryRequest(t *testing.T) {
	const f = "api ha test.ping"
	p := EveryRequestParams{F: f, Target: "ha"}
	tests := []struct {
		name     string
		build    func(b *hist)
		want     Verdict
		observed string
	}{
		{"all succeed through the fault", func(b *hist) {
			b.op(s(0), s(0.1), history.OK, f, "api", "ha", `true`, "")
			b.fault(s(1), "1", "stop", "salt-master-1", history.Start)
			b.op(s(2), s(3), history.OK, f, "api", "ha", `true`, "")
			b.fault(s(10), "1", "stop", "salt-master-1", history.End)
		}, Valid, "all 2 request(s) succeeded, 1 of them while a fault was open"},
		{"one failed during the fault", func(b *hist) {
			b.fault(s(1), "1", "pause", "salt-master-1", history.Start)
			b.op(s(2), s(1), history.Fail, f, "api", "ha", "", "every endpoint failed")
			b.op(s(4), s(1), history.OK, f, "api", "ha", `true`, "")
		}, Invalid, "1 of 2 request(s) failed"},
		{"indeterminate request", func(b *hist) {
			b.fault(s(1), "1", "pause", "salt-master-1", history.Start)
			b.op(s(2), s(1), history.Info, f, "api", "ha", "", "timeout")
		}, Unknown, "never completed"},
		{"no fault covered", func(b *hist) {
			b.op(s(0), s(0.1), history.OK, f, "api", "ha", `true`, "")
		}, Unknown, "none while a fault was open"},
		{"nothing recorded", func(b *hist) {
			b.op(s(0), s(0.1), history.OK, "api /login", "api", "lb", `{}`, "")
		}, Unknown, "no request was recorded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &hist{}
			tt.build(b)
			r := EveryRequest(b.h, p)
			assert.Equal(t, tt.want, r.Verdict)
			assert.Contains(t, r.Subjects[0].Observed, tt.observed)
			if tt.want != Unknown || tt.observed == "never completed" {
				assert.NotEmpty(t, r.Subjects[0].Evidence)
			}
		})
	}
}
