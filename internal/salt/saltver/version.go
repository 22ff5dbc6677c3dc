// Package saltver is Salt's release numbers, the one place they are read
// and ordered: a release as pip, a topology's salt_min and a run's ledger
// write it (3007.8, 3008.0rc1), and what a Salt program's --version line
// says it is (Reported). The images, evidence and run rooms all compare
// releases, so the rule lives here, below them.
package saltver

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Version is a Salt release number: 3007.8, 3006.10, 3008.0rc1. Salt's
// own releases use no other PEP 440 forms.
type Version struct {
	Parts []int
	Pre   string // "a1", "b2", "rc1" or ""
}

var versionRe = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)*)((?:a|b|rc)[0-9]+)?$`)

// Parse parses a release number as pip and Salt print it.
func Parse(s string) (Version, error) {
	m := versionRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return Version{}, fmt.Errorf("parse salt version %q: not a release number such as 3007.8", s)
	}
	var v Version
	for _, p := range strings.Split(m[1], ".") {
		n, err := strconv.Atoi(p)
		if err != nil || len(p) > 9 {
			return Version{}, fmt.Errorf("parse salt version %q: part %q is not a small number", s, p)
		}
		v.Parts = append(v.Parts, n)
	}
	v.Pre = m[2]
	return v, nil
}

func (v Version) String() string {
	ps := make([]string, len(v.Parts))
	for i, p := range v.Parts {
		ps[i] = strconv.Itoa(p)
	}
	return strings.Join(ps, ".") + v.Pre
}

// Compare orders releases as PEP 440 does for these forms: numerically by
// part (missing parts are 0), and a pre-release before its final release.
func (v Version) Compare(o Version) int {
	n := max(len(v.Parts), len(o.Parts))
	for i := 0; i < n; i++ {
		a, b := part(v.Parts, i), part(o.Parts, i)
		if a != b {
			if a < b {
				return -1
			}
			return 1
		}
	}
	return comparePre(v.Pre, o.Pre)
}

func part(ps []int, i int) int {
	if i < len(ps) {
		return ps[i]
	}
	return 0
}

// comparePre: "" (final) sorts after every pre-release; a < b < rc.
func comparePre(a, b string) int {
	if a == b {
		return 0
	}
	if a == "" {
		return 1
	}
	if b == "" {
		return -1
	}
	ka, na := splitPre(a)
	kb, nb := splitPre(b)
	if ka != kb {
		if preRank[ka] < preRank[kb] {
			return -1
		}
		return 1
	}
	switch {
	case na < nb:
		return -1
	case na > nb:
		return 1
	}
	return 0
}

var preRank = map[string]int{"a": 0, "b": 1, "rc": 2}

func splitPre(p string) (string, int) {
	i := strings.IndexFunc(p, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 0 {
		return p, 0
	}
	n, _ := strconv.Atoi(p[i:])
	return p[:i], n
}

// Line is the release line, the first part: 3007 of 3007.8 (0 for the
// zero Version).
func (v Version) Line() int {
	if len(v.Parts) == 0 {
		return 0
	}
	return v.Parts[0]
}

// AtLeast says whether v is min or newer.
func (v Version) AtLeast(min Version) bool { return v.Compare(min) >= 0 }
