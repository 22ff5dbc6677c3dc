package target

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		tgt     any
		tgtType string
		id      string
		want    bool
	}{
		{tgt: "*", id: "m1", want: true},
		{tgt: "web-*", tgtType: "glob", id: "web-1", want: true},
		{tgt: "web-*", tgtType: "glob", id: "db-1", want: false},
		{tgt: []any{"a", "m1"}, tgtType: "list", id: "m1", want: true},
		{tgt: "a,m1", tgtType: "list", id: "m1", want: true},
		{tgt: "a", tgtType: "list", id: "m1", want: false},
		{tgt: "os:Debian", tgtType: "grain", id: "m1", want: false},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Match(tc.tgt, tc.tgtType, tc.id), "%v %s %s", tc.tgt, tc.tgtType, tc.id)
	}
}
