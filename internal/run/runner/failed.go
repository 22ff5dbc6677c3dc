package runner

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/textclip"
)

// maxNamedFailures bounds how many failed scenarios the run's error names;
// the report holds the rest.
const maxNamedFailures = 5

// maxFailureMessage bounds each named failure's message, in runes: the error's last
// line is read in CI logs, where a step's whole output would bury it.
const maxFailureMessage = 300

// scenariosFailed is ErrScenariosFailed naming which scenarios failed and
// why, so that the last line a run prints (all a CI log may keep) says
// what to look at.
func scenariosFailed(sum report.Summary) error {
	var named []string
	failed := 0
	for _, sc := range sum.Scenarios {
		why := sc.Failure()
		if why == "" {
			continue
		}
		failed++
		if len(named) == maxNamedFailures {
			continue
		}
		where := ""
		if sc.Lab != "" {
			where = " on " + sc.Lab
		}
		named = append(named, fmt.Sprintf("%q%s %s", sc.Name, where, textclip.Clip(textclip.OneLine(why), maxFailureMessage)))
	}
	if sum.Error != "" {
		named = append(named, textclip.Clip(textclip.OneLine(sum.Error), maxFailureMessage))
	}
	if len(named) == 0 {
		return ErrScenariosFailed
	}
	more := ""
	if failed > maxNamedFailures {
		more = fmt.Sprintf("; and %d more", failed-maxNamedFailures)
	}
	return fmt.Errorf("%w: %d of %d: %s%s", ErrScenariosFailed, failed, len(sum.Scenarios), strings.Join(named, "; "), more)
}
