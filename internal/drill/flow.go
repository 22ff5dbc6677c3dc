package drill

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/bringup"
	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/prepare"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

// StartOptions are a drill's start: which drill, on which Salt.
type StartOptions struct {
	Options
	Name        string
	Flavor      string // real or sim; empty: the drill's first flavour
	SaltVersion string
	StateDir    string // the runs' private directories (runstate.PrivateRoot)
	Mode        string // learner (default), solution or wrong-fix (self-test)
}

// Lint checks a drill without a lab (prepare.Lint), for `saltlab drill
// lint`: the command's wiring reaches the drill's stages through here.
func Lint(drills, root, name string) (*spec.Drill, error) { return prepare.Lint(drills, root, name) }

// Prepare loads and checks a drill for a start, before any Docker work:
// the file, its faults against the chaos catalogue, its topology and the
// flavour asked for. It returns the drill and the flavour to run.
func Prepare(o StartOptions) (*spec.Drill, string, error) {
	d, err := prepare.Lint(o.Drills, o.Root, o.Name)
	if err != nil {
		return nil, "", err
	}
	fl := o.Flavor
	if fl == "" {
		fl = d.Salt.Flavours[0]
	}
	if !slices.Contains(d.Salt.Flavours, fl) {
		why := " (" + d.Salt.NotOnReal + ")"
		if fl == "sim" {
			why = " (" + d.Salt.NotOnSim + ")"
		}
		return nil, "", usage.Errorf("drill %s does not run on --salt %s%s: it runs on %s", d.Name, fl, why, strings.Join(d.Salt.Flavours, ", "))
	}
	if fl == "real" && len(o.SaltVersion) >= 4 && !slices.Contains(d.Salt.Lines, o.SaltVersion[:4]) {
		return nil, "", usage.Errorf("drill %s holds for Salt %s, not --salt-version %s: pick one of those lines", d.Name, strings.Join(d.Salt.Lines, ", "), o.SaltVersion)
	}
	return d, fl, nil
}

// Start brings the drill's lab up, injects the incident's first actions
// and saves the progress. The session it returns is the console's.
func Start(ctx context.Context, o StartOptions) (*Session, error) {
	d, fl, err := Prepare(o)
	if err != nil {
		return nil, err
	}
	up, err := bringup.Start(ctx, d, bringup.Options{Root: o.Root, Reports: o.Reports, StateDir: o.StateDir, Flavor: fl, SaltVersion: o.SaltVersion, Log: o.Log})
	if err != nil {
		return nil, err
	}
	runID := up.RunID
	p := &state.Progress{Drill: d.Name, RunID: runID, Flavor: up.Flavor, Services: up.Services, TimeLimit: d.TimeLimit.D(), Actions: make([]state.ActionState, len(d.Incident)), Mode: o.Mode}
	if err := p.Save(up.RunDir); err != nil {
		return nil, errors.Join(err, bringup.Down(ctx, runID))
	}
	s, err := open(ctx, o.Options, runID)
	if err != nil {
		return nil, errors.Join(err, bringup.Down(ctx, runID))
	}
	if err := s.checkServices(); err != nil {
		s.Close()
		return nil, errors.Join(err, bringup.Down(ctx, runID))
	}
	s.Progress.Buses = s.buses
	s.watchEvents(ctx)
	if err := s.begin(ctx); err != nil {
		s.Close()
		return nil, errors.Join(err, s.end(context.WithoutCancel(ctx)))
	}
	return s, nil
}

// begin injects the incident's first actions and starts the clock.
func (s *Session) begin(ctx context.Context) error {
	s.Progress.Started = time.Now()
	s.hist.SetScenario(debrief.ScenarioName(s.Drill.Name))
	if s.Progress.Release == "" { // a rearmed round keeps its lab's
		s.Progress.Release = s.release(ctx)
	}
	for i, a := range s.Drill.Incident {
		if a.Start != nil {
			if a.Start.AfterTask == "" {
				lo, hi, _ := spec.ParseWindow(a.Start.Delay)
				s.Progress.Actions[i] = state.ActionState{State: "due", Due: s.Progress.Started.Add(spec.Pick(lo, hi))}
			}
			continue
		}
		if err := s.inject(ctx, i); err != nil {
			s.save()
			return fmt.Errorf("inject drill %s's incident: %w", s.Drill.Name, err)
		}
	}
	return s.save()
}

// checkServices refuses a drill that names a service its lab lacks.
func (s *Session) checkServices() error {
	var missing []string
	for _, n := range s.Drill.ServiceNames() {
		if !slices.Contains(s.Progress.Services, n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return usage.Errorf("drill %s names %s, which the %s lab does not have (it has %s)", s.Drill.Name, strings.Join(missing, ", "), s.Drill.Topology, strings.Join(s.Progress.Services, ", "))
	}
	return nil
}

// Resume opens a drill in flight (runID, or the only one).
func Resume(ctx context.Context, o Options, runID string) (*Session, error) {
	id, err := Which(o.Reports, runID)
	if err != nil {
		return nil, err
	}
	return open(ctx, o, id)
}

// Which is the run of the drill in flight: runID checked, or the only
// run under reports with unfinished drill progress.
func Which(reports, runID string) (string, error) {
	if runID != "" {
		if _, err := state.Load(runstate.Dir(reports, runID)); err != nil {
			return "", usage.Errorf("no drill in run %s: %v; `saltlab drill start NAME` starts one", runID, err)
		}
		return runID, nil
	}
	if _, err := runstate.List(reports); err != nil {
		return "", err
	}
	live := prepare.LiveDrills(reports)
	switch len(live) {
	case 0:
		return "", usage.Errorf("no drill is running under %s: start one with `saltlab drill start NAME` (`saltlab drill list` names them)", reports)
	case 1:
		return live[0], nil
	}
	return "", usage.Errorf("%d drills are running (%s): name one with --run", len(live), strings.Join(live, ", "))
}

// Tick is one round of the console: learner commands into the history,
// due actions started, every task probed and the newly met announced.
// It returns the verdicts.
func (s *Session) Tick(ctx context.Context, out io.Writer) state.Verdicts {
	s.collect(ctx)
	now := time.Now()
	s.takeNextFaultRequest(now, out) // the instructor's board asked for the next fault
	for i, a := range s.Drill.Incident {
		st := s.Progress.Actions[i]
		if st.State == "" && a.Start != nil && a.Start.AfterTask != "" {
			if _, ok := s.Progress.Met[a.Start.AfterTask]; ok {
				lo, hi, _ := spec.ParseWindow(cmpOr(a.Start.Delay, "0s"))
				s.Progress.Actions[i] = state.ActionState{State: "due", Due: now.Add(spec.Pick(lo, hi))}
			}
		}
		if st := s.Progress.Actions[i]; st.State == "due" && !now.Before(st.Due) {
			if err := s.inject(ctx, i); err != nil {
				fmt.Fprintf(out, "drill: the incident's next action failed: %v\n", err)
			} else {
				fmt.Fprintf(out, "drill: something else just changed in the lab (%s)\n", time.Now().Format(time.TimeOnly))
			}
		}
	}
	v := s.Probe(ctx)
	for _, t := range s.note(v, time.Now()) {
		fmt.Fprintf(out, "drill: task met: %s (%s)\n", t.Title, v[t.ID].Why)
	}
	s.save()
	return v
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// collect reads the new lines of every learner shell's log into the
// history, as the learner's lane.
func (s *Session) collect(ctx context.Context) {
	if s.Progress.LinesSeen == nil {
		s.Progress.LinesSeen = map[string]int{}
	}
	for _, sv := range s.Progress.Shells {
		seen := s.Progress.LinesSeen[sv]
		r, err := s.lab.Exec(ctx, sv, client.Bounded(10*time.Second, "tail", "-n", fmt.Sprintf("+%d", seen+1), learnerLog))
		if err != nil || r.ExitCode != 0 {
			continue
		}
		lines, n := parseLearnerLines(r.Stdout, sv)
		s.Progress.LinesSeen[sv] = seen + n
		for _, l := range lines {
			s.recordLearner(l)
		}
	}
}

// recordLearner appends one learner command to the history.
func (s *Session) recordLearner(l state.LearnerLine) {
	f := "shell: " + l.Line
	if r := []rune(f); len(r) > 120 {
		f = string(r[:120]) + "…"
	}
	inv, _ := s.hist.Append(history.Entry{Type: history.Invoke, Time: l.At, Process: state.Learner, Node: l.Service, F: f})
	typ := history.OK
	if l.Exit != 0 {
		typ = history.Fail
	}
	s.hist.Append(history.Entry{Type: typ, Time: l.At, Pair: inv.Index, Process: state.Learner, Node: l.Service, F: f, Value: mustJSON(l)})
}
