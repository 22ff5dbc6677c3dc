package saltout

import (
	"fmt"
	"regexp"
	"strconv"
)

// Version is what a Salt CLI's --version line says about the Salt it
// runs: real Salt's "salt-call 3008.4 (Argon)", or the double's
// "salt-call 3006.9 (saltlab sim 0.1.0)", which follows release line
// 3006, and "... (saltlab sim 0.1.0, release line 3008)", which follows
// the line it names (SALTSIM_RELEASE).
type Version struct {
	Release string // as printed: "3008.4", "3006.9"
	// Major and Minor are the release the program behaves as. For the
	// double, Major is its release line and Minor is -1: a line stands for
	// its newest releases (docs/sim-fidelity.md).
	Major, Minor int
	Sim          bool
}

var (
	versionRe = regexp.MustCompile(`^\S+ ([1-9]\d{3})\.(\d+)(?:\.\d+)*(?: \((.*)\))?\s*$`)
	simLineRe = regexp.MustCompile(`^saltlab sim [^,]+(?:, release line ([1-9]\d{3}))?$`)
)

// ParseVersion reads the first line of `<prog> --version`.
func ParseVersion(out string) (Version, error) {
	line := firstLine(out)
	m := versionRe.FindStringSubmatch(line)
	if m == nil {
		return Version{}, fmt.Errorf("parse salt version: want \"<prog> <release> (<name>)\", got %q", line)
	}
	major, err := strconv.Atoi(m[1])
	if err != nil {
		return Version{}, fmt.Errorf("parse salt version %q: %w", line, err)
	}
	minor, err := strconv.Atoi(m[2])
	if err != nil {
		return Version{}, fmt.Errorf("parse salt version %q: %w", line, err)
	}
	v := Version{Release: m[1] + "." + m[2], Major: major, Minor: minor}
	if s := simLineRe.FindStringSubmatch(m[3]); s != nil {
		v.Sim, v.Minor = true, -1
		if s[1] != "" {
			if v.Major, err = strconv.Atoi(s[1]); err != nil {
				return Version{}, fmt.Errorf("parse salt version %q: %w", line, err)
			}
		}
	}
	return v, nil
}

// AtLeast says whether v behaves as major.minor or later; a line of the
// double counts as its newest release.
func (v Version) AtLeast(major, minor int) bool {
	if v.Major != major {
		return v.Major > major
	}
	return v.Minor < 0 || v.Minor >= minor
}

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
