package saltver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersionCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"3006.10", "3006.9", 1},
		{"3007.0", "3007", 0},
		{"3008.0rc1", "3008.0", -1},
		{"3008.0rc1", "3008.0b2", 1},
		{"3008.0a1", "3008.0b1", -1},
		{"3008.0rc2", "3008.0rc10", -1},
		{"3008.1", "3008.1", 0},
	}
	for _, tc := range tests {
		a, err := Parse(tc.a)
		require.NoError(t, err)
		b, err := Parse(tc.b)
		require.NoError(t, err)
		assert.Equal(t, tc.want, a.Compare(b), "%s vs %s", tc.a, tc.b)
		assert.Equal(t, -tc.want, b.Compare(a), "%s vs %s", tc.b, tc.a)
		assert.Equal(t, tc.want >= 0, a.AtLeast(b), "%s at least %s", tc.a, tc.b)
	}
	for _, bad := range []string{"3008.x", "3008.99999999999999", "", "v3008"} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
}

func TestVersionLineAndString(t *testing.T) {
	x, err := Parse(" 3008.0rc1 ")
	require.NoError(t, err)
	assert.Equal(t, 3008, x.Line())
	assert.Equal(t, "3008.0rc1", x.String())
	assert.Equal(t, 0, Version{}.Line())
}
