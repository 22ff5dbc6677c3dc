package saltout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in      string
		want    Version
		wantErr string
	}{
		{in: "salt-call 3008.4 (Argon)\n", want: Version{Release: "3008.4", Major: 3008, Minor: 4}},
		{in: "salt-call 3006.29 (Sulfur)", want: Version{Release: "3006.29", Major: 3006, Minor: 29}},
		{in: "salt-call 3007.16 (Chlorine)\n[WARNING ] x\n", want: Version{Release: "3007.16", Major: 3007, Minor: 16}},
		{in: "salt-call 3006.9 (saltlab sim 0.1.0)\n", want: Version{Release: "3006.9", Major: 3006, Minor: -1, Sim: true}},
		{in: "salt-call 3006.9 (saltlab sim 0.1.0, release line 3008)\n", want: Version{Release: "3006.9", Major: 3008, Minor: -1, Sim: true}},
		{in: "salt-call 3008.0rc1 (Argon)", wantErr: "parse salt version"},
		{in: "", wantErr: "parse salt version"},
		{in: "Traceback (most recent call last):", wantErr: "parse salt version"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			v, err := ParseVersion(tt.in)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, v)
		})
	}
}

func TestVersionAtLeast(t *testing.T) {
	tests := []struct {
		v    Version
		want bool
	}{
		{Version{Major: 3006, Minor: 29}, false},
		{Version{Major: 3007, Minor: 14}, false},
		{Version{Major: 3007, Minor: 15}, true},
		{Version{Major: 3007, Minor: 16}, true},
		{Version{Major: 3008, Minor: 0}, true},
		{Version{Major: 3007, Minor: -1, Sim: true}, true}, // the double's line 3007: its newest releases
		{Version{Major: 3006, Minor: -1, Sim: true}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.v.AtLeast(3007, 15), "%+v", tt.v)
	}
}
