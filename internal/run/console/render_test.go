package console

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		name        string
		s           string
		first, rest int
		on          bool
		want        []string
	}{
		{"fits", "a short line", 30, 30, true, []string{"a short line"}},
		{"at spaces", "one two three four five six seven", 25, 20, true, []string{"one two three four five", "six seven"}},
		{"a word longer than the line is broken inside", strings.Repeat("x", 45), 20, 20, true, []string{strings.Repeat("x", 20), strings.Repeat("x", 20), "xxxxx"}},
		{"off", "one two three four five six seven", 20, 20, false, []string{"one two three four five six seven"}},
		{"too narrow to wrap", "one two three four five six seven", 10, 10, true, []string{"one two three four five six seven"}},
		{"runes, not bytes", strings.Repeat("é", 30), 20, 20, true, []string{strings.Repeat("é", 20), strings.Repeat("é", 10)}},
	} {
		assert.Equal(t, tc.want, wrap(tc.s, tc.first, tc.rest, tc.on), tc.name)
	}
}

// A long event is wrapped under its label column and cut past its most
// lines, with a mark saying where the whole is; width 0 prints it whole.
func TestFitCutsWithAMark(t *testing.T) {
	long := labelled("verdict", strings.TrimSpace(strings.Repeat("word ", 120)))
	out := fit(long, "[lab1] ", 60, maxLines)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.Len(t, lines, maxLines)
	assert.True(t, strings.HasPrefix(lines[0], "[lab1]     verdict  word word"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "[lab1]              word"), lines[1])
	assert.True(t, strings.HasSuffix(lines[maxLines-1], cutMark), lines[maxLines-1])
	for _, l := range lines {
		assert.LessOrEqual(t, runes(l), 60, l)
	}
	whole := fit(long, "[lab1] ", 0, maxLines)
	assert.Equal(t, 1, strings.Count(whole, "\n"), "console.log keeps the line whole")
	assert.Contains(t, whole, strings.TrimSpace(strings.Repeat("word ", 120)))
}

// Plumbing and steps show only with -v; the story always; console.log
// keeps everything either way.
func TestVerboseShowsPlumbing(t *testing.T) {
	for _, verbose := range []bool{false, true} {
		var term bytes.Buffer
		c := New(&term, Options{Verbose: verbose, Width: 100})
		l := c.Lab("")
		l.Wait("salt-minion-1 up to 19s")
		l.Detail("restarted 2 minion(s)")
		fmt.Fprintln(l.Plumbing(), "event stream of salt-master-1: exec [...] ended")
		fmt.Fprintln(c, "==> [   1.0s] teardown: removing lab x")
		got := term.String()
		assert.Contains(t, got, "    wait     salt-minion-1 up to 19s\n")
		assert.Contains(t, got, "==> [   1.0s] teardown: removing lab x\n")
		assert.Equal(t, verbose, strings.Contains(got, "restarted 2 minion(s)"), "verbose %v: %s", verbose, got)
		assert.Equal(t, verbose, strings.Contains(got, "event stream of salt-master-1"), "verbose %v: %s", verbose, got)
	}
}

// A plain writer handed to the runner gets a console that prints it all,
// unwrapped, as it read before there was a console.
func TestOfAPlainWriter(t *testing.T) {
	var b bytes.Buffer
	c := Of(&b)
	assert.Same(t, c, Of(c), "a console is its own")
	assert.Same(t, c.Lab(""), LabOf(c))
	assert.Same(t, c.Lab("lab2"), LabOf(c.Lab("lab2")))
	fmt.Fprintln(PlumbingOf(c), strings.Repeat("x", 150))
	assert.Equal(t, strings.Repeat("x", 150)+"\n", b.String())
	assert.Same(t, &b, PlumbingOf(&b), "a plain writer takes its plumbing itself")
}
