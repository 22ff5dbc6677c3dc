// Package debrief judges a finished drill from what its run folder holds:
// the recorded history and the saved progress (drill.json). The score,
// the time to detect and to mitigate, the forbidden actions (from the
// learner's command lines, the verbs saltlab did for them and Salt's own
// key events), what the incident cost in jobs and requests, and the
// learner's lane beside a reference run of the solution; written as
// text, JSON and JUnit, and as the run's report.html. It needs no lab: a
// drill whose lab is gone is judged from its files alone.
package debrief

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// Debrief is a finished drill judged from its history and progress.
type Debrief struct {
	Drill   string        `json:"drill"`
	Title   string        `json:"title"`
	RunID   string        `json:"run_id"`
	Flavor  string        `json:"flavor"`
	Release string        `json:"release"` // as the lab's salt-call --version printed it
	Mode    string        `json:"mode"`
	Elapsed time.Duration `json:"elapsed_ns"`
	Tasks   []TaskResult  `json:"tasks"`
	Hints   []HintUsed    `json:"hints,omitempty"`
	// Forbidden are the forbidden actions the learner took.
	Forbidden []ForbiddenSeen `json:"forbidden,omitempty"`
	// ForbidUnknown are the forbidden actions that could not be judged
	// (judged from Salt's key events alone, and the buses were not
	// recorded the whole time): no penalty, and never "not taken".
	ForbidUnknown []ForbidUnknown `json:"forbid_unknown,omitempty"`
	Score         int             `json:"score"`
	MaxScore      int             `json:"max_score"`
	// Detect is from the incident to the learner's first command on a
	// service the incident acted on (nil: never).
	Detect *time.Duration `json:"time_to_detect_ns,omitempty"`
	// Mitigate is from the incident to the moment every service task was
	// met (nil: never).
	Mitigate *time.Duration `json:"time_to_mitigate_ns,omitempty"`
	// Commands is the learner's lane: every command, in order.
	Commands []state.LearnerLine `json:"commands,omitempty"`
	// FailedProbes counts probes that found a task not met while the
	// incident lasted: what the incident cost the drill's own checks
	// (Cost.FailedProbes).
	FailedProbes int `json:"failed_probes"`
	// Cost is what the incident cost while it lasted.
	Cost Cost `json:"cost"`
	// Reference is the reference run of the solution the run was drawn
	// beside in report.html (nil: none).
	Reference *ReferenceSummary `json:"reference,omitempty"`
	Outcome   string            `json:"outcome"` // solved, unsolved, unknown
}

// TaskResult is a task at the end, with when it was first met.
type TaskResult struct {
	ID      string         `json:"id"`
	Title   string         `json:"title"`
	Verdict state.Verdict  `json:"verdict"`
	Why     string         `json:"why"`
	MetAt   *time.Duration `json:"met_after_ns,omitempty"`
	Points  int            `json:"points"`
}

// HintUsed is a hint the learner asked for.
type HintUsed struct {
	Text string `json:"text"`
	Cost int    `json:"cost"`
}

// Judge scores a drill from its final verdicts, progress and history.
// A task met at the end counts its points; every hint costs its cost and
// every forbidden action its penalty; the score never goes below zero.
// With no verdict at all (the lab could not be asked) the outcome is
// unknown, never solved.
func Judge(d *spec.Drill, p *state.Progress, final state.Verdicts, h []history.Entry, end time.Time) Debrief {
	db := Debrief{Drill: d.Name, Title: d.Title, RunID: p.RunID, Flavor: p.Flavor, Release: p.Release, Mode: p.Mode, Elapsed: end.Sub(p.Started)}
	met, unknown := 0, 0
	for _, t := range d.Tasks {
		r := TaskResult{ID: t.ID, Title: t.Title, Verdict: state.Unknown, Why: "not probed", Points: t.PointsOf()}
		if v, ok := final[t.ID]; ok {
			r.Verdict, r.Why = v.V, v.Why
		}
		if at, ok := p.Met[t.ID]; ok {
			dur := at.Sub(p.Started)
			r.MetAt = &dur
		}
		db.MaxScore += r.Points
		switch r.Verdict {
		case state.Met:
			met++
			db.Score += r.Points
		case state.Unknown:
			unknown++
		}
		db.Tasks = append(db.Tasks, r)
	}
	for _, i := range p.Hints {
		if i >= 0 && i < len(d.Hints) {
			db.Hints = append(db.Hints, HintUsed{Text: d.Hints[i].Text, Cost: d.Hints[i].Cost})
			db.Score -= d.Hints[i].Cost
		}
	}
	h = thisRound(h, p.Started)
	db.Commands = learnerLines(h)
	db.Forbidden, db.ForbidUnknown = forbidden(d, p, db.Commands, h, end)
	for _, f := range db.Forbidden {
		db.Score -= f.Penalty
	}
	db.Score = max(db.Score, 0)
	db.Detect = detect(d, p, db.Commands)
	db.Mitigate = mitigate(d, p)
	db.Cost = cost(p, db.Mitigate, h, end)
	db.FailedProbes = db.Cost.FailedProbes
	switch {
	case met == len(d.Tasks):
		db.Outcome = "solved"
	case unknown > 0 && met+unknown == len(d.Tasks):
		db.Outcome = "unknown"
	default:
		db.Outcome = "unsolved"
	}
	return db
}

// thisRound is h without the learner's entries from before the round
// started: after a reset (the incident again on the same lab) the earlier
// round's commands stay in the history, but the new round is judged from
// its own start.
func thisRound(h []history.Entry, started time.Time) []history.Entry {
	out := make([]history.Entry, 0, len(h))
	for _, e := range h {
		if e.Process == state.Learner && e.Time.Before(started) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// learnerLines are the learner's commands in the history, in time order.
func learnerLines(h []history.Entry) []state.LearnerLine {
	var out []state.LearnerLine
	for _, e := range h {
		if e.Process != state.Learner || e.Type == history.Invoke {
			continue
		}
		var l state.LearnerLine
		if json.Unmarshal(e.Value, &l) == nil && l.Line != "" {
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}

// detect is the time to the learner's first command on a service the
// incident acted on.
func detect(d *spec.Drill, p *state.Progress, cmds []state.LearnerLine) *time.Duration {
	hit := map[string]bool{}
	for _, a := range d.Incident {
		if a.Fault != nil {
			hit[a.Fault.Target] = true
		}
		if a.Script != nil {
			hit[a.Script.Service] = true
		}
	}
	for _, c := range cmds {
		if hit[c.Service] && !c.At.Before(p.Started) {
			dur := c.At.Sub(p.Started)
			return &dur
		}
	}
	return nil
}

// mitigate is when every service task (every task, if none is marked)
// had been met.
func mitigate(d *spec.Drill, p *state.Progress) *time.Duration {
	var tasks []spec.Task
	for _, t := range d.Tasks {
		if t.Service || !hasService(d) {
			tasks = append(tasks, t)
		}
	}
	return allMet(tasks, p)
}

// allMet is how long after the incident's start every one of tasks had
// been met (nil: one never was).
func allMet(tasks []spec.Task, p *state.Progress) *time.Duration {
	var last time.Time
	for _, t := range tasks {
		at, ok := p.Met[t.ID]
		if !ok {
			return nil
		}
		if at.After(last) {
			last = at
		}
	}
	dur := last.Sub(p.Started)
	return &dur
}

func hasService(d *spec.Drill) bool {
	for _, t := range d.Tasks {
		if t.Service {
			return true
		}
	}
	return false
}
