package swarm

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOffsetOf(t *testing.T) {
	before := time.Date(2026, 12, 6, 14, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		took      time.Duration
		system    string
		offset    time.Duration
		uncertain time.Duration
		wantErr   string
	}{
		{"same clock, read at the midpoint", 2 * time.Millisecond, "2026-12-06T14:00:00.001Z", 0, time.Millisecond, ""},
		{"node 1.5 s ahead", 2 * time.Millisecond, "2026-12-06T14:00:01.501Z", 1500 * time.Millisecond, time.Millisecond, ""},
		{"node 1 s behind, in its own zone", 10 * time.Millisecond, "2026-12-06T15:59:59.005+02:00", -time.Second, 5 * time.Millisecond, ""},
		{"node behind", 10 * time.Millisecond, "2026-12-06T13:59:58.005Z", -2 * time.Second, 5 * time.Millisecond, ""},
		{"not a time", time.Millisecond, "Sunday", 0, 0, `engine's SystemTime "Sunday"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			off, unc, err := offsetOf(before, before.Add(tc.took), tc.system)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.offset, off)
			assert.Equal(t, tc.uncertain, unc)
		})
	}
}
