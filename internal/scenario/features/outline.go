package features

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Parse parses one feature file and compiles its pickles, with ids
// counted from zero for this file alone.
func Parse(path string, b []byte) (*messages.GherkinDocument, []*messages.Pickle, error) {
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

// RowNames names godog's pickles with report.RowName. godog numbers the ids of
// every feature file of a run from one counter, so its ids are not those
// of the file parsed alone; but a row's id minus its scenario's id is the
// same in both (one file's nodes are numbered in one go), and with the
// pickle's name it finds the row.
type RowNames struct {
	mu    sync.Mutex
	files map[string]parsedFeature
}

type parsedFeature struct {
	doc     *messages.GherkinDocument
	pickles []*messages.Pickle
	err     error
}

// Name is report.RowName of godog's pickle p; p's own name when its file cannot
// be read again (it was, moments ago, by godog).
func (r *RowNames) Name(p *messages.Pickle) string {
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
			return report.RowName(f.doc, lp)
		}
	}
	return p.Name
}

func (r *RowNames) parsed(path string) parsedFeature {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.files[path]; ok {
		return f
	}
	var f parsedFeature
	b, err := userfile.ReadFile(path, userfile.Text)
	if err == nil {
		f.doc, f.pickles, err = Parse(path, b)
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
