package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// badInputScript holds the command-line refusals docs/bad-input.md
// tabulates, one case each: a comment naming the input, the `refused`
// line as the user types it in the checkout, and the stderr line that
// matches saltlab's message (the table's), then any more of it.
const badInputScript = "testdata/script/bad-input.txtar"

// Markers of the table docs/bad-input.md takes from badInputScript.
const (
	badInputBegin = "<!-- bad-input: written from cmd/saltlab/" + badInputScript + " by `go test ./cmd/saltlab -run TestDocsBadInputTable -update`; do not edit by hand -->"
	badInputEnd   = "<!-- /bad-input -->"
)

// badInputRow is one case of badInputScript.
type badInputRow struct{ input, typed, says string }

// badInputRows reads the cases of badInputScript in order.
func badInputRows(t *testing.T) []badInputRow {
	a, err := txtar.ParseFile(badInputScript)
	require.NoError(t, err)
	var rows []badInputRow
	var cur badInputRow
	for i, line := range strings.Split(string(a.Comment), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "# "):
			cur = badInputRow{input: strings.TrimPrefix(line, "# ")}
		case strings.HasPrefix(line, "refused "):
			require.NotEmpty(t, cur.input, "%s:%d: a case starts with a comment naming the input", badInputScript, i+1)
			cur.typed = strings.TrimPrefix(line, "refused ")
		case strings.HasPrefix(line, "stderr ") && cur.typed != "":
			// The case's first stderr line is the table's; later ones
			// hold more of the message.
			cur.says = scriptLiteral(t, strings.TrimPrefix(line, "stderr "))
			rows = append(rows, cur)
			cur = badInputRow{}
		}
	}
	return rows
}

// scriptLiteral is the text a script's quoted regular expression matches
// literally: its testscript quoting undone (” is ') and every
// backslash-escaped character taken as itself.
func scriptLiteral(t *testing.T, arg string) string {
	require.True(t, strings.HasPrefix(arg, "'") && strings.HasSuffix(arg, "'"), "quote the pattern: %s", arg)
	re := strings.ReplaceAll(arg[1:len(arg)-1], "''", "'")
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		if re[i] == '\\' && i+1 < len(re) {
			i++
		} else {
			require.NotContains(t, "^$*+?()[]{}|", string(re[i]), "escape %q in %s: the table shows it literally", re[i], arg)
		}
		b.WriteByte(re[i])
	}
	return b.String()
}

// codeCell is s as a Markdown code span in a table cell.
func codeCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

// badInputTable renders rows as docs/bad-input.md's command-line table.
func badInputTable(rows []badInputRow) string {
	var b strings.Builder
	b.WriteString("| input | you type | saltlab says |\n|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", strings.ReplaceAll(r.input, "|", `\|`), codeCell(r.typed), codeCell(r.says))
	}
	return b.String()
}

// The command-line table of docs/bad-input.md is written from the script
// that runs it (TestScripts), so the two cannot drift: -update rewrites
// it, and otherwise the page must hold exactly what the script says.
func TestDocsBadInputTable(t *testing.T) {
	rows := badInputRows(t)
	require.GreaterOrEqual(t, len(rows), 20)
	page := filepath.Join("..", "..", "docs", "bad-input.md")
	b, err := os.ReadFile(page)
	require.NoError(t, err)
	text := string(b)
	head, rest, ok := strings.Cut(text, badInputBegin+"\n")
	require.True(t, ok, "docs/bad-input.md holds the line %s", badInputBegin)
	old, tail, ok := strings.Cut(rest, badInputEnd)
	require.True(t, ok, "docs/bad-input.md holds the line %s", badInputEnd)
	want := badInputTable(rows)
	if *update {
		require.NoError(t, os.WriteFile(page, []byte(head+badInputBegin+"\n"+want+badInputEnd+tail), 0o644))
		return
	}
	assert.Equal(t, want, old, "docs/bad-input.md's table is not the script's: go test ./cmd/saltlab -run TestDocsBadInputTable -update")
}
