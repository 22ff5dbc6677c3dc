package steps

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A fleet probe targets the whole fleet until a probe served someone, then
// only the minions not served yet.
func TestFleetProbeNarrowsToTheUnserved(t *testing.T) {
	ids := []string{"m1", "m2", "m3"}
	for _, tt := range []struct {
		name     string
		seen     map[string]bool
		wantLeft []string
		wantLine []string
	}{
		{"nothing served: the whole fleet", map[string]bool{}, ids,
			[]string{"salt", "--out=json", "-t3", "*", "test.ping"}},
		{"some served: the rest, in fleet order", map[string]bool{"m2": true}, []string{"m1", "m3"},
			[]string{"salt", "--out=json", "-t3", "-L", "m1,m3", "test.ping"}},
		{"one left: that one", map[string]bool{"m1": true, "m3": true}, []string{"m2"},
			[]string{"salt", "--out=json", "-t3", "-L", "m2", "test.ping"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			left := unserved(ids, tt.seen)
			assert.Equal(t, tt.wantLeft, left)
			assert.Equal(t, tt.wantLine, fleetProbe(ids, left).Line())
		})
	}
	assert.Empty(t, unserved(ids, map[string]bool{"m1": true, "m2": true, "m3": true}), "all served: none")
}
