package selection

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

func TestPlanLabs(t *testing.T) {
	row := func(file, name string) report.Row {
		return report.Row{File: file, Feature: file, Pickle: name, Name: name}
	}
	rows := []report.Row{
		row("a.feature", "a1"),
		row("b.feature", "b1"), row("b.feature", "b2"), row("b.feature", "b3"),
		row("c.feature", "c1"), row("c.feature", "c2"),
		row("d.feature", "d1"),
	}
	type lab struct {
		name  string
		paths []string
		names []string
	}
	names := func(rs []report.Row) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Name)
		}
		return out
	}
	tests := []struct {
		name string
		n    int
		rows []report.Row // nil: all
		want []lab
	}{
		{name: "one lab runs the paths given, unsplit", n: 1, want: []lab{{paths: []string{"features"}, names: []string{"a1", "b1", "b2", "b3", "c1", "c2", "d1"}}}},
		{name: "one feature is one lab, unsplit", n: 2, rows: rows[1:4], want: []lab{{paths: []string{"features"}, names: []string{"b1", "b2", "b3"}}}},
		{name: "two labs: longest first, a feature stays whole, file order within a lab", n: 2, want: []lab{
			{name: "lab1", paths: []string{"b.feature", "d.feature"}, names: []string{"b1", "b2", "b3", "d1"}},
			{name: "lab2", paths: []string{"a.feature", "c.feature"}, names: []string{"a1", "c1", "c2"}},
		}},
		{name: "three labs", n: 3, want: []lab{
			{name: "lab1", paths: []string{"b.feature"}, names: []string{"b1", "b2", "b3"}},
			{name: "lab2", paths: []string{"c.feature"}, names: []string{"c1", "c2"}},
			{name: "lab3", paths: []string{"a.feature", "d.feature"}, names: []string{"a1", "d1"}},
		}},
		{name: "more labs than features: no empty lab", n: 9, want: []lab{
			{name: "lab1", paths: []string{"b.feature"}, names: []string{"b1", "b2", "b3"}},
			{name: "lab2", paths: []string{"c.feature"}, names: []string{"c1", "c2"}},
			{name: "lab3", paths: []string{"a.feature"}, names: []string{"a1"}},
			{name: "lab4", paths: []string{"d.feature"}, names: []string{"d1"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := rows
			if tt.rows != nil {
				in = tt.rows
			}
			plans := PlanLabs([]string{"features"}, in, tt.n)
			var got []lab
			for _, p := range plans {
				got = append(got, lab{name: p.Name, paths: p.Paths, names: names(p.Rows)})
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, plans, PlanLabs([]string{"features"}, in, tt.n), "deterministic")
		})
	}
}
