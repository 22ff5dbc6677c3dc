package compare

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/textclip"
)

// maxStep bounds how much of a step a check's label shows, so that one
// long Gherkin step does not push every column off the screen.
const maxStep = 48

// WriteText prints the comparison for people and CI logs: a line per run,
// then per scenario a heading and one aligned line per row (A, B, B/A and
// a note on differences), then the summary line.
func WriteText(w io.Writer, res Result) error {
	var b strings.Builder
	b.WriteString(runLine("A", res.A, res.EngineA))
	b.WriteString(runLine("B", res.B, res.EngineB))
	cells := make([][4]string, len(res.Rows))
	width := [4]int{len("item"), len("A"), len("B"), len("B/A")}
	for i, r := range res.Rows {
		cells[i] = [4]string{label(r), shown(r.A), shown(r.B), ratio(r)}
		for j, c := range cells[i] {
			width[j] = max(width[j], utf8.RuneCountInString(c))
		}
	}
	line := func(c [4]string, note string) {
		s := fmt.Sprintf("  %s  %s  %s  %s  %s", pad(c[0], width[0]), pad(c[1], width[1]), pad(c[2], width[2]), pad(c[3], width[3]), note)
		b.WriteString(strings.TrimRight(s, " ") + "\n")
	}
	b.WriteString("\n")
	line([4]string{"item", "A", "B", "B/A"}, "note")
	for i, r := range res.Rows {
		if r.Kind == KindStatus {
			fmt.Fprintf(&b, "%s / %s\n", r.Feature, r.Scenario)
		}
		line(cells[i], note(r))
	}
	c := res.Count()
	fmt.Fprintf(&b, "\ncompare: %d scenarios, %d checks, %d agree, %d differ (%d explained, %d explained by the engine, %d unexplained)\n",
		c.Scenarios, c.Checks, c.Agree, c.Differ, c.Explained, c.Engine, c.Unexplained())
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write comparison: %w", err)
	}
	return nil
}

func runLine(name string, r report.Run, engine string) string {
	if engine == "" {
		engine = "not recorded"
	}
	return fmt.Sprintf("%s: %s  %s %s  topology %s  engine %s\n", name, r.ID, r.Flavor.Name, r.Flavor.Version, r.Topology, engine)
}

func label(r Row) string {
	var s string
	switch r.Kind {
	case KindStatus:
		return "status"
	case KindTime:
		return "wall time"
	case KindCheck:
		s = "check " + r.Item
		if r.Step != "" {
			s += " @ " + textclip.Clip(r.Step, maxStep)
		}
	default:
		s = r.Item
	}
	if r.Occurrence > 0 {
		s += " #" + strconv.Itoa(r.Occurrence+1)
	}
	return s
}

func shown(s Side) string {
	if !s.Present {
		return "-"
	}
	return s.Value
}

func ratio(r Row) string {
	x, ok := r.Ratio()
	if !ok {
		return ""
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

func note(r Row) string {
	var parts []string
	switch {
	case r.A.Present && !r.B.Present:
		parts = append(parts, "only in A")
	case !r.A.Present && r.B.Present:
		parts = append(parts, "only in B")
	}
	switch {
	case r.Explained():
		parts = append(parts, "differs, explained: "+r.Source)
	case r.ExplainedByEngine():
		parts = append(parts, "differs, explained by the engine: "+r.EngineReason)
	case r.Differs():
		parts = append(parts, "DIFFERS, unexplained")
	}
	return strings.Join(parts, "; ")
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", n-utf8.RuneCountInString(s))
}
