// Package features reads the Gherkin feature files of a run: it checks,
// before any container starts, that every step matches exactly one of the
// phrases the steps define, lists the scenarios with their tags, and names
// a Scenario Outline's rows as the reports and the history name them.
package features

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Scenario is one scenario (one pickle: an outline yields one per example
// row) as Check found it.
type Scenario struct {
	Name    string // godog's: an outline's title with its <placeholders> filled
	Row     string // report.RowName: what reports and the history call it
	Feature string
	File    string
	Tags    []string // with their "@", inherited from the feature and rule
	Steps   []string // the steps' texts, an outline row's values filled in
}

// Check parses every .feature file under paths and verifies that every step
// of every scenario matches exactly one of phrases, the step definitions'
// patterns. It runs before any
// container starts, so a malformed feature file or an unknown step costs
// nothing and names the file, line and step. It returns the scenarios, so
// the caller can tell up front which ones a tag expression selects.
func Check(paths []string, phrases []*regexp.Regexp) ([]Scenario, error) {
	files, err := featureFiles(paths)
	if err != nil {
		return nil, err
	}
	var all []Scenario
	var errs []error
	for _, f := range files {
		b, err := userfile.ReadFile(f, userfile.Text)
		if err != nil {
			errs = append(errs, fmt.Errorf("read feature %s: %w", f, err))
			continue
		}
		sc, ferrs := checkFeature(f, b, phrases)
		all = append(all, sc...)
		errs = append(errs, ferrs...)
	}
	return all, errors.Join(errs...)
}

func featureFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".feature") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("find feature files: %w", err)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("find feature files: none under %s", strings.Join(paths, ", "))
	}
	sort.Strings(files)
	return files, nil
}

func checkFeature(path string, b []byte, re []*regexp.Regexp) ([]Scenario, []error) {
	doc, pickles, err := Parse(path, b)
	if err != nil {
		return nil, []error{err}
	}
	lines := stepLines(doc)
	var errs []error
	out := make([]Scenario, 0, len(pickles))
	for _, p := range pickles {
		sc := Scenario{Name: p.Name, Row: report.RowName(doc, p), Feature: doc.Feature.Name, File: path}
		for _, t := range p.Tags {
			sc.Tags = append(sc.Tags, t.Name)
		}
		for _, st := range p.Steps {
			sc.Steps = append(sc.Steps, st.Text)
		}
		out = append(out, sc)
		if err := roles.CheckTags(sc.Tags); err != nil {
			errs = append(errs, fmt.Errorf("%s: scenario %q: %w", path, p.Name, err))
		}
		for _, st := range p.Steps {
			n := 0
			for _, r := range re {
				if r.MatchString(st.Text) {
					n++
				}
			}
			where := path
			if len(st.AstNodeIds) > 0 {
				if l, ok := lines[st.AstNodeIds[0]]; ok {
					where += ":" + strconv.FormatInt(l, 10)
				}
			}
			switch {
			case n == 0:
				errs = append(errs, fmt.Errorf("%s: undefined step %q in scenario %q (strict mode: every step must match a definition; see steps/definitions.go)", where, st.Text, p.Name))
			case n > 1:
				errs = append(errs, fmt.Errorf("%s: ambiguous step %q in scenario %q matches %d definitions", where, st.Text, p.Name, n))
			}
		}
	}
	return out, errs
}

// stepLines maps AST step ids to their line numbers.
func stepLines(doc *messages.GherkinDocument) map[string]int64 {
	out := map[string]int64{}
	add := func(steps []*messages.Step) {
		for _, s := range steps {
			out[s.Id] = s.Location.Line
		}
	}
	var walk func(children []*messages.FeatureChild)
	walk = func(children []*messages.FeatureChild) {
		for _, c := range children {
			if c.Background != nil {
				add(c.Background.Steps)
			}
			if c.Scenario != nil {
				add(c.Scenario.Steps)
			}
		}
	}
	walk(doc.Feature.Children)
	for _, c := range doc.Feature.Children {
		if c.Rule == nil {
			continue
		}
		for _, rc := range c.Rule.Children {
			if rc.Background != nil {
				add(rc.Background.Steps)
			}
			if rc.Scenario != nil {
				add(rc.Scenario.Steps)
			}
		}
	}
	return out
}
