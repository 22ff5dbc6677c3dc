// Package textclip shortens text for messages, labels and table cells: the
// one place that decides how long quoted text may grow, how a cut shows,
// and how multi-line text is kept on one line or quoted by its first.
package textclip

import (
	"strings"
	"unicode/utf8"
)

// Marker ends a clipped text, so a reader knows more was there. It is one
// rune wide, so a clip to n runes keeps n-1 of the text.
const Marker = "…"

// Clip shortens s to at most n runes, the last of them Marker when it cut.
// It counts runes rather than bytes so that a cut never splits a UTF-8
// sequence and a clipped label takes a predictable number of columns. Text
// that is not UTF-8 counts one rune per invalid byte. An n below 1 leaves
// nothing.
func Clip(s string, n int) string {
	if n < 1 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	kept := 0
	for i := range s {
		if kept == n-1 {
			return s[:i] + Marker
		}
		kept++
	}
	return s // unreachable: s has more than n runes
}

// OneLine folds s onto one line: every run of white space, newlines
// included, becomes one space, and none is left at either end.
func OneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// FirstLine is the first line of s once white space is trimmed from both
// ends of s, and whether other lines followed it: how a message quotes
// multi-line output (pip's, salt-api's, Salt's render error) by its first
// line.
func FirstLine(s string) (line string, more bool) {
	line, _, more = strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimRight(line, "\r"), more
}
