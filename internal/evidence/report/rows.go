package report

import "fmt"

// Row is one scenario the run selected, as the feature files give it:
// the file, its feature's name, godog's name for the pickle and the name
// the steps recorded it under (features.RowName).
type Row struct {
	File, Feature, Pickle, Name string
}

// NameRows renames godog's JUnit cases of Scenario Outline rows to their
// row names, the names the history and the verdicts carry. rows are the
// run's selected scenarios in file order, the order godog numbers them
// in. A case godog named otherwise keeps its name, and so does one whose
// feature name two files share with different rows behind one case name.
func NameRows(s Suites, rows []Row) Suites {
	names := junitRenames(rows)
	for i := range s.Suites {
		m := names[s.Suites[i].Name]
		for j := range s.Suites[i].Cases {
			c := &s.Suites[i].Cases[j]
			if n := m[c.Name]; n != "" {
				c.Name = n
			}
		}
	}
	return s
}

// junitRenames maps feature name -> godog's case name -> row name. godog
// names a case after its pickle and, when the pickle's name occurs more
// than once among the file's selected pickles, appends " #n" in file
// order. Rows named as godog names them are left out, so a duplicate
// plain scenario keeps godog's "#n".
func junitRenames(rows []Row) map[string]map[string]string {
	type key struct{ file, pickle string }
	count := map[key]int{}
	for _, r := range rows {
		count[key{r.File, r.Pickle}]++
	}
	seen := map[key]int{}
	out := map[string]map[string]string{}
	for _, r := range rows {
		k := key{r.File, r.Pickle}
		godog := r.Pickle
		if count[k] > 1 {
			seen[k]++
			godog += fmt.Sprintf(" #%d", seen[k])
		}
		if r.Name == r.Pickle {
			continue
		}
		m := out[r.Feature]
		if m == nil {
			m = map[string]string{}
			out[r.Feature] = m
		}
		if prev, ok := m[godog]; ok && prev != r.Name {
			m[godog] = "" // two files, one feature name: ambiguous
			continue
		}
		m[godog] = r.Name
	}
	return out
}
