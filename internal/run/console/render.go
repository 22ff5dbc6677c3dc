package console

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// line is one line of an event as printed: a head (a banner or a label
// column) and its text; a wrapped text goes on under indent columns.
type line struct {
	label  string
	text   string
	indent int
}

// labelWidth is the width of the label column of a scenario's lines:
// "    verdict  ".
const labelWidth = 13

// labelled is text under a label ("wait", "verdict", ...), one line per
// line of text, the first labelled, the others under it.
func labelled(label, text string) []line {
	head := fmt.Sprintf("    %-*s", labelWidth-4, label)
	var out []line
	for i, t := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if i > 0 {
			head = strings.Repeat(" ", labelWidth)
		}
		out = append(out, line{label: head, text: t, indent: labelWidth})
	}
	return out
}

// plain is a line of text as it came, wrapped under a short indent.
func plain(text string) []line { return []line{{text: text, indent: 4}} }

// render turns ev into its lines, keeping track of each lab's scenario in
// progress (for its time). Called with c.mu held.
func (c *Console) render(ev Event) []line {
	switch ev.Kind {
	case Scenario:
		c.running[ev.Lab] = c.opts.Now()
		return []line{{label: fmt.Sprintf("==> [%s] scenario: ", c.elapsed()), text: ev.Text, indent: 4}}
	case End:
		return c.ended(ev)
	case Step:
		text := ev.Status + ": " + ev.Text
		if ev.Where != "" {
			text += " (" + ev.Where + ")"
		}
		return labelled("step", text)
	case Wait, Fault, Heal, Verdict, Warning, Detail:
		return labelled(string(ev.Kind), ev.Text)
	}
	return plain(ev.Text)
}

// ended is a scenario's last line: passed and its time, or the step
// that failed it (or skipped it) and the whole error.
func (c *Console) ended(ev Event) []line {
	took := ""
	if since, ok := c.running[ev.Lab]; ok {
		took = "in " + c.opts.Now().Sub(since).Round(100*time.Millisecond).String()
		delete(c.running, ev.Lab)
	}
	at := func(what string) string { return strings.TrimSpace(took + " at " + what) }
	switch ev.Status {
	case "passed":
		return labelled("passed", took)
	case "skipped":
		return labelled("skipped", at(ev.Text))
	case "failed":
		return append(labelled("FAILED", at(ev.Text)), under(ev.Error, 0)...)
	}
	return append(labelled("FAILED", at(ev.Status+" step "+ev.Text)), under(ev.Error, 0)...)
}

// under is text in the label column, under a labelled line, wrapped
// further in by more columns.
func under(text string, more int) []line {
	if text == "" {
		return nil
	}
	var out []line
	for _, l := range labelled("", text) {
		out = append(out, line{label: strings.Repeat(" ", labelWidth), text: l.text, indent: labelWidth + more})
	}
	return out
}

// Most lines an event takes on the terminal; past it the event is cut,
// and console.log keeps it whole. A failure gets more: its error says
// what was expected, observed, and where the evidence is.
const (
	maxLines        = 4
	maxFailureLines = 16
)

// cutMark ends an event cut short on the terminal.
const cutMark = " … (whole in " + LogName + ")"

// fit renders lines for a terminal width columns wide (0: whole, as
// they are), each starting with prefix: texts wrapped at spaces under
// their indent, and cut past most lines.
func fit(lines []line, prefix string, width, most int) string {
	var out []string
	for _, l := range lines {
		first := width - runes(prefix) - runes(l.label)
		rest := width - runes(prefix) - l.indent
		for i, chunk := range wrap(l.text, first, rest, width > 0) {
			head := l.label
			if i > 0 {
				head = strings.Repeat(" ", l.indent)
			}
			out = append(out, strings.TrimRight(prefix+head+chunk, " "))
		}
	}
	if width > 0 && most > 0 && len(out) > most {
		out = append(out[:most-1], cut(out[most-1], width-runes(cutMark))+cutMark)
	}
	return strings.Join(out, "\n") + "\n"
}

// wrap breaks s into pieces of at most first runes, then rest runes, at
// spaces where it can; a word longer than a line is broken inside. It
// does not wrap when on is false or a line would be too narrow to read.
func wrap(s string, first, rest int, on bool) []string {
	const narrowest = 20
	if !on || first < narrowest || rest < narrowest {
		return []string{s}
	}
	r := []rune(s)
	var out []string
	n := first
	for len(r) > n {
		at := -1
		for i := n; i > 0; i-- {
			if r[i] == ' ' {
				at = i
				break
			}
		}
		if at <= 0 {
			out = append(out, string(r[:n]))
			r = r[n:]
		} else {
			out = append(out, strings.TrimRight(string(r[:at]), " "))
			r = r[at+1:]
		}
		n = rest
	}
	return append(out, string(r))
}

// cut is s in at most n runes.
func cut(s string, n int) string {
	if n < 0 {
		n = 0
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimRight(string(r[:n]), " ")
}

func runes(s string) int { return utf8.RuneCountInString(s) }
