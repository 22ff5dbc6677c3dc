package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestEventReached(t *testing.T) {
	const f, tag = "salt event.send", "saltlab/upstream/1"
	tests := []struct {
		name string
		make func(b *hist)
		want Verdict
	}{
		{"both masters got it", func(b *hist) {
			b.op(s(1), s(1), history.OK, f, "m2", "minion-1", `{"documents":{"minion-1":1}}`, "")
			b.ev(s(1.5), "m1", tag, `{}`)
			b.ev(s(1.5), "m2", tag, `{}`)
		}, Valid},
		{"one recorded master missed it", func(b *hist) {
			b.op(s(1), s(1), history.OK, f, "m2", "minion-1", `{"documents":{"minion-1":1}}`, "")
			b.ev(s(1.5), "m2", tag, `{}`)
		}, Invalid},
		{"another tag does not count", func(b *hist) {
			b.op(s(1), s(1), history.OK, f, "m2", "minion-1", `{"documents":{"minion-1":1}}`, "")
			b.ev(s(1.5), "m1", tag+"0", `{}`)
			b.ev(s(1.5), "m2", tag, `{}`)
		}, Invalid},
		{"a master not recorded then", func(b *hist) {
			b.watch(s(0.5), "m1", history.End)
			b.op(s(1), s(1), history.OK, f, "m2", "minion-1", `{"documents":{"minion-1":1}}`, "")
			b.ev(s(1.5), "m2", tag, `{}`)
		}, Unknown},
		{"nothing sent", func(*hist) {}, Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			b.watch(0, "m1", history.Start)
			b.watch(0, "m2", history.Start)
			tc.make(b)
			r := EventReached(b.h, ReachedParams{F: f, Tag: tag, Masters: []string{"m1", "m2"}})
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
		})
	}
}
