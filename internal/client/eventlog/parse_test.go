package eventlog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		name, line string
		tag        string
		stamp      time.Time
		err        string
	}{
		{name: "ret event", line: "salt/job/1/ret/m1\t{\"id\": \"m1\", \"_stamp\": \"2026-11-23T10:00:14.123456\"}\n",
			tag: "salt/job/1/ret/m1", stamp: time.Date(2026, 11, 23, 10, 0, 14, 123456000, time.UTC)},
		{name: "no stamp", line: "custom\t{}", tag: "custom"},
		{name: "bad stamp is ignored", line: "custom\t{\"_stamp\": \"yesterday\"}", tag: "custom"},
		{name: "string data", line: "minion_start\t\"hello\"", tag: "minion_start"},
		{name: "no tab", line: "salt/auth {}", err: "no tab"},
		{name: "empty tag", line: "\t{}", err: "empty tag"},
		{name: "not json", line: "salt/auth\t{oops", err: "not JSON"},
		{name: "a long tag is quoted clipped", line: strings.Repeat("t", 200) + "\t{oops",
			err: `line "` + strings.Repeat("t", maxTagQuote-1) + `…": data is not JSON`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := ParseLine(tc.line)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.tag, ev.Tag)
			assert.Equal(t, tc.stamp, ev.Stamp)
		})
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add("salt/job/1/ret/m1\t{\"_stamp\": \"2026-11-23T10:00:14.123456\"}")
	f.Add("x\t[1, 2]")
	f.Add("\t")
	f.Fuzz(func(t *testing.T, line string) {
		ev, err := ParseLine(line)
		if err == nil && (ev.Tag == "" || len(ev.Data) == 0) {
			t.Fatalf("accepted %q without tag or data", line)
		}
	})
}

// TestParseLineReadsRealSalt reads every line real Salt's `salt-run
// state.event pretty=False` printed in a live lab (the capture under
// internal/salt/saltout/testdata/real).
func TestParseLineReadsRealSalt(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "salt", "saltout", "testdata", "real", "*", "run-state-event.stdout"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no real-Salt capture of state.event")
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		tags := map[string]bool{}
		for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			ev, err := ParseLine(line)
			if errors.Is(err, errNoTab) {
				continue // the runner's traceback when the capture ended it: no event, told apart
			}
			require.NoError(t, err, "%s: %q", f, line)
			assert.False(t, ev.Stamp.IsZero(), "every event carries its _stamp: %q", line)
			tags[ev.Tag] = true
		}
		assert.True(t, tags["saltlab/capture/last"], "%s: the probe events came through", f)
	}
}
