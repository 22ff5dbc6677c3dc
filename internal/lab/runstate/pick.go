package runstate

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/usage"
)

// Pick is the one rule by which status, logs, chaos, heal and down choose
// the run they act on. live maps the run ids that have resources on the
// engine to their owner (lab.RunOwners).
//
// With an id: the id must be valid (a usage error otherwise, before any
// file is read) and name a run under reportsDir or a lab on the engine; a
// lab whose run.json is lost comes back as a State with only RunID set.
// Without one: the only run under reportsDir whose lab is live; none is an
// error, several are a usage error listing them.
func Pick(reportsDir, id string, live map[string]string) (State, error) {
	if id != "" {
		if err := labels.ValidateRunID(id); err != nil {
			return State{}, err
		}
		st, err := Load(Dir(reportsDir, id))
		if err == nil {
			return st, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return State{}, err
		}
		if _, ok := live[id]; ok {
			return State{RunID: id}, nil
		}
		return State{}, fmt.Errorf("find run %s: no %s under %s and no lab on this engine carries that id; %s", id, StateFile, reportsDir, LiveList(reportsDir, live))
	}
	on, err := liveRuns(reportsDir, live)
	if err != nil {
		return State{}, err
	}
	switch len(on) {
	case 0:
		return State{}, fmt.Errorf("find run: no live saltlab run under %s: start one with `saltlab up`, or name one with --run ID", reportsDir)
	case 1:
		return on[0], nil
	}
	return State{}, usage.Errorf("find run: %d live runs under %s; choose one with --run ID:%s", len(on), reportsDir, describe(on))
}

// PickLive is Pick for the commands that act on a lab (heal, chaos): the
// run it names must still have its lab on the engine. A finished run, or
// one whose lab was removed, is an error listing the live runs: acting on
// it would claim work on a lab that is not there.
func PickLive(reportsDir, id string, live map[string]string) (State, error) {
	st, err := Pick(reportsDir, id, live)
	if err != nil {
		return st, err
	}
	if _, ok := live[st.RunID]; !ok {
		return State{}, fmt.Errorf("find run %s: its lab is no longer on this engine (finished or removed), so there is nothing to act on; %s", st.RunID, LiveList(reportsDir, live))
	}
	return st, nil
}

// LiveList names every run that has a lab on the engine, for an error
// message: those with a run.json under reportsDir ("" reads none) with
// their topology and start, oldest first, then the others by id.
func LiveList(reportsDir string, live map[string]string) string {
	if len(live) == 0 {
		return "no saltlab lab is on this engine"
	}
	var known []State
	if reportsDir != "" {
		known, _ = liveRuns(reportsDir, live)
	}
	seen := map[string]bool{}
	for _, st := range known {
		seen[st.RunID] = true
	}
	var rest []string
	for id := range live {
		if !seen[id] {
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	b := strings.Builder{}
	b.WriteString("live runs:")
	b.WriteString(describe(known))
	for _, id := range rest {
		fmt.Fprintf(&b, "\n  %s", id)
		if reportsDir != "" {
			fmt.Fprintf(&b, "  (no %s under %s)", StateFile, reportsDir)
		}
	}
	return b.String()
}

// liveRuns returns the runs under reportsDir that have a lab on the engine.
func liveRuns(reportsDir string, live map[string]string) ([]State, error) {
	all, err := List(reportsDir)
	if err != nil {
		return nil, err
	}
	var on []State
	for _, st := range all {
		if _, ok := live[st.RunID]; ok {
			on = append(on, st)
		}
	}
	return on, nil
}

func describe(states []State) string {
	sort.Slice(states, func(i, j int) bool { return states[i].Started.Before(states[j].Started) })
	var b strings.Builder
	for _, st := range states {
		fmt.Fprintf(&b, "\n  %s  topology %s, started %s", st.RunID, st.Topology, st.Started.Format("2006-01-02 15:04:05"))
	}
	return b.String()
}
