package saltdist

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in, req, err string
	}{
		{in: "", req: "salt==" + DefaultLine + ".*"},
		{in: "3006", req: "salt==3006.*"},
		{in: " 3007 ", req: "salt==3007.*"},
		{in: "3007.8", req: "salt==3007.8"},
		{in: "3008.0rc1", req: "salt==3008.0rc1"},
		{in: "3006.10", req: "salt==3006.10"},
		{in: "3005", err: "lines before 3006"},
		{in: "3005.1", err: "releases before 3006"},
		{in: "banana", err: `want a release line such as 3008 or a release such as 3007.8`},
		{in: "3007.*", err: "want a release line"},
		{in: "salt==3007", err: "want a release line"},
		{in: "3007.8; rm -rf /", err: "want a release line"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			s, err := ParseSpec(tc.in)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.req, s.Requirement())
		})
	}
}

func TestSpecResolve(t *testing.T) {
	available := []string{"3006.9", "3006.10", "3007.14", "3007.8", "3008.0rc1", "3008.0", "3008.5", "3008.6rc1", "2019.2.8", "junk"}
	tests := []struct {
		spec, want, err string
	}{
		{spec: "3006", want: "3006.10"}, // numeric, not lexical, order
		{spec: "3007", want: "3007.14"},
		{spec: "3008", want: "3008.5"}, // a line never picks a pre-release
		{spec: "3007.8", want: "3007.8"},
		{spec: "3008.6rc1", want: "3008.6rc1"},
		{spec: "3008.99", err: "salt 3008.99 is not available; newest releases of line 3008: 3008.6rc1, 3008.5, 3008.0, 3008.0rc1"},
		{spec: "3009", err: "salt 3009 is not available; no release of line 3009; newest release: 3008.6rc1"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			s, err := ParseSpec(tc.spec)
			require.NoError(t, err)
			v, err := s.Resolve(available)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, v.String())
		})
	}
	s, _ := ParseSpec("3008")
	_, err := s.Resolve(nil)
	assert.EqualError(t, err, "salt 3008 is not available; no Salt release is available at all")
}

func TestMayMeet(t *testing.T) {
	v3007 := saltver.Version{Parts: []int{3007}}
	tests := []struct {
		spec string
		min  saltver.Version
		want bool
	}{
		{"3006", v3007, false},
		{"3007", v3007, true},
		{"3008", v3007, true},
		{"3006.29", v3007, false},
		{"3007.0rc1", v3007, false},
		{"3007.1", saltver.Version{Parts: []int{3007, 2}}, false},
		{"3007", saltver.Version{Parts: []int{3007, 2}}, true}, // known once the line resolves
	}
	for _, tt := range tests {
		s, err := ParseSpec(tt.spec)
		require.NoError(t, err)
		assert.Equal(t, tt.want, s.MayMeet(tt.min), "%s meets %s", tt.spec, tt.min)
	}
}
