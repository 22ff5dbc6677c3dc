package matrix

import (
	"math"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// UnknownRelease is a record's release when the run's `salt-call
// --version` could not be read.
const UnknownRelease = "unknown"

// Flavours a record names: real Salt, or the Go double standing in for it.
const (
	FlavorReal = "real"
	FlavorSim  = "sim"
)

// Record is one run as the table shows it: everything the matrix renders
// about a run, and nothing else. It is what the ledger keeps, so a cell
// outlives the run folder it was measured in (reports/ is not committed).
type Record struct {
	ID       string    `json:"id"`
	Release  string    `json:"release"` // "3008.4", or UnknownRelease
	Flavor   string    `json:"flavor"`  // FlavorReal or FlavorSim
	Topology string    `json:"topology"`
	Started  time.Time `json:"started"`
	Host     string    `json:"host"`   // "" when the run did not record it
	Engine   string    `json:"engine"` // Docker Engine; "" when not recorded
	// Passed is the run's result, Counts its scenarios by outcome.
	Passed bool          `json:"passed"`
	Counts report.Counts `json:"counts"`
	// BringUp is images ready to every container healthy, 0 when the run
	// predates run.bringup_ns; Suite is the scenarios' wall times summed,
	// as godog measured them: the time spent testing, without image
	// builds, bring-up or teardown. Both in seconds, to the millisecond.
	BringUp float64 `json:"bringup_s"`
	Suite   float64 `json:"suite_s"`
	Error   string  `json:"error"` // what failed outside the scenarios, if anything
}

// RecordOf derives a run's record from its summary.json: the one place
// the matrix reads a summary, so a run tabulated from its folder and the
// same run re-rendered from the ledger give the same cells.
func RecordOf(id string, s report.Summary) Record {
	r := Record{
		ID: id, Release: releaseNumber(s.Run.Flavor.Version), Flavor: FlavorSim, Topology: s.Run.Topology,
		Started: s.Run.Started.UTC(), Host: s.Run.Host, Engine: s.Run.Engine,
		Passed: s.Passed, Counts: s.Counts, BringUp: secondsOf(s.Run.BringUp), Error: s.Error,
	}
	// Anything but real Salt is labelled as the double, so no row of an
	// unnamed flavour can be read as a real release.
	if s.Run.Flavor.Name == FlavorReal {
		r.Flavor = FlavorReal
	}
	var suite time.Duration
	for _, sc := range s.Scenarios {
		if d, err := sc.WallTime(); err == nil {
			suite += d
		}
	}
	r.Suite = secondsOf(suite)
	return r
}

// releaseNumber reads the release from `salt-call --version` ("salt-call
// 3008.4 (Argon)").
func releaseNumber(version string) string {
	for _, field := range strings.Fields(version) {
		if v, err := saltver.Parse(field); err == nil {
			return v.String()
		}
	}
	return UnknownRelease
}

// secondsOf keeps a duration to the millisecond: the table shows tenths,
// and the ledger stays short.
func secondsOf(d time.Duration) float64 {
	return math.Round(d.Seconds()*1000) / 1000
}

func durationOf(seconds float64) time.Duration {
	return time.Duration(math.Round(seconds*1000) * float64(time.Millisecond))
}
