package console

import (
	"fmt"
	"io"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"github.com/cucumber/godog"
	"github.com/cucumber/godog/formatters"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// FormatName is the godog format of this package's formatter. A run
// names it in godog.Options.Format (beside "junit:<file>", which stays
// godog's) with Options.Output set to its Lab's Events.
const FormatName = "saltlab-console"

// godog makes a formatter from a registered name and a writer it wraps
// (to strip colours), so a formatter cannot be handed its console: it
// tells its Lab in events, one JSON line each, through that writer.
// Registered once, as godog's own formatters are.
func init() {
	godog.Format(FormatName, "the saltlab console: scenarios, steps and their ends as events (internal/run/console)", newFormatter)
}

func newFormatter(_ string, out io.Writer) formatters.Formatter {
	return &formatter{out: out, docs: map[string]*messages.GherkinDocument{}, steps: map[string]stepAt{}, scenarios: map[string]*scenarioState{}}
}

// formatter turns godog's callbacks into console events: a scenario's
// start under the name the reports give it (report.RowName), every step
// with where it is written and defined, and the scenario's end with the
// step and error that failed it.
type formatter struct {
	out       io.Writer
	docs      map[string]*messages.GherkinDocument // by feature file
	steps     map[string]stepAt                    // by the Gherkin step's id
	scenarios map[string]*scenarioState            // by pickle id
	counts    map[string]int                       // scenario and step ends by status, for Summary
}

// stepAt is a Gherkin step's keyword and the line of its feature file.
type stepAt struct {
	keyword string
	line    int64
}

// scenarioState is a scenario's steps so far.
type scenarioState struct {
	left   int    // steps without a result yet
	status string // the worst so far
	step   string // the step that set it
	err    string
}

// statuses are godog's step statuses, the best first: a scenario's status
// is its worst step's.
func statuses() []string {
	return []string{"passed", "skipped", "pending", "undefined", "ambiguous", "failed"}
}

func (f *formatter) emit(ev Event) { _, _ = f.out.Write(encode(ev)) }

func (f *formatter) TestRunStarted() {}

func (f *formatter) Feature(doc *messages.GherkinDocument, uri string, _ []byte) {
	f.docs[uri] = doc
	if doc.Feature == nil {
		return
	}
	var index func(children []*messages.FeatureChild)
	index = func(children []*messages.FeatureChild) {
		for _, c := range children {
			var steps []*messages.Step
			switch {
			case c.Background != nil:
				steps = c.Background.Steps
			case c.Scenario != nil:
				steps = c.Scenario.Steps
			case c.Rule != nil:
				rule := make([]*messages.FeatureChild, 0, len(c.Rule.Children))
				for _, rc := range c.Rule.Children {
					rule = append(rule, &messages.FeatureChild{Background: rc.Background, Scenario: rc.Scenario})
				}
				index(rule)
			}
			for _, s := range steps {
				f.steps[s.Id] = stepAt{keyword: s.Keyword, line: s.Location.Line}
			}
		}
	}
	index(doc.Feature.Children)
}

func (f *formatter) Pickle(p *messages.Pickle) {
	f.scenarios[p.Id] = &scenarioState{left: len(p.Steps), status: "passed"}
	f.emit(Event{Kind: Scenario, Text: report.RowName(f.docs[p.Uri], p)})
}

func (f *formatter) Defined(*messages.Pickle, *messages.PickleStep, *formatters.StepDefinition) {}

func (f *formatter) Passed(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition) {
	f.result(p, s, d, "passed", nil)
}

func (f *formatter) Failed(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition, err error) {
	f.result(p, s, d, "failed", err)
}

func (f *formatter) Skipped(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition) {
	f.result(p, s, d, "skipped", nil)
}

func (f *formatter) Undefined(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition) {
	f.result(p, s, d, "undefined", nil)
}

func (f *formatter) Pending(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition) {
	f.result(p, s, d, "pending", nil)
}

func (f *formatter) Ambiguous(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition, err error) {
	f.result(p, s, d, "ambiguous", err)
}

// result tells a step's end, and its scenario's once every step has one
// (godog gives each step exactly one result).
func (f *formatter) result(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition, status string, err error) {
	text, where := f.describe(p, s, d)
	ev := Event{Kind: Step, Text: text, Status: status, Where: where}
	if err != nil {
		ev.Error = err.Error()
	}
	f.emit(ev)
	f.count("step " + status)
	sc := f.scenarios[p.Id]
	if sc == nil {
		return
	}
	if slices.Index(statuses(), status) > slices.Index(statuses(), sc.status) {
		sc.status, sc.step, sc.err = status, text, ev.Error
	}
	if sc.left--; sc.left > 0 {
		return
	}
	delete(f.scenarios, p.Id)
	f.count("scenario " + sc.status)
	f.emit(Event{Kind: End, Status: sc.status, Text: sc.step, Error: sc.err})
}

// describe is a step as its feature file writes it ("Given the lab is
// healthy") and where: the file and line, and the function that defines
// it (godog's own location names the loop that registers every step).
func (f *formatter) describe(p *messages.Pickle, s *messages.PickleStep, d *formatters.StepDefinition) (text, where string) {
	text = s.Text
	var at []string
	if len(s.AstNodeIds) > 0 {
		if st, ok := f.steps[s.AstNodeIds[0]]; ok {
			text = st.keyword + s.Text
			at = append(at, fmt.Sprintf("%s:%d", p.Uri, st.line))
		}
	}
	if d != nil && d.Handler != nil {
		if fn := runtime.FuncForPC(reflect.ValueOf(d.Handler).Pointer()); fn != nil {
			name := fn.Name()
			at = append(at, name[strings.LastIndex(name, "/")+1:])
		}
	}
	return text, strings.Join(at, ", ")
}

func (f *formatter) count(what string) {
	if f.counts == nil {
		f.counts = map[string]int{}
	}
	f.counts[what]++
}

// Summary tells godog's count of the lab's scenarios and steps.
func (f *formatter) Summary() {
	part := func(kind string) string {
		total := 0
		var by []string
		for _, st := range statuses() {
			if n := f.counts[kind+" "+st]; n > 0 {
				total += n
				by = append(by, fmt.Sprintf("%d %s", n, st))
			}
		}
		return fmt.Sprintf("%d %ss (%s)", total, kind, strings.Join(by, ", "))
	}
	f.emit(Event{Kind: Suite, Text: "godog: " + part("scenario") + ", " + part("step")})
}
