package events

import (
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, tag string
		want         bool
	}{
		{"*", "salt/job/1/new", true},
		{"salt/job/*/ret/*", "salt/job/1/ret/m1", true},
		{"salt/job/*/new", "salt/job/1/ret/m1", false},
		{"salt/minion/m?/start", "salt/minion/m1/start", true},
		{"salt/minion/m[12]/start", "salt/minion/m3/start", false},
		{"salt/minion/m[!3]/start", "salt/minion/m1/start", true},
		{"salt/auth", "salt/auth", true},
		{"salt/auth", "salt/auth/x", false},
		{"a.b", "axb", true}, // expr_match falls back to a regex
		{"salt/job/[0-9]+/new", "salt/job/123/new", true},
		{"salt/job/[0-9]+/new", "salt/job/12a/new", false},
	}
	for _, tc := range tests {
		t.Run(tc.pattern+"~"+tc.tag, func(t *testing.T) {
			assert.Equal(t, tc.want, Match(tc.pattern, tc.tag))
		})
	}
}

func TestBusFireAddsStampAndFansOut(t *testing.T) {
	b := NewBus()
	b.now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 123456000, time.UTC) }
	ch1, stop1 := b.Subscribe()
	ch2, stop2 := b.Subscribe()
	defer stop2()
	b.Fire("salt/auth", jsonout.NewMap().Set("id", "m1"))
	for _, ch := range []<-chan Event{ch1, ch2} {
		ev := <-ch
		assert.Equal(t, "salt/auth", ev.Tag)
		stamp, ok := ev.Data.Get("_stamp")
		require.True(t, ok)
		assert.Equal(t, "2026-01-02T03:04:05.123456", stamp)
	}
	stop1()
	_, open := <-ch1
	assert.False(t, open, "unsubscribe closes the channel")
	b.Fire("x", nil) // must not panic on a closed subscriber
	assert.Equal(t, "x", (<-ch2).Tag)
}
