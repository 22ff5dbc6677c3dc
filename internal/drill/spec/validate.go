package spec

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// MaxTimeLimit is the longest drill: a lab kept for a learner costs the
// machine, and a training session is an hour or two.
const MaxTimeLimit = 2 * time.Hour

var (
	idRe      = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,40}$`)
	lineRe    = regexp.MustCompile(`^30[0-9][0-9]$`)
	plainRe   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$`)
	serviceRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)
	keyStates = map[string]bool{"accepted": true, "pending": true, "rejected": true, "denied": true, "absent": true}
	levels    = map[string]bool{"easy": true, "medium": true, "hard": true}
	flavours  = map[string]bool{"real": true, "sim": true}
	keyActs   = map[string]bool{KeyAccept: true, KeyReject: true, KeyDelete: true, KeyAutoAccept: true}
)

// validator collects errors, each at the line of the field it is about.
type validator struct {
	file string
	root *yaml.Node
	errs []error
}

// fail records msg about the field at path (keys and list indexes).
func (v *validator) fail(msg string, path ...any) {
	v.errs = append(v.errs, &Error{File: v.file, Line: v.line(path...), Field: fieldName(path), Msg: msg})
}

// line finds the line of path in the document, or of its nearest parent.
func (v *validator) line(path ...any) int {
	n := v.root
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := 0
	for _, p := range path {
		if n == nil {
			break
		}
		line = n.Line
		var next *yaml.Node
		switch k := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == k {
						line, next = n.Content[i].Line, n.Content[i+1]
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && k < len(n.Content) {
				next = n.Content[k]
				line = next.Line
			}
		}
		n = next
	}
	return line
}

func fieldName(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch k := p.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		case int:
			fmt.Fprintf(&b, "[%d]", k)
		}
	}
	return b.String()
}

func (d *Drill) validate(v *validator) {
	if d.Schema != SchemaV1 {
		v.fail(fmt.Sprintf("%q: want %s", d.Schema, SchemaV1), "schema")
	}
	if t := strings.TrimSpace(d.Title); t == "" || len(t) > 100 {
		v.fail("want a title of 1 to 100 characters", "title")
	}
	if !levels[d.Level] {
		v.fail(fmt.Sprintf("%q: want easy, medium or hard", d.Level), "level")
	}
	switch {
	case d.Estimate <= 0:
		v.fail("want how long the drill takes a learner, e.g. 10m", "estimate")
	case d.TimeLimit < d.Estimate:
		v.fail(fmt.Sprintf("%v is shorter than the estimate %v", d.TimeLimit.D(), d.Estimate.D()), "time_limit")
	case d.TimeLimit.D() > MaxTimeLimit:
		v.fail(fmt.Sprintf("%v: at most %v", d.TimeLimit.D(), MaxTimeLimit), "time_limit")
	}
	if !idRe.MatchString(d.Topology) {
		v.fail(fmt.Sprintf("%q: want a topology under compose/, e.g. failover", d.Topology), "topology")
	}
	d.validateSalt(v)
	for i, s := range d.Set {
		if k, _, ok := strings.Cut(s, "="); !ok || !(strings.HasPrefix(k, "minion.") || strings.HasPrefix(k, "master.")) {
			v.fail(fmt.Sprintf("%q: want minion.KEY=VALUE or master.KEY=VALUE, as --set takes", s), "set", i)
		}
	}
	for _, f := range []struct{ key, val string }{{"brief", d.Brief}, {"debrief", d.Debrief}} {
		if !plainRe.MatchString(f.val) {
			v.fail(fmt.Sprintf("%q: want a file name in the drill's folder, e.g. %s.md", f.val, f.key), f.key)
		}
	}
	tasks := d.validateTasks(v)
	d.validateIncident(v, tasks)
	d.validateHints(v, tasks)
	d.validateForbid(v)
	for _, s := range []struct {
		key   string
		steps []Step
	}{{"solution", d.Solution}, {"wrong_fix", d.WrongFix}} {
		if len(s.steps) == 0 {
			v.fail("want at least one step: {service, script}, or {restart|boot|unpause|reconnect: SERVICE}", s.key)
		}
		for i, st := range s.steps {
			validateStep(v, st, true, s.key, i)
		}
	}
}

func (d *Drill) validateSalt(v *validator) {
	if len(d.Salt.Flavours) == 0 {
		v.fail("want the flavours it runs on: [real, sim] or [real]", "salt", "flavours")
	}
	sim, real := false, false
	for i, f := range d.Salt.Flavours {
		if !flavours[f] {
			v.fail(fmt.Sprintf("%q: want real or sim", f), "salt", "flavours", i)
		}
		sim = sim || f == "sim"
		real = real || f == "real"
	}
	if !sim && strings.TrimSpace(d.Salt.NotOnSim) == "" {
		v.fail("a drill left out of the double says why in salt.not_on_sim", "salt", "flavours")
	}
	if !real && strings.TrimSpace(d.Salt.NotOnReal) == "" {
		v.fail("a drill left out of real Salt says why in salt.not_on_real", "salt", "flavours")
	}
	if len(d.Salt.Lines) == 0 {
		v.fail("want the Salt release lines it holds for, e.g. [\"3007\", \"3008\"]", "salt", "lines")
	}
	for i, l := range d.Salt.Lines {
		if !lineRe.MatchString(l) || l < "3006" {
			v.fail(fmt.Sprintf("%q: want a release line 3006 or later, quoted", l), "salt", "lines", i)
		}
	}
}

// validateStep checks a step: a script in a service, or (where actions
// are allowed: solutions and wrong fixes) exactly one verb on a service.
func validateStep(v *validator, s Step, actions bool, path ...any) {
	kinds := 0
	for _, k := range []string{s.Restart, s.Boot, s.Unpause, s.Reconnect} {
		if k != "" {
			kinds++
		}
	}
	if s.Script != "" || s.Service != "" {
		kinds++
	}
	switch {
	case kinds != 1 && actions:
		v.fail("want exactly one of {service, script}, restart, boot, unpause or reconnect", path...)
		return
	case kinds != 1 || (!actions && s.Script == "" && s.Service == ""):
		v.fail("want {service, script}: an incident's script runs in a service (a container's stop or pause is a fault of the catalogue)", path...)
		return
	}
	if verb, svc := s.Action(); verb != "" {
		if !serviceRe.MatchString(svc) {
			v.fail(fmt.Sprintf("%q: want a service of the topology", svc), append(path, verb)...)
		}
		return
	}
	if !serviceRe.MatchString(s.Service) {
		v.fail(fmt.Sprintf("%q: want a service of the topology", s.Service), append(path, "service")...)
	}
	if !plainRe.MatchString(s.Script) {
		v.fail(fmt.Sprintf("%q: want a file name in the drill's folder", s.Script), append(path, "script")...)
	}
}

// validateTasks checks the task graph: unique ids, needs naming earlier
// tasks (so it has no cycle), one probe each. It returns the ids.
func (d *Drill) validateTasks(v *validator) map[string]bool {
	ids := map[string]bool{}
	if len(d.Tasks) == 0 {
		v.fail("want at least one task", "tasks")
	}
	for i, t := range d.Tasks {
		if !idRe.MatchString(t.ID) {
			v.fail(fmt.Sprintf("%q: want lowercase letters, digits and dashes", t.ID), "tasks", i, "id")
		} else if ids[t.ID] {
			v.fail(fmt.Sprintf("%q: a second task with this id", t.ID), "tasks", i, "id")
		}
		if strings.TrimSpace(t.Title) == "" {
			v.fail("want what the learner must bring about", "tasks", i, "title")
		}
		for j, n := range t.Needs {
			if !ids[n] {
				v.fail(fmt.Sprintf("%q: not a task above this one (needs name earlier tasks, so the graph has no cycle)", n), "tasks", i, "needs", j)
			}
		}
		if t.Points < 0 || t.Points > 100 {
			v.fail(fmt.Sprintf("%d: want 0 to 100", t.Points), "tasks", i, "points")
		}
		validateProbe(v, t.Probe, "tasks", i, "probe")
		ids[t.ID] = true
	}
	return ids
}

func validateProbe(v *validator, p Probe, path ...any) {
	n := 0
	need := func(ok bool, msg string, field string) {
		if !ok {
			v.fail(msg, append(path, field)...)
		}
	}
	if p.Ping != nil {
		n++
		need(serviceRe.MatchString(p.Ping.Master), "want the master that asks", "ping")
		need(len(p.Ping.Minions) > 0, "want the minions that must answer", "ping")
	}
	if p.Call != nil {
		n++
		need(serviceRe.MatchString(p.Call.Minion), "want the minion that calls", "call")
	}
	if p.Key != nil {
		n++
		need(serviceRe.MatchString(p.Key.Master) && p.Key.Minion != "", "want master and minion", "key")
		need(keyStates[p.Key.State], fmt.Sprintf("state %q: want accepted, pending, rejected, denied or absent", p.Key.State), "key")
	}
	if p.Process != nil {
		n++
		need(serviceRe.MatchString(p.Process.Service) && p.Process.Program != "", "want service and program", "process")
	}
	if p.Command != nil {
		n++
		need(serviceRe.MatchString(p.Command.Service) && len(p.Command.Argv) > 0, "want service and argv", "command")
	}
	if n != 1 {
		v.fail(fmt.Sprintf("want exactly one of ping, call, key, process or command; got %d", n), path...)
	}
}

func (d *Drill) validateIncident(v *validator, tasks map[string]bool) {
	immediate := 0
	for i, a := range d.Incident {
		switch {
		case (a.Fault == nil) == (a.Script == nil):
			v.fail("want exactly one of fault or script", "incident", i)
		case a.Fault != nil:
			if a.Fault.Kind == "" || !serviceRe.MatchString(a.Fault.Target) {
				v.fail("want a fault kind and one target service", "incident", i, "fault")
			}
		case a.Script != nil:
			validateStep(v, *a.Script, false, "incident", i, "script")
		}
		if a.Start == nil {
			immediate++
			continue
		}
		if a.Start.AfterTask == "" && a.Start.Delay == "" {
			v.fail("want after_task, delay or both", "incident", i, "start")
		}
		if a.Start.AfterTask != "" && !tasks[a.Start.AfterTask] {
			v.fail(fmt.Sprintf("%q: not a task of this drill", a.Start.AfterTask), "incident", i, "start", "after_task")
		}
		if a.Start.Delay != "" {
			if _, _, err := ParseWindow(a.Start.Delay); err != nil {
				v.fail(err.Error(), "incident", i, "start", "delay")
			}
		}
	}
	if immediate == 0 {
		v.fail("want at least one action that starts with the drill (no start)", "incident")
	}
}

func (d *Drill) validateHints(v *validator, tasks map[string]bool) {
	if len(d.Hints) == 0 {
		v.fail("want at least one hint; the last is the lab's diagnosis (diagnosis: true)", "hints")
		return
	}
	for i, h := range d.Hints {
		if strings.TrimSpace(h.Text) == "" {
			v.fail("want the hint's text", "hints", i, "text")
		}
		if h.Cost < 0 || h.Cost > 100 {
			v.fail(fmt.Sprintf("%d: want 0 to 100 points", h.Cost), "hints", i, "cost")
		}
		if h.UnlessMet != "" && !tasks[h.UnlessMet] {
			v.fail(fmt.Sprintf("%q: not a task of this drill", h.UnlessMet), "hints", i, "unless_met")
		}
		if h.Diagnosis != (i == len(d.Hints)-1) {
			v.fail("the last hint, and only it, is the diagnosis (diagnosis: true)", "hints", i)
		}
	}
}

func (d *Drill) validateForbid(v *validator) {
	ids := map[string]bool{}
	for i, f := range d.Forbid {
		if !idRe.MatchString(f.ID) || ids[f.ID] {
			v.fail(fmt.Sprintf("%q: want a unique id", f.ID), "forbid", i, "id")
		}
		ids[f.ID] = true
		if strings.TrimSpace(f.Text) == "" {
			v.fail("want what the learner must not do", "forbid", i, "text")
		}
		if (f.Command == "" && f.Key == nil) == (f.RestartAll == "") {
			v.fail("want command, key or both, or else restart_all", "forbid", i)
		}
		if k := f.Key; k != nil {
			if !keyActs[k.Act] {
				v.fail(fmt.Sprintf("%q: want accept, reject, delete or auto-accept", k.Act), "forbid", i, "key", "act")
			}
			if k.Minion != "" && k.All != "" {
				v.fail("want minion, all, or neither (any key)", "forbid", i, "key")
			}
			if k.All != "" && !serviceRe.MatchString(k.All) {
				v.fail(fmt.Sprintf("%q: want a service name prefix, e.g. salt-minion-", k.All), "forbid", i, "key", "all")
			}
		}
		if f.Command != "" {
			if _, err := regexp.Compile(f.Command); err != nil {
				v.fail(fmt.Sprintf("not a regular expression: %v", err), "forbid", i, "command")
			}
		}
		if f.Penalty < 0 || f.Penalty > 100 {
			v.fail(fmt.Sprintf("%d: want 0 to 100 points", f.Penalty), "forbid", i, "penalty")
		}
	}
}

// ParseWindow reads a delay window: "45s" (exactly) or "30s-90s" (at a
// random moment in it).
func ParseWindow(s string) (lo, hi time.Duration, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	if lo, err = time.ParseDuration(strings.TrimSpace(a)); err == nil {
		hi, err = time.ParseDuration(strings.TrimSpace(b))
	}
	if err != nil || lo < 0 || hi < lo || hi > MaxTimeLimit {
		return 0, 0, fmt.Errorf("%q: want a delay such as 45s, or a window such as 30s-90s (at most %v)", s, MaxTimeLimit)
	}
	return lo, hi, nil
}

// Pick draws a moment in [lo, hi].
func Pick(lo, hi time.Duration) time.Duration {
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(rand.Int64N(int64(hi-lo)+1))
}

// PointsOf is a task's points (default 10).
func (t Task) PointsOf() int {
	if t.Points == 0 {
		return 10
	}
	return t.Points
}

// PenaltyOf is a forbidden action's penalty (default 20).
func (f Forbid) PenaltyOf() int {
	if f.Penalty == 0 {
		return 20
	}
	return f.Penalty
}
