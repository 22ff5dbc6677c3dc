package scenario

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestAwaitLive(t *testing.T) {
	watch := func(master, phase string) history.Entry {
		return history.Entry{Type: history.Watch, Master: master, Phase: phase}
	}
	tests := []struct {
		name    string
		h       []history.Entry
		masters []string
		until   time.Duration // from now
		want    []string
	}{
		{name: "all recorded", h: []history.Entry{watch("m1", history.Start), watch("m2", history.Start)},
			masters: []string{"m1", "m2"}, until: time.Minute},
		{name: "one stream ended", h: []history.Entry{watch("m1", history.Start), watch("m2", history.Start), watch("m2", history.End)},
			masters: []string{"m1", "m2"}, until: 50 * time.Millisecond, want: []string{"m2"}},
		{name: "ended, then attached again", h: []history.Entry{watch("m1", history.Start), watch("m1", history.End), watch("m1", history.Start)},
			masters: []string{"m1"}, until: time.Minute},
		{name: "never watched", h: []history.Entry{watch("m1", history.Start)},
			masters: []string{"m1", "m3"}, until: 50 * time.Millisecond, want: []string{"m3"}},
		{name: "another master's entries do not count", h: []history.Entry{watch("m2", history.Start), {Type: history.Event, Master: "m1"}},
			masters: []string{"m1"}, until: 50 * time.Millisecond, want: []string{"m1"}},
		{name: "deadline already passed: nothing was seen", h: []history.Entry{watch("m1", history.Start)},
			masters: []string{"m1"}, until: -time.Second, want: []string{"m1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := history.Create(filepath.Join(t.TempDir(), history.FileName))
			require.NoError(t, err)
			defer rec.Close()
			for _, e := range tc.h {
				_, err := rec.Append(e)
				require.NoError(t, err)
			}
			w := &World{Deps: Deps{History: rec}}
			dead, err := w.AwaitLive(context.Background(), tc.masters, time.Now().Add(tc.until))
			require.NoError(t, err)
			assert.Equal(t, tc.want, dead)
		})
	}
}
