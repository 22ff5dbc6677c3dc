package runner

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// TestMerge: the labs' outcomes make one run's: every lab named with its
// project, the last lab's end, the worst status; a lab whose scenarios
// never ran is named with their count and why.
func TestMerge(t *testing.T) {
	row := report.Row{File: "a.feature", Name: "a1"}
	lab := func(name, project string, took time.Duration, status int) *outcome {
		return &outcome{run: report.Run{ID: "r1", Project: project, Duration: took, BringUp: time.Second},
			labs: []labRun{{name: name, junit: godogJUnitOf(name)}}, status: status}
	}
	assert.Nil(t, merge([]*outcome{nil, nil}, nil), "no lab ran: nothing to report")

	m := merge([]*outcome{lab("lab1", "p-lab1", 90*time.Second, 0), lab("lab2", "p-lab2", 120*time.Second, 1)}, []report.Row{row})
	require.NotNil(t, m)
	assert.Equal(t, "p-lab1", m.run.Project)
	assert.Equal(t, 120*time.Second, m.run.Duration, "the run lasts until its last lab's scenarios end")
	assert.Equal(t, 1, m.status)
	assert.Equal(t, []report.Lab{{Name: "lab1", Project: "p-lab1", BringUp: time.Second}, {Name: "lab2", Project: "p-lab2", BringUp: time.Second}}, m.run.Labs)
	assert.Equal(t, []string{"godog-junit-lab1.xml", "godog-junit-lab2.xml"}, []string{m.labs[0].junit, m.labs[1].junit})

	one := merge([]*outcome{lab("", "p", time.Minute, 0)}, nil)
	assert.Empty(t, one.run.Labs, "a run with one lab lists none")
	assert.Equal(t, "godog-junit.xml", one.labs[0].junit)

	plans := []labPlan{{name: "lab1", rows: []report.Row{row}}, {name: "lab2", rows: []report.Row{row, row}}}
	assert.NoError(t, unrun(plans, []*outcome{lab("lab1", "p", 0, 0), lab("lab2", "q", 0, 0)}, nil))
	err := unrun(plans, []*outcome{lab("lab1", "p", 0, 0), nil}, errors.New("lab2: bring lab up: timeout"))
	assert.EqualError(t, err, "the 2 scenario(s) of lab2 never ran: lab2: bring lab up: timeout")
}
