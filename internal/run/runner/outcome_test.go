package runner

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/selection"
	"github.com/saltlab/saltlab/internal/run/suite"
)

// TestMerge: the labs' outcomes make one run's: every lab named with its
// project, the last lab's end, the worst status; a lab whose scenarios
// never ran is named with their count and why.
func TestMerge(t *testing.T) {
	row := report.Row{File: "a.feature", Name: "a1"}
	lab := func(name, project string, took time.Duration, status int) *suite.Outcome {
		return &suite.Outcome{Run: report.Run{ID: "r1", Project: project, Duration: took, BringUp: time.Second},
			Lab: suite.Lab{Name: name, JUnit: "junit-of-" + name}, Status: status}
	}
	ms := &report.Measurements{}
	assert.Nil(t, merge([]*suite.Outcome{nil, nil}, nil, ms), "no lab ran: nothing to report")

	m := merge([]*suite.Outcome{lab("lab1", "p-lab1", 90*time.Second, 0), lab("lab2", "p-lab2", 120*time.Second, 1)}, []report.Row{row}, ms)
	require.NotNil(t, m)
	assert.Equal(t, "p-lab1", m.run.Project)
	assert.Equal(t, 120*time.Second, m.run.Duration, "the run lasts until its last lab's scenarios end")
	assert.Equal(t, 1, m.status)
	assert.Equal(t, []report.Lab{{Name: "lab1", Project: "p-lab1", BringUp: time.Second}, {Name: "lab2", Project: "p-lab2", BringUp: time.Second}}, m.run.Labs)
	assert.Equal(t, []string{"junit-of-lab1", "junit-of-lab2"}, []string{m.labs[0].JUnit, m.labs[1].JUnit})
	assert.Same(t, ms, m.ms, "the labs' measurements are the run's")
	assert.Equal(t, []report.Row{row}, m.rows)

	one := merge([]*suite.Outcome{lab("", "p", time.Minute, 0)}, nil, ms)
	assert.Empty(t, one.run.Labs, "a run with one lab lists none")
	assert.Equal(t, "junit-of-", one.labs[0].JUnit)

	plans := []selection.Plan{{Name: "lab1", Rows: []report.Row{row}}, {Name: "lab2", Rows: []report.Row{row, row}}}
	assert.NoError(t, unrun(plans, []*suite.Outcome{lab("lab1", "p", 0, 0), lab("lab2", "q", 0, 0)}, nil))
	err := unrun(plans, []*suite.Outcome{lab("lab1", "p", 0, 0), nil}, errors.New("lab2: bring lab up: timeout"))
	assert.EqualError(t, err, "the 2 scenario(s) of lab2 never ran: lab2: bring lab up: timeout")
}
