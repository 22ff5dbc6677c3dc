package saltdist

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/textclip"
)

// IndexError is a pip command that failed; Lines are pip's own failing
// lines, so the user sees the cause and not a wall of output.
type IndexError struct {
	Op          string
	Lines       []string
	Unreachable bool // pip could not reach the package index at all
	err         error
}

func newIndexError(op, out string, err error) *IndexError {
	return &IndexError{Op: op, Lines: FailingLines(out), Unreachable: Unreachable(out), err: err}
}

func (e *IndexError) Error() string {
	what := e.Op + " failed"
	if e.Unreachable {
		what = e.Op + ": cannot reach the package index pip is configured for (check PIP_INDEX_URL, proxies, or use SALTLAB_WHEELHOUSE)"
	}
	if len(e.Lines) == 0 {
		return fmt.Sprintf("%s: %v", what, e.err)
	}
	return what + ":\n    " + strings.Join(e.Lines, "\n    ")
}

func (e *IndexError) Unwrap() error { return e.err }

// unreachableMarks are what pip (urllib3) prints when no connection to the
// index can be made at all, as opposed to a package that is missing.
var unreachableMarks = []string{
	"NewConnectionError", "Name or service not known", "Temporary failure in name resolution",
	"No route to host", "Connection refused", "Network is unreachable", "ConnectTimeoutError",
	"ProxyError", "Max retries exceeded",
}

// Unreachable says whether pip's output shows it never reached the index.
func Unreachable(out string) bool {
	for _, m := range unreachableMarks {
		if strings.Contains(out, m) {
			return true
		}
	}
	return false
}

// maxFailingLines bounds what a failure shows: enough for pip's error and
// its cause, never the whole build log.
const maxFailingLines = 8

// maxFailingLine bounds one shown line, in runes, so that a single long
// line cannot flood the failure either.
const maxFailingLine = 400

// FailingLines picks the lines of pip output (or of an image build that
// ran pip) that say what went wrong: pip's ERROR lines, the first
// connection warning, and the "saltlab: error:" lines of
// images/salt-real/install-salt. Duplicates are dropped.
func FailingLines(out string) []string {
	var lines []string
	seen := map[string]bool{}
	connection := false
	for _, raw := range strings.Split(out, "\n") {
		l := strings.TrimSpace(strings.TrimRight(raw, "\r"))
		keep := strings.HasPrefix(l, "ERROR:") || strings.HasPrefix(l, "error:") || strings.HasPrefix(l, "saltlab: error:")
		if !keep && !connection && strings.HasPrefix(l, "WARNING: Retrying") && Unreachable(l) {
			keep, connection = true, true
		}
		if !keep || seen[l] {
			continue
		}
		seen[l] = true
		lines = append(lines, textclip.Clip(l, maxFailingLine))
		if len(lines) == maxFailingLines {
			break
		}
	}
	return lines
}

var (
	availableRe = regexp.MustCompile(`(?m)^Available versions:\s*(.*)$`)
	fromRe      = regexp.MustCompile(`\(from versions: ([^)]*)\)`)
	missingRe   = regexp.MustCompile(`Could not find a version that satisfies the requirement (\S+)`)
	// conflictRe is the constraint pip names when a lock pin cannot be
	// met: "The user requested (constraint) certifi==2026.10.23".
	conflictRe = regexp.MustCompile(`The user requested \(constraint\) (\S+)`)
)

// ParseReleases reads release numbers from `pip index versions` output, or
// from the "(from versions: ...)" of a failed pip download, whichever is
// there. Entries that are not release numbers are dropped.
func ParseReleases(out string) []string {
	var list string
	if m := availableRe.FindStringSubmatch(out); m != nil {
		list = m[1]
	} else if m := fromRe.FindStringSubmatch(out); m != nil {
		list = m[1]
	}
	var vs []string
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if _, err := saltver.Parse(f); err == nil {
			vs = append(vs, f)
		}
	}
	return vs
}

// missingRequirement is the requirement pip found no fitting wheel for, as
// pip printed it ("contextvars", "looseversion>=1.0"), or "".
// With Salt's lock as constraints, a pin the index cannot meet shows as a
// resolution conflict that names the constraint instead.
func missingRequirement(out string) string {
	if m := missingRe.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	if strings.Contains(out, "ResolutionImpossible") {
		if m := conflictRe.FindStringSubmatch(out); m != nil {
			return m[1]
		}
	}
	return ""
}
