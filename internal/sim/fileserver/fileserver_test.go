package fileserver

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRel(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"salt://a/b.txt", "a/b.txt"},
		{"salt://a/b.txt?saltenv=prod", "a/b.txt"},
		{"salt://../../etc/passwd", "etc/passwd"},
		{"salt://", ""},
		{"/etc/passwd", ""},
		{"http://x/y", ""},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Rel(tc.in), tc.in)
	}
}
