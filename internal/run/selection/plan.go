package selection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// Plan is one lab of a run and the scenarios it runs.
type Plan struct {
	Name  string       // "" for a run's only lab; lab1, lab2, ... with --parallel
	Paths []string     // the feature paths godog runs on it
	Rows  []report.Row // its selected scenarios, in file order
}

// PlanLabs spreads the selected scenarios (rows, in file order) over at
// most n labs, a feature file at a time: the scenarios of one feature run
// in one lab, in their order, as they do in a run with one lab, so a
// feature whose scenarios build on each other (a key deleted in one and
// accepted in the next, a Background's setup) still works. The split is
// deterministic, the longest-first rule: features by scenario count,
// most first (ties in file order), each to the lab with the fewest
// scenarios so far (ties to the lower lab). A lab gets no feature only
// when there are fewer features than labs, and is then left out. One lab
// (n is 1, or the selection is one feature) runs the paths given,
// unsplit, exactly as a run without --parallel.
func PlanLabs(features []string, rows []report.Row, n int) []Plan {
	var files []string
	byFile := map[string][]report.Row{}
	for _, r := range rows {
		if _, ok := byFile[r.File]; !ok {
			files = append(files, r.File)
		}
		byFile[r.File] = append(byFile[r.File], r)
	}
	if n <= 1 || len(files) <= 1 {
		return []Plan{{Paths: features, Rows: rows}}
	}
	order := slices.Clone(files)
	slices.SortStableFunc(order, func(a, b string) int { return len(byFile[b]) - len(byFile[a]) })
	load := make([]int, min(n, len(files)))
	owner := map[string]int{}
	for _, f := range order {
		at := 0
		for i := range load {
			if load[i] < load[at] {
				at = i
			}
		}
		owner[f] = at
		load[at] += len(byFile[f])
	}
	plans := make([]Plan, len(load))
	for i := range plans {
		plans[i].Name = fmt.Sprintf("lab%d", i+1)
	}
	for _, f := range files { // file order within each lab
		p := &plans[owner[f]]
		p.Paths = append(p.Paths, f)
		p.Rows = append(p.Rows, byFile[f]...)
	}
	return plans
}

// DescribePlans names each lab's features and scenario count, for the
// run's log.
func DescribePlans(plans []Plan) string {
	var b strings.Builder
	for _, p := range plans {
		fmt.Fprintf(&b, "\n  %s (%d scenario(s)): %s", p.Name, len(p.Rows), strings.Join(p.Paths, " "))
	}
	return b.String()
}
