// Package saltdist decides which Salt release the real flavour installs and
// gets its Python packages: it parses SALT_VERSION, resolves a release line
// to its newest release, builds the one set of pip command lines the
// project runs on the host, and fills the wheelhouse the image installs
// from with no network. It names no package host: pip's own configuration
// decides where packages come from.
package saltdist

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// DefaultLine is the Salt release line the real flavour installs when
// SALT_VERSION is not set: the line Salt currently maintains as LTS (3008
// became LTS with 3008.0 in May 2026; 3006 is in security-only support).
const DefaultLine = "3008"

// EnvVersion is the environment variable behind --salt-version.
const EnvVersion = "SALT_VERSION"

// Spec is what the user asked for: a release line ("3007", resolved to its
// newest release) or one exact release ("3007.8").
type Spec struct {
	raw   string
	line  int
	exact *saltver.Version // nil for a line
}

var (
	lineRe  = regexp.MustCompile(`^[0-9]{4}$`)
	exactRe = regexp.MustCompile(`^[0-9]{4}\.[0-9]+(\.[0-9]+)?((a|b|rc)[0-9]+)?$`)
)

// ErrBadSpec matches every ParseSpec error.
var ErrBadSpec = errors.New("bad salt version")

// ParseSpec checks a SALT_VERSION value; it fails with the accepted forms.
func ParseSpec(s string) (Spec, error) {
	spec, err := parseSpec(s)
	if err != nil {
		return Spec{}, fmt.Errorf("%w: %w", ErrBadSpec, err)
	}
	return spec, nil
}

func parseSpec(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		s = DefaultLine
	}
	switch {
	case lineRe.MatchString(s):
		n, _ := strconv.Atoi(s)
		if n < 3006 {
			return Spec{}, fmt.Errorf("%q: lines before 3006 do not run on the image's Python 3.11; use 3006, 3007, 3008 or a release such as 3007.8", s)
		}
		return Spec{raw: s, line: n}, nil
	case exactRe.MatchString(s):
		v, err := saltver.Parse(s)
		if err != nil {
			return Spec{}, err
		}
		if v.Parts[0] < 3006 {
			return Spec{}, fmt.Errorf("%q: releases before 3006 do not run on the image's Python 3.11; use 3006.x or later", s)
		}
		return Spec{raw: s, line: v.Parts[0], exact: &v}, nil
	}
	return Spec{}, fmt.Errorf("%q: want a release line such as %s or a release such as 3007.8", s, DefaultLine)
}

// String is the spec as the user wrote it (the default line if empty).
func (s Spec) String() string { return s.raw }

// Line is the release line, e.g. 3007.
func (s Spec) Line() int { return s.line }

// Exact returns the release for an exact spec.
func (s Spec) Exact() (saltver.Version, bool) {
	if s.exact == nil {
		return saltver.Version{}, false
	}
	return *s.exact, true
}

// Requirement is the pip requirement for the spec: salt==3007.8, or
// salt==3007.* for a line (pip then picks the newest final release).
func (s Spec) Requirement() string {
	if s.exact != nil {
		return "salt==" + s.exact.String()
	}
	return fmt.Sprintf("salt==%d.*", s.line)
}

// Matches says whether a release satisfies the spec. A line matches only
// final releases, as pip's "==3007.*" does.
func (s Spec) Matches(v saltver.Version) bool {
	if s.exact != nil {
		return v.Compare(*s.exact) == 0
	}
	return v.Parts[0] == s.line && v.Pre == ""
}

// Resolve picks the release the spec names from the releases available:
// the exact one, or the newest final release of the line. The error names
// what is available, so a typo is easy to fix.
func (s Spec) Resolve(available []string) (saltver.Version, error) {
	var inLine, all []saltver.Version
	for _, a := range available {
		v, err := saltver.Parse(a)
		if err != nil {
			continue // other projects' odd versions are not ours to judge
		}
		all = append(all, v)
		if s.Matches(v) {
			inLine = append(inLine, v)
		}
	}
	if len(inLine) > 0 {
		sort.Slice(inLine, func(i, j int) bool { return inLine[i].Compare(inLine[j]) > 0 })
		return inLine[0], nil
	}
	return saltver.Version{}, fmt.Errorf("salt %s is not available; %s", s.raw, newestHint(s.line, all))
}

// newestHint lists a few releases near the asked line.
func newestHint(line int, all []saltver.Version) string {
	if len(all) == 0 {
		return "no Salt release is available at all"
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Compare(all[j]) > 0 })
	var same []string
	for _, v := range all {
		if v.Parts[0] == line && len(same) < 5 {
			same = append(same, v.String())
		}
	}
	if len(same) > 0 {
		return fmt.Sprintf("newest releases of line %d: %s", line, strings.Join(same, ", "))
	}
	return fmt.Sprintf("no release of line %d; newest release: %s", line, all[0])
}

// MayMeet says whether the spec can install a release at least min: an
// exact release must be, and a line must not be older than min's line (its
// newest release is known only once resolved; check that then with
// saltver.Version.Compare).
func (s Spec) MayMeet(min saltver.Version) bool {
	if s.exact != nil {
		return s.exact.Compare(min) >= 0
	}
	return len(min.Parts) > 0 && s.line >= min.Parts[0]
}
