package compare

import (
	"fmt"
	"strings"
)

// Section is the heading of docs/sim-fidelity.md whose table lists the
// differences between the flavours that Salt's source explains.
const Section = "## Differences from real Salt"

// AnyCheck in the check column stands for the scenario's status.
const AnyCheck = "*"

// Absent is the value a row's real or sim column gives for a flavour
// whose run lacks the scenario or check.
const Absent = "absent"

// Known is one row of the explained table: on this scenario and check,
// real Salt says Real and the double says Sim, because of Source.
type Known struct {
	Scenario, Check, Real, Sim, Source string
	Line                               int // in the document, for messages
}

// tableHeader is the explained table's header, cell by cell, lower case.
var tableHeader = []string{"scenario", "check", "real", "sim", "salt source"}

// ParseKnown reads the explained table from a Markdown document: the
// first table under Section. A document without the section explains
// nothing. A row without a scenario, check or Salt source, or with
// another number of cells, is refused naming its line: an explanation
// that cites no source is exactly what the table exists to prevent.
func ParseKnown(doc string) ([]Known, error) {
	lines := strings.Split(doc, "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == Section {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil, nil
	}
	var out []Known
	inTable := false
	for i := start; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "## ") || (inTable && !strings.HasPrefix(l, "|")) {
			break // the section or its table ended
		}
		if !strings.HasPrefix(l, "|") {
			continue // prose before the table
		}
		cells := splitRow(l)
		switch {
		case !inTable:
			if !isHeader(cells) {
				return nil, fmt.Errorf("parse explained table: line %d: header %q: want | scenario | check | real | sim | Salt source |", i+1, l)
			}
			inTable = true
		case isSeparator(cells):
		default:
			k, err := knownOf(cells, i+1)
			if err != nil {
				return nil, err
			}
			out = append(out, k)
		}
	}
	return out, nil
}

func knownOf(cells []string, line int) (Known, error) {
	if len(cells) != len(tableHeader) {
		return Known{}, fmt.Errorf("parse explained table: line %d: %d cells: want %d (scenario, check, real, sim, Salt source)", line, len(cells), len(tableHeader))
	}
	k := Known{Scenario: cells[0], Check: cells[1], Real: cells[2], Sim: cells[3], Source: cells[4], Line: line}
	for _, c := range []struct{ name, value string }{
		{"scenario", k.Scenario}, {"check", k.Check}, {"real", k.Real}, {"sim", k.Sim}, {"Salt source", k.Source},
	} {
		if c.value == "" {
			return Known{}, fmt.Errorf("parse explained table: line %d: empty %s: every difference names it (the Salt source is a file and function, e.g. salt/minion.py Minion.eval_master)", line, c.name)
		}
	}
	return k, nil
}

// splitRow splits a table row into trimmed cells: pipes escaped as \|
// stay in the cell, and one pair of backticks around a cell is dropped,
// so names may be written as code.
func splitRow(l string) []string {
	l = strings.TrimPrefix(l, "|")
	if strings.HasSuffix(l, "|") && !strings.HasSuffix(l, `\|`) {
		l = l[:len(l)-1]
	}
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, cell(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(l[i])
		}
	}
	return append(cells, cell(cur.String()))
}

func cell(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

func isHeader(cells []string) bool {
	if len(cells) != len(tableHeader) {
		return false
	}
	for i, c := range cells {
		if strings.ToLower(c) != tableHeader[i] {
			return false
		}
	}
	return true
}

func isSeparator(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, ":-") != "" || c == "" {
			return false
		}
	}
	return true
}
