package report

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNameRows(t *testing.T) {
	outline := []Row{
		{"a.feature", "F", "stop", "stop (m=1)"},
		{"a.feature", "F", "stop", "stop (m=2)"},
		{"a.feature", "F", "go 1", "go 1 (why=x)"},
		{"a.feature", "F", "plain", "plain"},
	}
	for _, tc := range []struct {
		name  string
		rows  []Row
		cases []string // godog's names, in one suite "F"
		want  []string
	}{
		{"outline rows numbered by godog", outline,
			[]string{"stop #1", "stop #2", "go 1", "plain"},
			[]string{"stop (m=1)", "stop (m=2)", "go 1 (why=x)", "plain"}},
		{"duplicate plain scenarios keep godog's numbers",
			[]Row{{"a.feature", "F", "x", "x"}, {"a.feature", "F", "x", "x"}},
			[]string{"x #1", "x #2"}, []string{"x #1", "x #2"}},
		{"a tag selecting one row: godog numbers none",
			[]Row{{"a.feature", "F", "stop", "stop (m=2)"}},
			[]string{"stop"}, []string{"stop (m=2)"}},
		{"two files, one feature name, different rows: ambiguous",
			[]Row{{"a.feature", "F", "stop", "stop (m=1)"}, {"b.feature", "F", "stop", "stop (m=9)"}},
			[]string{"stop"}, []string{"stop"}},
		{"another feature is not renamed", outline[:2],
			nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Suites{Suites: []Suite{{Name: "F"}, {Name: "G", Cases: []Case{{Name: "stop #1"}}}}}
			for _, n := range tc.cases {
				s.Suites[0].Cases = append(s.Suites[0].Cases, Case{Name: n})
			}
			got := NameRows(s, tc.rows)
			var names []string
			for _, c := range got.Suites[0].Cases {
				names = append(names, c.Name)
			}
			assert.Equal(t, tc.want, names)
			assert.Equal(t, "stop #1", got.Suites[1].Cases[0].Name)
		})
	}
}
