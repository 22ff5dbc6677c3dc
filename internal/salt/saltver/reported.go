package saltver

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Reported is what a Salt program's --version line says about the Salt it
// runs: real Salt's "salt-call 3008.4 (Argon)", or the double's
// "salt-call 3006.9 (saltlab sim 0.1.0)", which follows release line
// 3006, and "... (saltlab sim 0.1.0, release line 3008)", which follows
// the line it names (SALTSIM_RELEASE).
type Reported struct {
	Release Version // as printed: 3008.4, 3006.9
	// Line is the release line the program behaves as: Release's own for
	// real Salt; for the double its release line, which stands for the
	// line's newest releases (docs/sim-fidelity.md).
	Line int
	Sim  bool
}

var (
	reportedRe = regexp.MustCompile(`^\S+ (\S+)(?: \((.*)\))?\s*$`)
	simLineRe  = regexp.MustCompile(`^saltlab sim [^,]+(?:, release line ([1-9]\d{3}))?$`)
)

// ParseReported reads the first line of `<prog> --version`: a program
// name, a release of at least two parts on a four-digit line (Parse's
// form, pre-releases included) and, optionally, the release's name.
func ParseReported(out string) (Reported, error) {
	line, _, _ := strings.Cut(out, "\n")
	m := reportedRe.FindStringSubmatch(line)
	if m == nil {
		return Reported{}, fmt.Errorf("parse salt version: want \"<prog> <release> (<name>)\", got %q", line)
	}
	v, err := Parse(m[1])
	if err != nil || len(v.Parts) < 2 || v.Line() < 1000 || v.Line() > 9999 {
		return Reported{}, fmt.Errorf("parse salt version: want \"<prog> <release> (<name>)\" with a release such as 3008.4, got %q", line)
	}
	r := Reported{Release: v, Line: v.Line()}
	if s := simLineRe.FindStringSubmatch(m[2]); s != nil {
		r.Sim = true
		if s[1] != "" {
			if r.Line, err = strconv.Atoi(s[1]); err != nil {
				return Reported{}, fmt.Errorf("parse salt version %q: %w", line, err)
			}
		}
	}
	return r, nil
}

// AtLeast says whether the program behaves as min or later; a line of the
// double counts as its newest release.
func (r Reported) AtLeast(min Version) bool {
	if r.Line != min.Line() {
		return r.Line > min.Line()
	}
	return r.Sim || r.Release.AtLeast(min)
}
