package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/saltlab/saltlab/internal/drill"
	"github.com/saltlab/saltlab/internal/drill/board"
	"github.com/saltlab/saltlab/internal/drill/selftest"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/usage"
)

const drillUsage = `usage: saltlab drill <verb> [flags]

The training sandbox: incident drills on a live lab, judged from what happened.
  list                       the drills under --drills, easy to hard
  lint NAME...               check drill files without a lab
  start NAME [--salt real|sim] [--detach]
                             bring the lab up, inject the incident, print the brief, watch the tasks
  resume                     watch the drill in flight again (after Ctrl-C or a closed terminal)
  shell [SERVICE]            a shell in a lab container; every command is recorded (default salt-master-1)
  restart SERVICE            restart a lab container, as a host reboot would (recorded)
  boot SERVICE               start a stopped lab container, as powering a host on (recorded)
  unpause SERVICE            resume a paused lab container, as a frozen VM resumed (recorded)
  reconnect SERVICE          restore a lab host's network (the drill's network faults on it undone), as the network team mending a link (recorded)
  status                     tasks, time left, hints used
  hint                       the next hint (it costs points)
  reset                      the incident again from its start, on the same lab when the drill allows
                             (seconds), else on a fresh one; the timer starts again
  stop                       heal the incident, judge, print and write the debrief, remove the lab
  test NAME [--salt sim]     the drill's self-test: the incident breaks every task, the wrong fix
                             is rejected, the solution meets every task in time
  board [--addr 127.0.0.1:0] the instructor's board: a local web page of every drill in flight, live;
                             prints its URL (with this session's token) once
Learners: docs/training.md.
`

// drillFlags are the flags every drill verb shares.
type drillFlags struct {
	drills, reports, root, run, salt, saltVersion, addr string
	detach                                              bool
}

func (f *drillFlags) register(fs *flag.FlagSet, verb string) {
	fs.StringVar(&f.drills, "drills", "drills", "the drill catalogue folder")
	fs.StringVar(&f.reports, "reports", "reports", "directory for reports/<run id>/")
	fs.StringVar(&f.root, "root", ".", "saltlab checkout (compose/, images/)")
	switch verb {
	case "start", "test", "reset":
		fs.StringVar(&f.salt, "salt", os.Getenv("SALT"), "Salt flavour: real or sim (default: the drill's first flavour; env SALT)")
		settings.SaltVersionFlag(fs, &f.saltVersion)
	}
	if verb == "start" || verb == "reset" {
		fs.BoolVar(&f.detach, "detach", false, "start the drill and return without watching it (`saltlab drill resume` watches)")
	}
	if verb == "board" {
		fs.StringVar(&f.addr, "addr", "127.0.0.1:0", "drill board: the loopback address to serve on (port 0: a free one)")
		return
	}
	if verb != "start" && verb != "test" && verb != "list" && verb != "lint" && verb != "reset" {
		fs.StringVar(&f.run, "run", "", "the drill's run id (default: the only drill in flight)")
	}
}

func (f *drillFlags) options(out io.Writer) drill.Options {
	return drill.Options{Drills: f.drills, Reports: f.reports, Root: f.root, Log: out}
}

func cmdDrill(ctx context.Context, args []string, out, errOut io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		if len(args) == 0 {
			fmt.Fprint(errOut, drillUsage)
			return usage.Errorf("drill: name a verb: list, lint, start, resume, shell, restart, boot, unpause, reconnect, status, hint, reset, stop, test or board")
		}
		fmt.Fprint(out, drillUsage)
		// Every verb's flags, in the flag package's form, after the usage.
		var f drillFlags
		fs := newFlags("drill", "drill", errOut)
		f.register(fs, "reset")
		fs.StringVar(&f.run, "run", "", "the drill's run id (default: the only drill in flight)")
		fs.StringVar(&f.addr, "addr", "127.0.0.1:0", "drill board: the loopback address to serve on (port 0: a free one)")
		fmt.Fprintln(errOut, "Flags (each verb takes those that apply to it):")
		fs.PrintDefaults()
		return nil
	}
	verb := args[0]
	maxArgs := map[string]int{"list": 0, "lint": -1, "start": 1, "resume": 0, "shell": 1, "restart": 1, "boot": 1, "unpause": 1, "reconnect": 1, "status": 0, "hint": 0, "reset": 0, "stop": 0, "test": 1, "board": 0}
	n, ok := maxArgs[verb]
	if !ok {
		fmt.Fprint(errOut, drillUsage)
		return usage.Errorf("drill: unknown verb %q", verb)
	}
	var f drillFlags
	fs := newFlags("drill "+verb, "drill "+verb, errOut)
	f.register(fs, verb)
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return usageErr(err)
	}
	if n >= 0 && len(pos) > n {
		return usage.Errorf("drill %s: want at most %d argument(s), got %q", verb, n, pos)
	}
	if (verb == "start" || verb == "test" || slices.Contains(spec.Verbs, verb)) && len(pos) == 0 {
		what := "a service"
		if verb == "start" || verb == "test" {
			what = "a drill (`saltlab drill list`)"
		}
		return usage.Errorf("drill %s: name %s", verb, what)
	}
	if f.salt != "" && f.salt != "real" && f.salt != "sim" {
		return usage.Errorf("drill %s --salt %s: want real or sim", verb, f.salt)
	}
	switch verb {
	case "list":
		return drillList(f, out)
	case "lint":
		return drillLint(f, pos, out)
	case "start", "test":
		return drillStart(ctx, verb, f, pos[0], out)
	case "board":
		return drillBoard(ctx, f, out)
	}
	o := f.options(out)
	if verb == "reset" {
		return drillReset(ctx, f, out)
	}
	s, err := drill.Resume(ctx, o, f.run)
	if err != nil && verb == "stop" && !usage.Is(err) {
		// The lab is gone: end the drill on its history alone.
		id, werr := drill.Which(f.reports, f.run)
		if werr != nil {
			return werr
		}
		_, serr := drill.StopWithoutLab(o, id, err, out)
		return serr
	}
	if err != nil {
		return err
	}
	defer s.Close()
	switch verb {
	case "resume":
		_, err = s.Console(ctx, out)
	case "shell":
		service := "salt-master-1"
		if len(pos) > 0 {
			service = pos[0]
		}
		fmt.Fprintf(out, "drill: a shell in %s; every command is recorded for the debrief; `exit` leaves it\n", service)
		err = s.Shell(ctx, service)
	case spec.VerbRestart, spec.VerbBoot, spec.VerbUnpause, spec.VerbReconnect:
		err = s.Act(ctx, verb, pos[0], out)
	case "status":
		err = s.Status(ctx, out)
	case "hint":
		err = s.Hint(ctx, out)
	case "stop":
		_, err = s.Stop(ctx, out)
	}
	return err
}

func drillList(f drillFlags, out io.Writer) error {
	names, err := spec.List(f.drills)
	if err != nil {
		return usage.Wrap(err)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DRILL\tLEVEL\tTIME\tTOPOLOGY\tSALT\tTITLE")
	order := map[string]int{"easy": 0, "medium": 1, "hard": 2}
	var ds []*spec.Drill
	for _, n := range names {
		d, err := spec.Load(f.drills, n)
		if err != nil {
			return err
		}
		ds = append(ds, d)
	}
	slices.SortStableFunc(ds, func(a, b *spec.Drill) int { return order[a.Level] - order[b.Level] })
	for _, d := range ds {
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\t%s\t%s\n", d.Name, d.Level, d.Estimate.D(), d.Topology, strings.Join(d.Salt.Flavours, ","), d.Title)
	}
	tw.Flush()
	fmt.Fprintln(out, "\nStart one: saltlab drill start NAME [--salt real|sim]")
	return nil
}

func drillLint(f drillFlags, names []string, out io.Writer) error {
	if len(names) == 0 {
		var err error
		if names, err = spec.List(f.drills); err != nil {
			return usage.Wrap(err)
		}
	}
	var errs []string
	for _, n := range names {
		if _, err := drill.Lint(f.drills, f.root, n); err != nil {
			errs = append(errs, err.Error())
			continue
		}
		fmt.Fprintf(out, "drill %s: ok\n", n)
	}
	if len(errs) > 0 {
		return usage.Errorf("drill lint:\n%s", strings.Join(errs, "\n"))
	}
	return nil
}

func drillStart(ctx context.Context, verb string, f drillFlags, name string, out io.Writer) error {
	o := drill.StartOptions{Options: f.options(out), Name: name, Flavor: f.salt, SaltVersion: f.saltVersion, Mode: "learner"}
	if _, _, err := drill.Prepare(o); err != nil {
		return err
	}
	dir, err := settings.StateRoot()
	if err != nil {
		return err
	}
	o.StateDir = dir
	if verb == "test" {
		_, err := selftest.Run(ctx, o, out)
		return err
	}
	s, err := drill.Start(ctx, o)
	if err != nil {
		return err
	}
	defer s.Close()
	brief, err := spec.ReadFile(filepath.Join(s.Drill.Dir, s.Drill.Brief))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\n== drill %s: %s (%s, about %v, time limit %v)\n\n%s\n\n", s.Drill.Name, s.Drill.Title, s.Drill.Level, s.Drill.Estimate.D(), s.Drill.TimeLimit.D(), strings.TrimSpace(string(brief)))
	fmt.Fprintf(out, "In another terminal:\n  saltlab drill shell [SERVICE]   a shell in a lab container (services: %s)\n  saltlab drill status | hint | restart|boot|unpause|reconnect SERVICE | reset | stop\n\n", strings.Join(s.Progress.Services, ", "))
	if f.detach {
		return nil
	}
	_, err = s.Console(ctx, out)
	return err
}

func drillReset(ctx context.Context, f drillFlags, out io.Writer) error {
	o := f.options(out)
	id, err := drill.Which(f.reports, f.run)
	if err != nil {
		return err
	}
	s, err := drill.Resume(ctx, o, id)
	if err != nil {
		return err
	}
	name, flavor := s.Drill.Name, s.Progress.Flavor
	watched := s.Watched()
	r, err := s.Reset(ctx)
	if err != nil || !r.Rearmed {
		s.Close()
	}
	if err != nil {
		return err
	}
	if r.Rearmed {
		defer s.Close()
		fmt.Fprintf(out, "drill %s: reset on the same lab (run %s): every fault healed through the ledger, the incident injected again; the timer starts again (%v); your earlier commands stay in the history, this round is judged from now\n", name, id, s.Progress.TimeLimit)
		if watched {
			fmt.Fprintln(out, "drill: the console watching this drill goes on with the new round")
			return nil
		}
		if f.detach {
			return nil
		}
		_, err = s.Console(ctx, out)
		return err
	}
	fmt.Fprintf(out, "drill %s: the old lab is removed; a fresh one with the incident again (the same lab could not be reused: %s)\n", name, r.NewLab)
	f.salt = flavor
	return drillStart(ctx, "start", f, name, out)
}

// drillBoard serves the instructor's board until ctx ends (Ctrl-C).
func drillBoard(ctx context.Context, f drillFlags, out io.Writer) error {
	l, err := board.Listen(f.addr)
	if err != nil {
		return err
	}
	ask := func(ctx context.Context, runID string) (board.LabStatus, error) {
		r, err := ops.Status(ctx, ops.Which{ID: runID, Reports: f.reports}, io.Discard)
		return board.LabStatus{Report: r}, err
	}
	srv, err := board.NewServer(&board.Source{Reports: f.reports, Drills: f.drills, Lab: ask, LabInterval: board.LabInterval, Ctx: ctx})
	if err != nil {
		l.Close()
		return err
	}
	fmt.Fprintf(out, "drill board: %s\n(this machine only; the token is this session's: keep the URL to yourself; Ctrl-C stops the board, not the drills)\n", srv.URL(l))
	return srv.Serve(ctx, l)
}
