// Package board is the instructor's board of the training sandbox: a
// local web page of every drill in flight (the brief, a map of the lab,
// the tasks, hints used, the timer, the learner's commands and the
// incident's actions), updated live by server-sent events, with a button
// that asks a drill's console for its next fault. The view is a pure
// function of the run folders' files (Build); the HTTP side serves it.
package board

import (
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// ConsoleQuiet is how long drill.json may go unsaved before the board
// says the console is not watching: the console saves at every tick (a
// few seconds plus its probes, each bounded at 12 s).
const ConsoleQuiet = 90 * time.Second

// maxCommands is how many of the learner's last commands a drill shows.
const maxCommands = 30

// Run is what the board read of one drill in flight.
type Run struct {
	Drill    *spec.Drill
	Brief    string
	Progress *state.Progress
	// History is what the board holds of history.jsonl: its tail and the
	// learner's lane.
	History History
	Request *state.NextFaultRequest
	// Saved is when drill.json was last written (the console's heartbeat).
	Saved time.Time
	Lab   *LabStatus
	// Reference is the drill's reference run (nil: none yet).
	Reference *debrief.ReferenceSummary
}

// View is the whole board, as the page receives it.
type View struct {
	Drills []DrillView `json:"drills"`
	// Problems are run folders that could not be read, with why.
	Problems []string `json:"problems,omitempty"`
}

// DrillView is one drill in flight.
type DrillView struct {
	RunID     string        `json:"run_id"`
	Drill     string        `json:"drill"`
	Title     string        `json:"title"`
	Level     string        `json:"level"`
	Flavor    string        `json:"flavor"`
	Topology  string        `json:"topology"`
	Brief     string        `json:"brief"`
	Started   time.Time     `json:"started"`
	Deadline  time.Time     `json:"deadline"`
	Tasks     []TaskView    `json:"tasks"`
	Hints     []HintView    `json:"hints"`
	HintsOf   int           `json:"hints_of"`
	Actions   []ActionView  `json:"actions"`
	NextFault int           `json:"next_fault"` // -1: none left
	Requested *time.Time    `json:"requested,omitempty"`
	Console   ConsoleView   `json:"console"`
	Map       LabMap        `json:"map"`
	Commands  []CommandView `json:"commands"`
	Lane      LaneView      `json:"lane"`
	// Cost is what the incident has cost so far (as the debrief counts
	// it) over the history the board holds.
	Cost CostView `json:"cost"`
	// Reference is the drill's reference run of the solution, nil when it
	// has none yet.
	Reference *RefView `json:"reference,omitempty"`
}

// LaneView is what the board holds of the learner's lane: every command
// (Total) unless Complete is false, when Note says what was cut.
type LaneView struct {
	Total    int    `json:"total"`
	Complete bool   `json:"complete"`
	Note     string `json:"note,omitempty"`
}

// TaskView is a task and its latest probe.
type TaskView struct {
	ID    string     `json:"id"`
	Title string     `json:"title"`
	State string     `json:"state"` // met, not met, unknown, not probed
	Why   string     `json:"why"`
	MetAt *time.Time `json:"met_at,omitempty"` // first counted met
	At    *time.Time `json:"at,omitempty"`     // the latest probe
}

// HintView is a hint the learner asked for.
type HintView struct {
	N    int    `json:"n"`
	Text string `json:"text"`
	Cost int    `json:"cost"`
}

// ActionView is one incident action and its state.
type ActionView struct {
	N     int        `json:"n"`
	What  string     `json:"what"`
	When  string     `json:"when"`
	State string     `json:"state"` // waiting, due, done, failed
	Due   *time.Time `json:"due,omitempty"`
	At    *time.Time `json:"at,omitempty"`
	Err   string     `json:"error,omitempty"`
}

// ConsoleView says whether the drill's console is watching (it alone
// injects faults and probes tasks).
type ConsoleView struct {
	Watching  bool      `json:"watching"`
	LastSaved time.Time `json:"last_saved"`
}

// CommandView is one learner command.
type CommandView struct {
	At      time.Time `json:"at"`
	Service string    `json:"service"`
	Line    string    `json:"line"`
	Exit    int       `json:"exit"`
}

// Build is the board from what was read of each drill; now decides only
// whether each console counts as watching.
func Build(runs []Run, now time.Time) View {
	v := View{Drills: []DrillView{}}
	for _, r := range runs {
		v.Drills = append(v.Drills, buildDrill(r, now))
	}
	return v
}

func buildDrill(r Run, now time.Time) DrillView {
	d, p := r.Drill, r.Progress
	dv := DrillView{RunID: p.RunID, Drill: d.Name, Title: d.Title, Level: d.Level, Flavor: p.Flavor, Topology: d.Topology,
		Brief: r.Brief, Started: p.Started, Deadline: p.Deadline(), HintsOf: len(d.Hints), NextFault: state.NextPending(d, p),
		Console: ConsoleView{Watching: now.Sub(r.Saved) < ConsoleQuiet, LastSaved: r.Saved}, Tasks: []TaskView{}, Hints: []HintView{}, Actions: []ActionView{}}
	if r.Request != nil {
		at := r.Request.At
		dv.Requested = &at
	}
	probes := latestProbes(r.History.Tail)
	for _, t := range d.Tasks {
		tv := TaskView{ID: t.ID, Title: t.Title, State: "not probed"}
		if e, ok := probes[t.ID]; ok {
			tv.State, tv.Why = verdictOf(e)
			at := e.Time
			tv.At = &at
		}
		if at, ok := p.Met[t.ID]; ok {
			tv.MetAt = &at
		}
		dv.Tasks = append(dv.Tasks, tv)
	}
	for _, i := range p.Hints {
		if i >= 0 && i < len(d.Hints) {
			dv.Hints = append(dv.Hints, HintView{N: i + 1, Text: strings.TrimSpace(d.Hints[i].Text), Cost: d.Hints[i].Cost})
		}
	}
	for i, a := range d.Incident {
		dv.Actions = append(dv.Actions, actionView(i, a, p))
	}
	dv.Map = buildMap(d, p, r.History.Tail, probes, r.Lab)
	dv.Commands, dv.Lane = commands(r.History)
	if !p.Started.IsZero() {
		dv.Cost = costView(d, p, r.History, now)
	}
	dv.Reference = refView(p.RunID, r.Reference)
	return dv
}

// taskOf is the task a probe's completion judged (state.ProbedTask).
func taskOf(e history.Entry) (string, bool) {
	if e.Process != state.Checker || !e.IsCompletion() {
		return "", false
	}
	return state.ProbedTask(e.F)
}

// latestProbes is each task's latest probe completion.
func latestProbes(h []history.Entry) map[string]history.Entry {
	out := map[string]history.Entry{}
	for _, e := range h {
		if id, ok := taskOf(e); ok {
			out[id] = e
		}
	}
	return out
}

// verdictOf reads a probe's completion as the console judged it.
func verdictOf(e history.Entry) (verdict, why string) {
	switch e.Type {
	case history.OK:
		return string(state.Met), textValue(e)
	case history.Fail:
		return string(state.NotMet), e.Error
	}
	return string(state.Unknown), e.Error
}

// textValue is a completion's value when it is a JSON string.
func textValue(e history.Entry) string {
	s := string(e.Value)
	if len(s) >= 2 && s[0] == '"' {
		var out string
		if err := jsonUnmarshal(e.Value, &out); err == nil {
			return out
		}
	}
	return ""
}
