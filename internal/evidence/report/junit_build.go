package report

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
)

// BuildJUnit renders the summary as JUnit for CI: one <testsuite> per
// feature carrying the run's properties, timestamp and hostname; per
// scenario classname = the feature, name = the scenario (an outline's
// row with its example values, see NameRows), and a failure body naming
// the step, expected versus observed and the evidence paths; an <error> of the scenario's
// status for undefined, pending, ambiguous and interrupted scenarios;
// <skipped/> with the reason; <system-out> with the measurements, the
// verdicts and the timeline in text. where is the run folder as a reader
// finds it (reports/<run id>), prefixed to evidence paths.
func BuildJUnit(sum Summary, ev Evidence, where string) Suites {
	run := sum.Run
	s := Suites{Name: fmt.Sprintf("saltlab %s [%s flavour: %s]", run.Topology, run.Flavor.Name, run.Flavor.Version)}
	props := properties(run)
	at := map[string]int{}
	var total time.Duration
	for _, sc := range sum.Scenarios {
		i, ok := at[sc.Feature]
		if !ok {
			i = len(s.Suites)
			at[sc.Feature] = i
			s.Suites = append(s.Suites, Suite{Name: sc.Feature, Timestamp: run.Started.UTC().Format(time.RFC3339),
				Hostname: run.Host, Properties: append(slices.Clone(props), labProperties(sc, run)...)})
		}
		su := &s.Suites[i]
		c := Case{Name: sc.Name, Classname: sc.Feature, Time: sc.Time, SystemOut: CDATA(systemOut(sc, run, ev))}
		switch sc.Status {
		case StatusPassed:
		case StatusFailed:
			c.Failure = &Problem{Message: sc.Message, Type: StatusFailed, Body: failureBody(sc, ev, where)}
			su.Failures++
		case StatusSkipped:
			c.Skipped = &Skipped{Message: sc.SkipReason}
			su.Skipped++
		default:
			c.Errors = []Problem{{Message: sc.Message, Type: sc.Status, Body: failureBody(sc, ev, where)}}
			su.Errors++
		}
		su.Tests++
		su.Cases = append(su.Cases, c)
		for _, st := range stateJUnit(sc) {
			su.Tests++
			if st.Failure != nil {
				su.Failures++
			}
			su.Cases = append(su.Cases, st)
		}
		d := seconds(sc.Time)
		su.Time = addTime(su.Time, d)
		total += d
	}
	for _, su := range s.Suites {
		s.Tests += su.Tests
		s.Failures += su.Failures
		s.Errors += su.Errors
		s.Skipped += su.Skipped
	}
	s.Time = fmtTime(total)
	return s
}

func properties(run Run) []Property {
	engine := run.Engine
	if engine == "" {
		engine = "unknown"
	}
	props := []Property{
		{Name: "saltlab.run", Value: run.ID},
		{Name: "saltlab.topology", Value: run.Topology},
		{Name: "saltlab.project", Value: run.Project},
		{Name: "saltlab.started", Value: run.Started.UTC().Format(time.RFC3339)},
		{Name: "saltlab.hostname", Value: run.Host},
		{Name: "docker.engine", Value: engine},
		{Name: "salt.flavor", Value: run.Flavor.Name},
		{Name: "salt.version", Value: run.Flavor.Version},
		{Name: "salt.flavor.note", Value: run.Flavor.Disclaimer()},
	}
	for _, p := range []Property{{"salt.route", run.Flavor.Route}, {"salt.versions-report", run.Flavor.VersionsReport}, {"salt.flavor.reason", run.Flavor.Reason}} {
		if p.Value != "" {
			props = append(props, p)
		}
	}
	return props
}

// labProperties name the lab a feature's scenarios ran on, in a run with
// several labs (a feature runs whole on one lab), as its suite's
// properties: the Jenkins schema allows no properties on a testcase,
// whose <system-out> names its lab instead.
func labProperties(sc ScenarioResult, run Run) []Property {
	if sc.Lab == "" {
		return nil
	}
	return []Property{{Name: "saltlab.lab", Value: sc.Lab}, {Name: "saltlab.lab.project", Value: run.labProject(sc.Lab)}}
}

// failureBody is what a CI page shows under a failed scenario: the step,
// expected versus observed, the measurements out of bounds, the invalid
// verdicts, and where the evidence is.
func failureBody(sc ScenarioResult, ev Evidence, where string) string {
	var b strings.Builder
	if sc.Step != "" {
		fmt.Fprintf(&b, "step: %s\n", sc.Step)
	}
	msg := sc.Message
	if _, rest, ok := strings.Cut(msg, "Step "+sc.Step+": "); ok && sc.Step != "" {
		msg = rest
	}
	if exp, obs, ok := expectedObserved(msg); ok {
		sep := " "
		if strings.HasPrefix(obs, "\n") {
			sep = ""
		}
		fmt.Fprintf(&b, "expected: %s\nobserved:%s%s\n", exp, sep, obs)
	} else {
		fmt.Fprintf(&b, "error: %s\n", msg)
	}
	for _, m := range sc.Measurements {
		if !m.Met {
			fmt.Fprintf(&b, "out of bound: %s\n", m)
		}
	}
	var indices []int64
	for _, v := range sc.Verdicts {
		if v.Verdict != checker.Valid {
			fmt.Fprintf(&b, "checker %s: %s: %s\n", v.Checker, v.Verdict, v.Explanation)
			if v.Cause != "" {
				fmt.Fprintf(&b, "cause: %s\nfix: %s\n", v.Cause, v.Fix)
			}
			indices = append(indices, v.Evidence...)
			indices = append(indices, v.CauseEvidence...)
		}
	}
	if len(sc.StepsNotRun) > 0 {
		fmt.Fprintf(&b, "steps not run after it: %s\n", strings.Join(sc.StepsNotRun, "; "))
	}
	slices.Sort(indices)
	indices = slices.Compact(indices)
	b.WriteString("evidence:\n")
	for _, p := range evidencePaths(ev, where, indices) {
		b.WriteString("  " + p + "\n")
	}
	return b.String()
}

// expectedObserved splits a step's "expected X ...; observed: Y" (the
// form every assertion in steps/ uses) into its two halves.
func expectedObserved(msg string) (string, string, bool) {
	i := strings.Index(msg, "expected ")
	if i < 0 {
		return "", "", false
	}
	rest := msg[i+len("expected "):]
	j := strings.Index(rest, "observed")
	if j < 0 {
		return "", "", false
	}
	exp := strings.TrimRight(strings.TrimSpace(rest[:j]), ",;")
	obs := strings.TrimLeft(rest[j+len("observed"):], ": ")
	return exp, obs, true
}

func evidencePaths(ev Evidence, where string, indices []int64) []string {
	f := ev.Files()
	var out []string
	if f.History != "" {
		p := path.Join(where, f.History)
		if len(indices) > 0 {
			p += fmt.Sprintf(" (entries %s)", joinInts(indices))
		}
		out = append(out, p)
	}
	for _, name := range []string{f.Verdicts, f.Ledger} {
		if name != "" {
			out = append(out, path.Join(where, name))
		}
	}
	for _, l := range f.Logs {
		out = append(out, path.Join(where, l))
	}
	out = append(out, path.Join(where, HTMLFile)+" (the timeline)")
	return out
}

func systemOut(sc ScenarioResult, run Run, ev Evidence) string {
	var b strings.Builder
	b.WriteString(run.Flavor.Disclaimer() + "\n")
	if sc.Lab != "" {
		fmt.Fprintf(&b, "lab: %s (project %s)\n", sc.Lab, run.labProject(sc.Lab))
	}
	for _, m := range sc.Measurements {
		b.WriteString(m.String() + "\n")
	}
	for _, v := range sc.Verdicts {
		fmt.Fprintf(&b, "checker %s: %s", v.Checker, v.Verdict)
		if v.Explanation != "" {
			b.WriteString(": " + v.Explanation)
		}
		b.WriteString("\n")
	}
	if text, ok := TextTimeline(sc, ev); ok {
		b.WriteString(text)
	} else {
		b.WriteString("no timeline: no history was recorded and no fault was injected in this scenario\n")
	}
	return b.String()
}

func joinInts(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, ", ")
}

func seconds(s string) time.Duration {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return time.Duration(f * float64(time.Second))
}

func addTime(s string, d time.Duration) string { return fmtTime(seconds(s) + d) }

func fmtTime(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }
