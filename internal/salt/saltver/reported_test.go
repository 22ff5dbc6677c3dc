package saltver

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseReported(t *testing.T) {
	tests := []struct {
		in      string
		want    Reported
		wantErr string
	}{
		{in: "salt-call 3008.4 (Argon)\n", want: Reported{Release: v(3008, 4), Line: 3008}},
		{in: "salt-call 3006.29 (Sulfur)", want: Reported{Release: v(3006, 29), Line: 3006}},
		{in: "salt-call 3007.16 (Chlorine)\n[WARNING ] x\n", want: Reported{Release: v(3007, 16), Line: 3007}},
		{in: "salt 3007.16", want: Reported{Release: v(3007, 16), Line: 3007}},
		{in: "salt-call 3006.9 (saltlab sim 0.1.0)\n", want: Reported{Release: v(3006, 9), Line: 3006, Sim: true}},
		{in: "salt-call 3006.9 (saltlab sim 0.1.0, release line 3008)\n", want: Reported{Release: v(3006, 9), Line: 3008, Sim: true}},
		// A pre-release is a release number as Parse reads it everywhere.
		{in: "salt-call 3008.0rc1 (Argon)", want: Reported{Release: Version{Parts: []int{3008, 0}, Pre: "rc1"}, Line: 3008}},
		{in: "salt-call 3008 (Argon)", wantErr: "parse salt version"},
		{in: "salt-call 300.1 (Argon)", wantErr: "parse salt version"},
		{in: "x 9999.99999999999999999 (y)", wantErr: "parse salt version"},
		{in: "", wantErr: "parse salt version"},
		{in: "Traceback (most recent call last):", wantErr: "parse salt version"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := ParseReported(tt.in)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, r)
		})
	}
}

func TestReportedAtLeast(t *testing.T) {
	since := v(3007, 15)
	tests := []struct {
		r    Reported
		want bool
	}{
		{Reported{Release: v(3006, 29), Line: 3006}, false},
		{Reported{Release: v(3007, 14), Line: 3007}, false},
		{Reported{Release: v(3007, 15), Line: 3007}, true},
		{Reported{Release: v(3007, 16), Line: 3007}, true},
		{Reported{Release: v(3008, 0), Line: 3008}, true},
		{Reported{Release: Version{Parts: []int{3007, 15}, Pre: "rc1"}, Line: 3007}, false},
		{Reported{Release: v(3006, 9), Line: 3007, Sim: true}, true}, // the double's line 3007: its newest releases
		{Reported{Release: v(3006, 9), Line: 3006, Sim: true}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.r.AtLeast(since), "%+v", tt.r)
	}
}

// FuzzParseReported: whatever a --version line says, an accepted one names
// a release on a four-digit line and never behaves as older than it prints
// (a double's line can only be its reported release's or newer).
func FuzzParseReported(f *testing.F) {
	caps, err := filepath.Glob(filepath.Join("..", "saltout", "testdata", "real", "*", "call-version.stdout"))
	require.NoError(f, err)
	require.NotEmpty(f, caps, "the real Salt captures of salt-call --version are in internal/salt/saltout/testdata/real")
	for _, c := range caps {
		b, err := os.ReadFile(c)
		require.NoError(f, err)
		f.Add(string(b))
	}
	for _, s := range []string{"salt-call 3008.4 (Argon)\n", "salt-call 3006.9 (saltlab sim 0.1.0, release line 3007)", "salt 3007.16", "x 9999.99999999999999999 (y)", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseReported(s)
		if err != nil {
			return
		}
		require.Regexp(t, `^\d{4}(\.\d+)+((a|b|rc)\d+)?$`, r.Release.String())
		require.GreaterOrEqual(t, r.Line, r.Release.Line())
		require.True(t, r.AtLeast(r.Release), "%+v behaves as older than it prints", r)
	})
}

func v(parts ...int) Version { return Version{Parts: parts} }
