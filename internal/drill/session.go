// Package drill is the training sandbox: an incident drill of drills/<name>
// on a live lab. Start brings the lab up, injects the incident through the
// fault ledger and saves the drill's progress; the console probes the
// tasks in the background, announces each one met, starts second faults,
// shows a timer and ends the drill at its limit; hint, status, shell,
// restart, reset and stop act on the drill in flight; Stop heals, judges
// and writes the debrief. Every probe and every learner command is in the
// run's history, so the debrief is judged from what happened.
package drill

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/client/eventlog"
	"github.com/saltlab/saltlab/internal/drill/bringup"
	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/prepare"
	"github.com/saltlab/saltlab/internal/drill/probe"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// Session is a drill in flight on its lab.
type Session struct {
	Drill    *spec.Drill
	Progress *state.Progress
	RunDir   string
	Log      io.Writer

	reports, root string
	live          *bringup.Live
	lab           *lab.Lab
	engine        *chaos.Engine
	hist          *history.Recorder
	state         runstate.State
	// buses are the services whose Salt event bus the drill records
	// (every master and syndic node); watch records them while this
	// process watches the drill (watchEvents).
	buses []string
	watch *eventlog.Watcher
}

// Close stops recording the event buses and releases the engine client
// and the history file.
func (s *Session) Close() error {
	s.stopEvents()
	var errs []error
	if s.hist != nil {
		errs = append(errs, s.hist.Close())
	}
	errs = append(errs, s.live.Close())
	return errors.Join(errs...)
}

// open binds a session to the live lab of a saved drill run.
func open(ctx context.Context, o Options, runID string) (*Session, error) {
	runDir := runstate.Dir(o.Reports, runID)
	p, err := state.Load(runDir)
	if err != nil {
		return nil, err
	}
	d, err := spec.Load(o.Drills, p.Drill)
	if err != nil {
		return nil, err
	}
	st, err := runstate.Load(runDir)
	if err != nil {
		return nil, err
	}
	live, err := bringup.Open(ctx, o.Reports, o.Root, st, p.Drill, o.Log)
	if err != nil {
		return nil, err
	}
	s := &Session{Drill: d, Progress: p, RunDir: runDir, Log: o.Log, reports: o.Reports, root: o.Root, live: live, lab: live.Lab, engine: live.Engine, buses: live.Buses, state: st}
	if s.hist, err = history.Open(filepath.Join(runDir, history.FileName)); err != nil {
		s.Close()
		return nil, err
	}
	s.hist.SetScenario(debrief.ScenarioName(p.Drill))
	return s, nil
}

// client is the recording Salt client of the drill's lab.
func (s *Session) client() client.Client {
	return client.Client{Ex: execer{s.lab}, Rec: client.Recorder{History: s.hist, Warn: func(f string, a ...any) { fmt.Fprintf(s.Log, f+"\n", a...) }}}
}

// execer runs commands in the lab's services for the Salt client.
type execer struct{ l *lab.Lab }

func (e execer) Exec(ctx context.Context, service string, argv []string) (client.Output, error) {
	r, err := e.l.Exec(ctx, service, argv)
	return client.Output{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode}, err
}

// Down says whether service's container is paused or not running, from
// Docker's own state (a container Docker cannot inspect is not known to
// be down).
func (e execer) Down(ctx context.Context, service string) (string, bool) {
	st, err := e.l.State(ctx, service)
	switch {
	case err != nil:
		return "", false
	case st.Paused:
		return "paused", true
	case !st.Running:
		return st.Status, true
	}
	return "", false
}

// Probe runs every task's probe once; a task whose needs are not met is
// probed too (its state is shown), and counts as met only after them.
func (s *Session) Probe(ctx context.Context) state.Verdicts {
	c := s.client()
	out := state.Verdicts{}
	for _, t := range s.Drill.Tasks {
		v, why := probe.Task(ctx, c, t)
		out[t.ID] = state.Result{V: v, Why: why}
	}
	return out
}

// note marks tasks newly met (their needs met first) and returns them.
func (s *Session) note(v state.Verdicts, now time.Time) []spec.Task {
	if s.Progress.Met == nil {
		s.Progress.Met = map[string]time.Time{}
	}
	var newly []spec.Task
	for _, t := range s.Drill.Tasks {
		if _, done := s.Progress.Met[t.ID]; done || v[t.ID].V != state.Met {
			continue
		}
		ready := true
		for _, n := range t.Needs {
			if _, ok := s.Progress.Met[n]; !ok {
				ready = false
			}
		}
		if ready {
			s.Progress.Met[t.ID] = now
			newly = append(newly, t)
		}
	}
	return newly
}

// inject starts incident action i: a fault through the ledger (recorded
// before it acts), or a script of the drill folder in a service, recorded
// in the history.
func (s *Session) inject(ctx context.Context, i int) error {
	a := s.Drill.Incident[i]
	st := &s.Progress.Actions[i]
	st.At = time.Now()
	var err error
	switch {
	case a.Fault != nil:
		var cs chaos.Spec
		if cs, err = prepare.ChaosSpec(*a.Fault); err == nil {
			// The ledger's file may have grown in another terminal: its ids
			// go on from there.
			if err = s.engine.Ledger().Reload(); err != nil {
				break
			}
			target := strings.Join(cs.Targets, ",")
			s.hist.Append(history.Entry{Type: history.Fault, Phase: history.Start, Kind: cs.Kind, Target: target, Program: cs.Process, FaultID: faultID(i)})
			// An operation of the incident's lane around the injection:
			// what Salt fired meanwhile (a key action's salt/key event) is
			// the incident's, not the learner's.
			s.client().Rec.Do(ctx, client.Op{F: "incident " + string(cs.Kind) + " " + target, Node: cs.Targets[0], Process: state.Incident}, func(ctx context.Context) client.Outcome {
				if _, err = s.engine.Inject(ctx, cs); err != nil {
					return client.Failed(nil, "%v", err)
				}
				return client.Succeeded(nil)
			})
		}
	case a.Script != nil:
		err = s.runStep(ctx, state.Incident, *a.Script)
	}
	st.State = "done"
	if err != nil {
		st.State, st.Err = "failed", err.Error()
	}
	return err
}

// runStep plays one step as one recorded operation of who ("incident",
// "solution", "wrong-fix"): a verb on a container, as the learner's own
// (act), or a script of the drill folder in its service with bash. The
// script's text is bash's argument, not spliced into another script.
func (s *Session) runStep(ctx context.Context, who string, st spec.Step) error {
	if verb, service := st.Action(); verb != "" {
		if err := s.act(ctx, who, verb, service); err != nil {
			return fmt.Errorf("run %s %s: %w", who, st, err)
		}
		return nil
	}
	text, err := spec.ReadFile(filepath.Join(s.Drill.Dir, st.Script))
	if err != nil {
		return err
	}
	var runErr error
	s.client().Rec.Do(ctx, client.Op{F: who + " " + st.Script, Node: st.Service, Process: who}, func(ctx context.Context) client.Outcome {
		out, err := s.lab.Exec(ctx, st.Service, client.Bounded(stepBudget, "bash", "-c", stepScript, st.Script, string(text)))
		switch {
		case err != nil:
			runErr = fmt.Errorf("run %s %s on %s: %w", who, st.Script, st.Service, err)
			return client.Indeterminate(runErr.Error())
		case out.ExitCode != 0:
			runErr = fmt.Errorf("run %s %s on %s: exit %d: %s", who, st.Script, st.Service, out.ExitCode, client.LastLine(out.Stderr, out.Stdout))
			return client.Failed(nil, "%v", runErr)
		}
		return client.Succeeded(client.LastLine(out.Stdout))
	})
	return runErr
}

// stepScript runs a drill folder's script, given as its first argument,
// from a file of its own in the container: the script is bash's input,
// never spliced into this one.
const stepScript = `f=$(mktemp) && printf '%s' "$1" > "$f" && bash "$f"; rc=$?; rm -f "$f"; exit "$rc"`

// stepBudget bounds one script step in its container.
const stepBudget = 2 * time.Minute

// heal undoes every fault of the drill's ledger and sweeps the lab.
func (s *Session) heal(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	// Another terminal's reset or reconnect may have written the ledger
	// since this process opened it: heal what its file holds.
	rerr := s.engine.Ledger().Reload()
	err := errors.Join(rerr, s.engine.Ledger().UndoAll(ctx, s.engine))
	_, serr := s.engine.Sweep(ctx)
	// A fault the learner already mended from outside (mendFaults) has
	// its end recorded: only the others end now.
	h, _ := history.Read(s.hist.Path())
	open := openFaults(h)
	for i, a := range s.Drill.Incident {
		if _, ok := open[faultID(i)]; a.Fault != nil && s.Progress.Actions[i].State == "done" && ok {
			s.hist.Append(history.Entry{Type: history.Fault, Phase: history.End, Kind: history.FaultKind(a.Fault.Kind), Target: a.Fault.Target, FaultID: faultID(i)})
		}
	}
	return errors.Join(err, serr)
}

func (s *Session) save() error { return s.Progress.Save(s.RunDir) }

// Options are where drills, reports and the checkout are.
type Options struct {
	Drills  string // the catalogue folder, drills/
	Reports string // reports/<run id>/
	Root    string // the saltlab checkout
	Log     io.Writer
}

// Play runs the solution's or the wrong fix's steps.
func (s *Session) Play(ctx context.Context, who string) error {
	steps := s.Drill.Solution
	if who == state.WrongFix {
		steps = s.Drill.WrongFix
	}
	for _, st := range steps {
		if err := s.runStep(ctx, who, st); err != nil {
			return err
		}
	}
	return nil
}
