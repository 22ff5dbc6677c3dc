package drill

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/bringup"
	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// Hint shows the next hint whose condition holds now and records its
// cost. The last hint (the lab's diagnosis) comes only after the others.
func (s *Session) Hint(ctx context.Context, out io.Writer) error {
	v := s.Probe(ctx)
	elapsed := time.Since(s.Progress.Started)
	var skipped []int
	for i, h := range s.Drill.Hints {
		if slices.Contains(s.Progress.Hints, i) {
			continue
		}
		if h.After.D() > elapsed {
			fmt.Fprintf(out, "drill: the next hint opens in %v\n", (h.After.D() - elapsed).Round(time.Second))
			return s.addHints(skipped...)
		}
		if h.UnlessMet != "" && v[h.UnlessMet].V == state.Met {
			skipped = append(skipped, i) // no longer needed: passed over, free
			continue
		}
		if err := s.addHints(append(skipped, i)...); err != nil {
			return err
		}
		label := fmt.Sprintf("hint %d of %d (-%d points)", i+1, len(s.Drill.Hints), h.Cost)
		if h.Diagnosis {
			label = fmt.Sprintf("the lab's diagnosis (-%d points)", h.Cost)
		}
		// A hint is a moment in the learner's lane: an operation that
		// completes at once (an invocation alone would show as never done).
		s.client().Rec.Do(ctx, client.Op{F: fmt.Sprintf("hint %d", i+1), Process: state.Learner}, func(context.Context) client.Outcome {
			return client.Succeeded(i)
		})
		fmt.Fprintf(out, "%s: %s\n", label, strings.TrimSpace(h.Text))
		return nil
	}
	fmt.Fprintln(out, "drill: no hints left")
	return s.addHints(skipped...)
}

// addHints records hints as used in the saved progress, beside a console
// that may be saving its own.
func (s *Session) addHints(idx ...int) error {
	if len(idx) == 0 {
		return nil
	}
	p, err := state.Update(s.RunDir, func(p *state.Progress) {
		for _, i := range idx {
			if !slices.Contains(p.Hints, i) {
				p.Hints = append(p.Hints, i)
			}
		}
	})
	if err == nil {
		s.Progress.Hints = p.Hints
	}
	return err
}

// Status prints the tasks, time left, hints used and the incident's state.
func (s *Session) Status(ctx context.Context, out io.Writer) error {
	v := s.Probe(ctx)
	p := s.Progress
	left := time.Until(p.Deadline()).Round(time.Second)
	fmt.Fprintf(out, "drill %s (run %s, Salt %s): %s\n", s.Drill.Name, p.RunID, p.Flavor, s.Drill.Title)
	fmt.Fprintf(out, "time: %v of %v used, %v left; hints used: %d of %d\n", time.Since(p.Started).Round(time.Second), p.TimeLimit, max(left, 0), len(p.Hints), len(s.Drill.Hints))
	for _, t := range s.Drill.Tasks {
		mark := "[ ]"
		switch v[t.ID].V {
		case state.Met:
			mark = "[x]"
		case state.Unknown:
			mark = "[?]"
		}
		fmt.Fprintf(out, "  %s %s: %s\n", mark, t.Title, v[t.ID].Why)
	}
	fmt.Fprintf(out, "learner shells: %s\n", cmpOr(strings.Join(p.Shells, ", "), "none yet (saltlab drill shell SERVICE)"))
	return nil
}

// ShellArgv prepares a learner shell in service (the rc file that records
// each command) and returns the docker CLI's command line that opens it.
func (s *Session) ShellArgv(ctx context.Context, service string) ([]string, error) {
	if !slices.Contains(s.Progress.Services, service) {
		return nil, usage.Errorf("drill shell %s: no such service; the lab has %s", service, strings.Join(s.Progress.Services, ", "))
	}
	r, err := s.lab.Exec(ctx, service, installArgv())
	if err != nil {
		if st, down := (execer{s.lab}).Down(ctx, service); down {
			return nil, fmt.Errorf("drill shell %s: its container is %s: nothing in it runs, so no shell reaches it", service, st)
		}
		return nil, fmt.Errorf("prepare the shell in %s: %w", service, err)
	}
	if r.ExitCode != 0 {
		return nil, fmt.Errorf("prepare the shell in %s: exit %d: %s", service, r.ExitCode, client.LastLine(r.Stderr, r.Stdout))
	}
	p, err := state.Update(s.RunDir, func(p *state.Progress) {
		if !slices.Contains(p.Shells, service) {
			p.Shells = append(p.Shells, service)
		}
	})
	if err != nil {
		return nil, err
	}
	s.Progress.Shells = p.Shells
	return []string{"docker", "exec", "-it", "-e", "TERM=" + cmpOr(os.Getenv("TERM"), "xterm"), s.lab.ContainerName(service), "bash", "--rcfile", learnerRC, "-i"}, nil
}

// Shell runs the learner's shell in service on this terminal.
func (s *Session) Shell(ctx context.Context, service string) error {
	argv, err := s.ShellArgv(ctx, service)
	if err != nil {
		return err
	}
	bin, err := exec.LookPath(argv[0])
	if err != nil {
		return fmt.Errorf("open a shell: the docker command line tool is not on PATH (%v): install docker.io, or run %s by hand", err, strings.Join(argv[1:], " "))
	}
	c := exec.CommandContext(ctx, bin, argv[1:]...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = c.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return nil // the shell's own exit code is the learner's business
	}
	return err
}

// Stop ends the drill: the learner's last commands read, every fault
// healed, the tasks judged, the debrief written to the run folder and
// printed, and the lab removed.
func (s *Session) Stop(ctx context.Context, out io.Writer) (debrief.Debrief, error) {
	db, err := s.Conclude(ctx, out)
	return db, errors.Join(err, s.end(ctx))
}

// Conclude is Stop but for the lab, which stays up with the incident
// healed: the self-test plays its next round on it (Rearm).
func (s *Session) Conclude(ctx context.Context, out io.Writer) (debrief.Debrief, error) {
	s.collect(ctx)
	v := s.Probe(ctx)
	s.note(v, time.Now())
	end := time.Now()
	herr := s.heal(ctx)
	h, rerr := history.Read(s.hist.Path())
	db := debrief.Judge(s.Drill, s.Progress, v, h, end)
	ref, referr := debrief.FindReference(s.reports, s.Drill, s.Progress)
	if ref != nil {
		db.Reference = ref.Summary(s.Drill)
	}
	cmp := debrief.Compare(s.Drill, s.Progress, db, h, ref, referr)
	s.Progress.Ended = end
	// The report first: it writes a scenario-shaped junit.xml, which the
	// debrief's (a case per task) then replaces.
	werr := errors.Join(debrief.WriteReport(s.RunDir, s.Drill, s.Progress, db, s.runInfo(ctx), cmp), debrief.Write(s.RunDir, s.Drill, db))
	fmt.Fprint(out, debrief.Text(s.Drill, db))
	if text, err := spec.ReadFile(filepath.Join(s.Drill.Dir, s.Drill.Debrief)); err == nil {
		fmt.Fprintf(out, "\n%s\n", strings.TrimSpace(string(text)))
	}
	fmt.Fprintf(out, "\ndebrief: %s (timeline: %s)\n", filepath.Join(s.RunDir, debrief.DebriefName), filepath.Join(s.RunDir, debrief.HTMLName))
	return db, errors.Join(herr, rerr, werr, s.save())
}

// end saves the progress and removes the lab (its event streams ended
// first: they would retry against containers that are gone).
func (s *Session) end(ctx context.Context) error {
	if s.Progress.Ended.IsZero() {
		s.Progress.Ended = time.Now()
	}
	s.stopEvents()
	return errors.Join(s.save(), bringup.Down(ctx, s.Progress.RunID))
}

// Abandon ends the drill without a debrief (reset): heal, remove the lab.
func (s *Session) Abandon(ctx context.Context) error {
	s.Progress.Mode = "reset"
	return errors.Join(s.heal(ctx), s.end(ctx))
}

// StopWithoutLab ends a drill whose lab is gone (removed by `saltlab down`,
// or never left after a crash): nothing is left to heal or probe, so
// every task is unknown, and the debrief is judged from the history alone.
func StopWithoutLab(o Options, runID string, why error, out io.Writer) (debrief.Debrief, error) {
	runDir := runstate.Dir(o.Reports, runID)
	p, err := state.Update(runDir, func(p *state.Progress) {
		if p.Ended.IsZero() {
			p.Ended = time.Now()
		}
	})
	if err != nil {
		return debrief.Debrief{}, err
	}
	d, err := spec.Load(o.Drills, p.Drill)
	if err != nil {
		return debrief.Debrief{}, err
	}
	h, _ := history.Read(filepath.Join(runDir, history.FileName))
	v := state.Verdicts{}
	for _, t := range d.Tasks {
		v[t.ID] = struct {
			V   state.Verdict
			Why string
		}{state.Unknown, fmt.Sprintf("the drill's lab is gone (%v)", why)}
	}
	db := debrief.Judge(d, p, v, h, p.Ended)
	if ref, _ := debrief.FindReference(o.Reports, d, p); ref != nil {
		db.Reference = ref.Summary(d)
	}
	werr := debrief.Write(runDir, d, db)
	fmt.Fprint(out, debrief.Text(d, db))
	return db, werr
}
