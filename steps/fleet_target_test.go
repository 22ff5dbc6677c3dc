package steps

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A fleet probe targets the whole fleet until a probe served someone, then
// only the minions not served yet.
func TestUnservedNarrowsTheFleetProbe(t *testing.T) {
	ids := []string{"m1", "m2", "m3"}
	for _, tt := range []struct {
		name string
		seen map[string]bool
		want []string
	}{
		{"nothing served: the whole fleet", map[string]bool{}, nil},
		{"some served: the rest, in fleet order", map[string]bool{"m2": true}, []string{"m1", "m3"}},
		{"all served: none", map[string]bool{"m1": true, "m2": true, "m3": true}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, unserved(ids, tt.seen))
		})
	}
}
