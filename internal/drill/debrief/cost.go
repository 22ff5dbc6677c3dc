package debrief

import (
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// jobGrace is how long after a job's publication its returns may come
// and still count: far beyond a job of the drill's (a test.ping returns
// in well under a second, the probes wait at most 12 s), so a job only
// slow to answer is not called lost.
const jobGrace = 30 * time.Second

// maxCostEvidence bounds the history entries the cost cites.
const maxCostEvidence = 20

// Cost is what the incident cost while it lasted, from the incident's
// start to the moment every service task was met (Until "mitigation")
// or, never mitigated, to the drill's end ("stop"): the Salt jobs
// published meanwhile that got no return from a minion they targeted
// (lost) or more than one (twice), read from the masters' buses
// (checker.Jobs), of which the drill's own probes' jobs, and the
// salt-api requests that failed. Every job is counted, whoever published
// it (the learner, the drill's probes, Salt's own schedule); the probes'
// are counted apart, since the drill made them.
type Cost struct {
	From  time.Duration `json:"from_ns"` // since the incident's start
	To    time.Duration `json:"to_ns"`
	Until string        `json:"until"` // mitigation or stop
	// JobsKnown says whether any bus was recorded in the window: without
	// it the jobs are unknown, never none.
	JobsKnown bool `json:"jobs_known"`
	Jobs      int  `json:"jobs"`
	Lost      int  `json:"lost"`
	Twice     int  `json:"twice"`
	// Unjudged are the jobs whose master's bus was not recorded long
	// enough after them (or the drill ended first): neither lost nor
	// whole.
	Unjudged   int `json:"unjudged"`
	ProbeJobs  int `json:"probe_jobs"`
	ProbeLost  int `json:"probe_lost"`
	ProbeTwice int `json:"probe_twice"`
	// APIRequests are the salt-api requests recorded (operations named
	// "api ..."), APIFailed those that failed or never answered.
	APIRequests int `json:"api_requests"`
	APIFailed   int `json:"api_failed"`
	// FailedProbes are the drill's probes that found a task not met.
	FailedProbes int `json:"failed_probes"`
	// Entries are the new events of the jobs lost or returned twice.
	Entries []int64 `json:"entries,omitempty"`
}

// CostSoFar is what a drill in flight's incident has cost by now, as the
// debrief will count it: from the incident's start to the moment every
// service task was met, or to now (Until "stop": not mitigated yet).
func CostSoFar(d *spec.Drill, p *state.Progress, h []history.Entry, now time.Time) Cost {
	return cost(p, mitigate(d, p), h, now)
}

// cost judges the incident's cost from the history (see Cost).
func cost(p *state.Progress, mitigated *time.Duration, h []history.Entry, end time.Time) Cost {
	c := Cost{Until: "stop", To: end.Sub(p.Started)}
	if mitigated != nil {
		c.Until, c.To = "mitigation", *mitigated
	}
	from, to := p.Started, p.Started.Add(c.To)
	probes := probeIntervals(h)
	for _, j := range checker.Jobs(h, from, to, jobGrace) {
		c.Jobs++
		probe := slices.ContainsFunc(probes, func(iv probeInterval) bool {
			return iv.node == j.Master && !j.Published.Before(iv.from) && !j.Published.After(iv.to)
		})
		if probe {
			c.ProbeJobs++
		}
		if !j.Judged {
			c.Unjudged++
			continue
		}
		lost, twice := len(j.Lost()) > 0, len(j.Twice()) > 0
		if lost {
			c.Lost++
		}
		if twice {
			c.Twice++
		}
		if probe && lost {
			c.ProbeLost++
		}
		if probe && twice {
			c.ProbeTwice++
		}
		if (lost || twice) && len(c.Entries) < maxCostEvidence {
			c.Entries = append(c.Entries, j.New)
		}
	}
	c.JobsKnown = c.Jobs > 0 || recordedDuring(h, from, to)
	for _, o := range history.Ops(h) {
		if o.Invoke.Time.Before(from) || o.Invoke.Time.After(to) {
			continue
		}
		switch {
		case strings.HasPrefix(o.Invoke.F, "api "):
			c.APIRequests++
			if o.Completion == nil || o.Completion.Type != history.OK {
				c.APIFailed++
			}
		case o.Invoke.Process == state.Checker && o.Completion != nil && o.Completion.Type == history.Fail:
			c.FailedProbes++
		}
	}
	return c
}

// probeInterval is when one of the drill's probes ran, and where.
type probeInterval struct {
	node     string
	from, to time.Time
}

// probeIntervals are the drill's probes (the checker lane): a job its
// node's bus published while one ran is the probe's.
func probeIntervals(h []history.Entry) []probeInterval {
	var out []probeInterval
	for _, o := range history.Ops(h) {
		if o.Invoke.Process != state.Checker {
			continue
		}
		iv := probeInterval{node: o.Invoke.Node, from: o.Invoke.Time, to: o.Invoke.Time.Add(time.Hour)}
		if o.Completion != nil {
			iv.to = o.Completion.Time
		}
		out = append(out, iv)
	}
	return out
}

// recordedDuring says whether any bus's stream was live at some moment
// of [from, to].
func recordedDuring(h []history.Entry, from, to time.Time) bool {
	since := map[string]time.Time{}
	for _, e := range h {
		if e.Type != history.Watch {
			continue
		}
		switch e.Phase {
		case history.Start:
			if _, up := since[e.Master]; !up {
				since[e.Master] = e.Time
			}
		case history.End:
			if s, up := since[e.Master]; up && !s.After(to) && !e.Time.Before(from) {
				return true
			}
			delete(since, e.Master)
		}
	}
	for _, s := range since {
		if !s.After(to) {
			return true
		}
	}
	return false
}
