package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestAvoidance(t *testing.T) {
	const f, lb = "balancer probe", "salt-lb:4506"
	probe := func(tried, status string) string {
		return `{"dead":"10.0.0.12","tried":` + tried + `,"status":` + status + `}`
	}
	tests := []struct {
		name string
		make func(b *hist)
		want Verdict
	}{
		{"one connect to the dead server, then avoided", func(b *hist) {
			b.op(s(1), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.13:4506"]`, "200"), "")
			b.op(s(3.5), s(0.1), history.OK, f, lb, lb, probe(`["10.0.0.11:4506"]`, "200"), "")
		}, Valid},
		{"avoided from the first probe", func(b *hist) {
			b.op(s(1), s(0.1), history.OK, f, lb, lb, probe(`["10.0.0.13:4506"]`, "200"), "")
		}, Valid},
		{"more than max_fails within fail_timeout", func(b *hist) {
			b.op(s(1), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.13:4506"]`, "200"), "")
			b.op(s(3.5), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.11:4506"]`, "200"), "")
			b.op(s(6), s(0.1), history.OK, f, lb, lb, probe(`["10.0.0.11:4506"]`, "200"), "")
		}, Invalid},
		{"tried again after fail_timeout is allowed", func(b *hist) {
			b.op(s(1), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.13:4506"]`, "200"), "")
			b.op(s(12), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.11:4506"]`, "200"), "")
			b.op(s(14.5), s(0.1), history.OK, f, lb, lb, probe(`["10.0.0.11:4506"]`, "200"), "")
		}, Invalid}, // served without the dead server only at 14.6 s, past the 5 s bound
		{"avoided too late", func(b *hist) {
			b.op(s(1), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.13:4506"]`, "200"), "")
			b.op(s(9), s(0.1), history.OK, f, lb, lb, probe(`["10.0.0.11:4506"]`, "200"), "")
		}, Invalid},
		{"a connection no server took", func(b *hist) {
			b.op(s(1), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506"]`, "502"), "")
		}, Invalid},
		{"every probe tried it", func(b *hist) {
			b.op(s(1), s(2), history.OK, f, lb, lb, probe(`["10.0.0.12:4506","10.0.0.13:4506"]`, "200"), "")
		}, Invalid},
		{"a probe that saw nothing", func(b *hist) {
			b.op(s(1), s(2), history.Fail, f, lb, lb, "", "no log line")
		}, Unknown},
		{"no probe", func(*hist) {}, Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			since := b.fault(0, "1", "stop", "salt-master-2", "start")
			tc.make(b)
			r := Avoidance(b.h, AvoidanceParams{Since: since, F: f, MaxFails: 1, FailTimeout: s(10), Bounds: bounds(s(5), lb)})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
		})
	}
}
