package matrix

import (
	"fmt"
	"io"
	"strings"
)

// The README holds a short form of the matrix between these lines, which
// `saltlab matrix --readme README.md` writes and a test compares with the
// ledger, so the README cannot state a cell the runs do not.
const (
	ReadmeBegin = "<!-- release-matrix: written by `saltlab matrix --readme` (make matrix) from docs/release-matrix.json; do not edit by hand -->"
	ReadmeEnd   = "<!-- /release-matrix -->"
)

// RenderShort writes m as the README's table: per release and topology,
// scenarios passed of those run, marked where red by design.
func RenderShort(w io.Writer, m Matrix) error {
	var b strings.Builder
	b.WriteString("| Salt release |")
	for _, t := range m.Topologies {
		fmt.Fprintf(&b, " %s |", t)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(m.Topologies)) + "\n")
	for _, rel := range m.Releases {
		fmt.Fprintf(&b, "| %s |", escape(rel.Label))
		for _, t := range m.Topologies {
			fmt.Fprintf(&b, " %s |", shortCell(m, rel, t))
		}
		b.WriteString("\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write the README's release matrix: %w", err)
	}
	return nil
}

func shortCell(m Matrix, rel Release, topology string) string {
	c, ok := m.Cells[rel.Label][topology]
	if !ok {
		return "not run"
	}
	text := fmt.Sprintf("%d/%d", c.Passed, c.Total)
	if _, bad := KnownBad(topology, rel); bad {
		text += " (red by design)"
	}
	if c.Error != "" {
		text += ", run error"
	}
	return text
}

// ReplaceReadmeBlock returns doc with the text between ReadmeBegin and
// ReadmeEnd replaced by table; both lines must be there, once each.
func ReplaceReadmeBlock(doc, table string) (string, error) {
	begin, end := strings.Count(doc, ReadmeBegin), strings.Count(doc, ReadmeEnd)
	if begin != 1 || end != 1 {
		return "", fmt.Errorf("find the release matrix block: want its begin and end lines once each, found %d and %d: put %q and %q on lines of their own where the table goes", begin, end, ReadmeBegin, ReadmeEnd)
	}
	i := strings.Index(doc, ReadmeBegin) + len(ReadmeBegin)
	j := strings.Index(doc, ReadmeEnd)
	if j < i {
		return "", fmt.Errorf("find the release matrix block: its end line comes before its begin line")
	}
	return doc[:i] + "\n" + table + doc[j:], nil
}

// ReadmeBlock is the text between ReadmeBegin and ReadmeEnd, or false.
func ReadmeBlock(doc string) (string, bool) {
	_, rest, ok := strings.Cut(doc, ReadmeBegin+"\n")
	if !ok {
		return "", false
	}
	block, _, ok := strings.Cut(rest, ReadmeEnd)
	return block, ok
}
