package shell

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// printed runs `sh -c 'printf %s '+Quote(x)` and returns what it printed.
func printed(t testing.TB, x string) string {
	t.Helper()
	out, err := exec.Command("sh", "-c", "printf %s "+Quote(x)).Output()
	require.NoError(t, err, "sh -c printf %%s %s", Quote(x))
	return string(out)
}

func TestQuoteReadsBackExactly(t *testing.T) {
	for _, x := range []string{
		"", " ", "a b", "two  spaces", "$(touch /tmp/saltlab-pwned)", "`id`", "${HOME}", "$HOME", "a;b", "a|b", "a&b", "a&&b",
		"line\nbreak", "\n", "tab\there", "'", "''", "it's", `"`, `\`, `\'`, "*", "/etc/*", "?", "[a-z]", "~", "~root",
		"-n", "--", "%s", "a>b", "a<b", "#comment", "!", "{a,b}", "\xff\xfe not utf8", "ünïcödé", "$'\\n'", "a\rb",
	} {
		t.Run(x, func(t *testing.T) {
			assert.Equal(t, x, printed(t, x))
		})
	}
}

func TestQuoteForm(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "''"},
		{"abc", "'abc'"},
		{"it's", `'it'\''s'`},
		{"$(x)", "'$(x)'"},
	} {
		assert.Equal(t, c.want, Quote(c.in), "Quote(%q)", c.in)
	}
	assert.Equal(t, `'a' 'b c' ''\'''`, Words([]string{"a", "b c", "'"}))
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "$(id)", "`id`", "a'b", "a;b|c&d", "\n", "*", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, x string) {
		if strings.IndexByte(x, 0) >= 0 {
			t.Skip("argv strings cannot hold NUL")
		}
		if got := printed(t, x); got != x {
			t.Fatalf("sh read back %q from %s, want %q", got, Quote(x), x)
		}
	})
}
