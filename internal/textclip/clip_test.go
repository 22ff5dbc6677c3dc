package textclip

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestClip(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"short text is kept", "abc", 5, "abc"},
		{"text of exactly n runes is kept", "abcde", 5, "abcde"},
		{"long text keeps n-1 runes and the marker", "abcdef", 5, "abcd…"},
		{"multi-byte runes count once", "ééééé", 5, "ééééé"},
		{"a cut never splits a rune", "日本語のテキスト", 4, "日本語…"},
		{"mixed widths cut after the n-1th rune", "aé日bc", 4, "aé日…"},
		{"one rune leaves only the marker", "abc", 1, "…"},
		{"zero leaves nothing", "abc", 0, ""},
		{"negative leaves nothing", "abc", -3, ""},
		{"empty stays empty", "", 3, ""},
		{"invalid bytes count one rune each", "\xff\xfe\xfdabc", 3, "\xff\xfe…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Clip(tc.s, tc.n))
		})
	}
}

// Whatever the text, a clip is at most n runes and starts with the text it
// kept.
func TestClipBounds(t *testing.T) {
	texts := []string{"", "a", strings.Repeat("x", 500), strings.Repeat("ü", 300), "salt-master-1 → salt-master-2"}
	for _, s := range texts {
		for n := 1; n <= 40; n++ {
			got := Clip(s, n)
			assert.LessOrEqual(t, utf8.RuneCountInString(got), n, "Clip(%q, %d)", s, n)
			assert.True(t, utf8.ValidString(got), "Clip(%q, %d) = %q", s, n, got)
			assert.True(t, strings.HasPrefix(s, strings.TrimSuffix(got, Marker)), "Clip(%q, %d) = %q", s, n, got)
		}
	}
}

func TestOneLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"one line unchanged", "a b", "a b"},
		{"newlines and runs of space fold to one space", "exit 1:\n  no master\r\n\tretrying", "exit 1: no master retrying"},
		{"ends trimmed", "  \npadded\n ", "padded"},
		{"empty stays empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, OneLine(tt.in))
		})
	}
}

func TestFirstLine(t *testing.T) {
	tests := []struct {
		name, in, want string
		more           bool
	}{
		{"one line", "ERROR: no pip", "ERROR: no pip", false},
		{"the first of several", "Rendering SLS 'base:site' failed: bad\n---\nline 3", "Rendering SLS 'base:site' failed: bad", true},
		{"blank lines before it are not a line", "\n\n  first\nsecond", "first", true},
		{"a CRLF line ends without its CR", "first\r\nsecond", "first", true},
		{"trailing white space is no second line", "only\n \n", "only", false},
		{"empty", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, more := FirstLine(tt.in)
			assert.Equal(t, tt.want, line)
			assert.Equal(t, tt.more, more)
		})
	}
}
