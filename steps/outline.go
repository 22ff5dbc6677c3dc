package steps

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/saltlab/saltlab/internal/userfile"
)

// RowName is the name reports and the history give one pickle. A plain
// scenario keeps its name. A Scenario Outline's row gets the example
// values its title does not already carry, "Stopping a master
// (master=salt-master-1, mode=failover)": godog only substitutes the
// title's <placeholders>, so rows of a title without them would all share
// one name (and JUnit would number them "#1", "#2"), and verdicts and
// timelines could not tell them apart. doc is the document p was compiled
// from, with the same ids.
func RowName(doc *messages.GherkinDocument, p *messages.Pickle) string {
	if doc == nil || doc.Feature == nil || len(p.AstNodeIds) < 2 {
		return p.Name
	}
	sc := scenarioByID(doc.Feature.Children, p.AstNodeIds[0])
	if sc == nil {
		return p.Name
	}
	for _, ex := range sc.Examples {
		if ex.TableHeader == nil {
			continue
		}
		for _, row := range ex.TableBody {
			if row.Id == p.AstNodeIds[1] {
				return withValues(sc.Name, p.Name, ex.TableHeader.Cells, row.Cells)
			}
		}
	}
	return p.Name
}

// withValues appends to name the "column=value" pairs whose column the
// title does not name as a placeholder.
func withValues(title, name string, head, cells []*messages.TableCell) string {
	var pairs []string
	for i, h := range head {
		if i < len(cells) && !strings.Contains(title, "<"+h.Value+">") {
			pairs = append(pairs, h.Value+"="+cells[i].Value)
		}
	}
	if len(pairs) == 0 {
		return name
	}
	return name + " (" + strings.Join(pairs, ", ") + ")"
}

func scenarioByID(children []*messages.FeatureChild, id string) *messages.Scenario {
	for _, c := range children {
		if c.Scenario != nil && c.Scenario.Id == id {
			return c.Scenario
		}
		if c.Rule != nil {
			for _, rc := range c.Rule.Children {
				if rc.Scenario != nil && rc.Scenario.Id == id {
					return rc.Scenario
				}
			}
		}
	}
	return nil
}

// parseFeature parses one feature file and compiles its pickles, with ids
// counted from zero for this file alone.
func parseFeature(path string, b []byte) (*messages.GherkinDocument, []*messages.Pickle, error) {
	ids := &messages.Incrementing{}
	doc, err := gherkin.ParseGherkinDocument(strings.NewReader(string(b)), ids.NewId)
	if err != nil {
		return nil, nil, fmt.Errorf("parse feature %s: %w", path, err)
	}
	if doc.Feature == nil {
		return nil, nil, fmt.Errorf("parse feature %s: no Feature in file", path)
	}
	return doc, gherkin.Pickles(*doc, path, ids.NewId), nil
}

// rowNames names godog's pickles with RowName. godog numbers the ids of
// every feature file of a run from one counter, so its ids are not those
// of the file parsed alone; but a row's id minus its scenario's id is the
// same in both (one file's nodes are numbered in one go), and with the
// pickle's name it finds the row.
type rowNames struct {
	mu    sync.Mutex
	files map[string]parsedFeature
}

type parsedFeature struct {
	doc     *messages.GherkinDocument
	pickles []*messages.Pickle
	err     error
}

// name is RowName of godog's pickle p; p's own name when its file cannot
// be read again (it was, moments ago, by godog).
func (r *rowNames) name(p *messages.Pickle) string {
	if len(p.AstNodeIds) < 2 {
		return p.Name
	}
	f := r.parsed(p.Uri)
	if f.err != nil {
		return p.Name
	}
	want, ok := rowOffset(p)
	for _, lp := range f.pickles {
		if got, lok := rowOffset(lp); ok && lok && got == want && lp.Name == p.Name {
			return RowName(f.doc, lp)
		}
	}
	return p.Name
}

func (r *rowNames) parsed(path string) parsedFeature {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.files[path]; ok {
		return f
	}
	var f parsedFeature
	b, err := userfile.ReadFile(path, userfile.Text)
	if err == nil {
		f.doc, f.pickles, err = parseFeature(path, b)
	}
	f.err = err
	if r.files == nil {
		r.files = map[string]parsedFeature{}
	}
	r.files[path] = f
	return f
}

// rowOffset is an outline pickle's row id minus its scenario id.
func rowOffset(p *messages.Pickle) (int, bool) {
	if len(p.AstNodeIds) < 2 {
		return 0, false
	}
	sc, err1 := strconv.Atoi(p.AstNodeIds[0])
	row, err2 := strconv.Atoi(p.AstNodeIds[1])
	return row - sc, err1 == nil && err2 == nil
}
