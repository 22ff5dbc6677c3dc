package simver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRelease(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Release
		err  string
	}{
		{in: "", want: Release3006},
		{in: "3006", want: Release3006},
		{in: " 3007.16 ", want: Release3007},
		{in: "3008.4", want: Release3008},
		{in: "3005", err: `parse SALTSIM_RELEASE="3005": the double imitates the lines 3006, 3007 and 3008 only`},
		{in: "latest", err: `parse SALTSIM_RELEASE="latest": want a Salt release line`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			got, err := ParseRelease(tc.in)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// The per-release switches follow Salt's source (see release.go); the zero
// value behaves as the default line, 3006.
func TestReleaseSwitches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r                Release
		namesMaster, log bool
	}{
		{r: 0, namesMaster: false, log: true},
		{r: Release3006, namesMaster: false, log: true},
		{r: Release3007, namesMaster: true, log: false},
		{r: Release3008, namesMaster: true, log: false},
	}
	for _, tc := range tests {
		t.Run(tc.r.String(), func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.namesMaster, tc.r.DropFileNamesMaster())
			assert.Equal(t, tc.log, tc.r.LogsAESRotation())
		})
	}
}

func TestVersionLineNamesTheReleaseLine(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "salt-call 3006.9 (saltlab sim 0.1.0)", Release(0).VersionLine("salt-call"))
	assert.Equal(t, Line("salt-call"), Release3006.VersionLine("salt-call"))
	assert.Equal(t, "salt-call 3006.9 (saltlab sim 0.1.0, release line 3007)", Release3007.VersionLine("salt-call"))
}
