package stack

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// A lab is torn down by its run and its project together: labs of one
// `saltlab run --parallel` share the run id, and removing by the run
// alone would take the others' services, secrets and volumes too.
func TestTeardownSelectsTheLabByRunAndProject(t *testing.T) {
	f := Lab{RunID: "20261206-000000-abcd00", Project: "saltlab-failover-20261206-000000-abcd00-lab2"}.filter()
	assert.ElementsMatch(t, []string{
		labels.Run + "=20261206-000000-abcd00",
		labels.Project + "=saltlab-failover-20261206-000000-abcd00-lab2",
	}, f.Get("label"))

	for _, lb := range []Lab{{RunID: "r"}, {Project: "p"}} {
		err := Teardown(context.Background(), testSwarm(newFakeSwarm()), lb)
		require.Error(t, err, "%+v", lb)
		assert.Contains(t, err.Error(), "name both the run and the project")
	}
}
