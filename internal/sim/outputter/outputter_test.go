package outputter

import (
	"testing"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNested(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{name: "salt-call bool", v: jsonout.NewMap().Set("local", true), want: "local:\n    True"},
		{name: "list", v: jsonout.NewMap().Set("up", []string{"m1", "m2"}), want: "up:\n    - m1\n    - m2"},
		{name: "nested dict", v: jsonout.NewMap().Set("m1", jsonout.NewMap().Set("os", "Debian")), want: "m1:\n    ----------\n    os:\n        Debian"},
		{name: "multi-line string", v: jsonout.NewMap().Set("m1", "a\nb"), want: "m1:\n    a\n    b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Render(tc.v, Options{})
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	_, err := Render(true, Options{Out: "bogus"})
	assert.Error(t, err)
}
