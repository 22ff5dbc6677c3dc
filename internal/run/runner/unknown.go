package runner

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// unknownsFail fails a run whose summary holds unknown verdicts unless
// the user accepted them (--allow-unknown). The steps already fail on an
// unknown, so this guards the rule where it matters, at the exit code: a
// verdict that reached the summary without failing its step must not let
// a run pass on a check that judged nothing.
func unknownsFail(sum report.Summary, allow bool) error {
	if allow {
		return nil
	}
	var which []string
	for _, sc := range sum.Scenarios {
		for _, v := range sc.Verdicts {
			if v.Verdict == checker.Unknown {
				which = append(which, fmt.Sprintf("%s in %q", v.Checker, sc.Name))
			}
		}
	}
	if len(which) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %d check(s) said unknown (%s); pass --allow-unknown to accept them", ErrScenariosFailed, len(which), strings.Join(which, "; "))
}
