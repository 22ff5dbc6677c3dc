package saltopts

import (
	"fmt"
	"slices"
	"strings"
)

// Setting is one option a lab sets for a daemon, and where it was set.
type Setting struct {
	Kind  string // Master or Minion
	Name  string
	Where string // "--set minion.x=1", or the drop-in file
}

// Unknown is a setting the build does not read.
type Unknown struct {
	Setting
	Suggest string // the closest name the daemon reads, or ""
	// Other is set when the other daemon reads the name.
	Other string
}

// Error lists the unknown settings of one check.
type Error struct {
	Who     string // List.Who
	Double  bool   // the build is the double, not Salt
	Unknown []Unknown
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d Salt option(s) that %s does not read:", len(e.Unknown), e.Who)
	for _, u := range e.Unknown {
		fmt.Fprintf(&b, "\n  %s: %s", u.Where, u.explain(e.Double))
	}
	if e.Double {
		b.WriteString("\n(the double refuses the options it does not implement rather than ignore them, docs/sim-fidelity.md: fix the name, or run real Salt with --salt real)")
	}
	return b.String()
}

func (u Unknown) explain(double bool) string {
	s := fmt.Sprintf("no %s option %q", u.Kind, u.Name)
	switch {
	case u.Other != "":
		s += fmt.Sprintf("; %q is a %s option: set it as %s.%s or in a %s.d file", u.Name, u.Other, u.Other, u.Name, u.Other)
	case u.Suggest != "":
		s += fmt.Sprintf("; did you mean %q?", u.Suggest)
	case double:
		s += "; the double does not implement it"
	default:
		s += "; no option of that daemon has a similar name: check the spelling in Salt's configuration reference, or remove it"
	}
	return s
}

// Check returns an *Error naming every setting l's daemons do not read,
// or nil. Dotted names (mysql.host) are module settings, read by
// config.get from any key, and pass, unless their first word is one of
// Salt's own dotted options (keys.cache_drvier is a typo of
// keys.cache_driver, not a module's).
func (l List) Check(settings []Setting) error {
	e := &Error{Who: l.Who(), Double: l.Implementation != ""}
	for _, s := range settings {
		if l.Known(s.Kind, s.Name) || (strings.Contains(s.Name, ".") && !l.dotted(s.Name)) {
			continue
		}
		u := Unknown{Setting: s}
		other := Minion
		if s.Kind == Minion {
			other = Master
		}
		if l.Known(other, s.Name) {
			u.Other = other
		} else {
			u.Suggest = l.suggest(s.Kind, s.Name)
		}
		e.Unknown = append(e.Unknown, u)
	}
	if len(e.Unknown) == 0 {
		return nil
	}
	return e
}

// dotted reports whether name's first word starts one of the build's own
// dotted option names.
func (l List) dotted(name string) bool {
	word, _, _ := strings.Cut(name, ".")
	for _, group := range [][]string{l.Master, l.Minion, l.Valid} {
		for _, n := range group {
			if strings.HasPrefix(n, word+".") {
				return true
			}
		}
	}
	return false
}

// suggest is the name kind's daemon reads closest to name, within a few
// edits (transposed letters count one); its own defaults win a tie.
func (l List) suggest(kind, name string) string {
	limit := 3
	switch n := len(name); {
	case n <= 4:
		limit = 1
	case n <= 12:
		limit = 2
	}
	best, bestD, bestOwn := "", limit+1, false
	own := l.own(kind)
	for _, group := range [][]string{own, l.Valid, l.Read} {
		for _, c := range group {
			d := distance(name, c)
			isOwn := slices.Contains(own, c)
			if d < bestD || (d == bestD && (isOwn && !bestOwn || isOwn == bestOwn && c < best)) {
				best, bestD, bestOwn = c, d, isOwn
			}
		}
	}
	return best
}

// distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of neighbours.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
