package drill

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// downEx is a lab whose exec always fails, as Docker's does in a stopped
// or paused container; down is Docker's state of the container ("" when
// Docker could not say).
type downEx struct{ down string }

func (d downEx) Exec(context.Context, string, []string) (client.Output, error) {
	return client.Output{}, errors.New("container is not running")
}

func (d downEx) Down(context.Context, string) (string, bool) { return d.down, d.down != "" }

// TestProbeOfAStoppedOrPausedContainerIsNotMet: a probe that cannot run
// because its container is stopped or paused finds the task not met (the
// node serves nothing), recorded as a failed probe; one that cannot run
// for another reason is unknown, never met.
func TestProbeOfAStoppedOrPausedContainerIsNotMet(t *testing.T) {
	task := spec.Task{ID: "runs", Probe: spec.Probe{Process: &spec.ProcessProbe{Service: "salt-master-1", Program: "salt-master"}}}
	for _, tc := range []struct {
		down string
		want state.Verdict
		why  string
		typ  history.Type
	}{
		{"exited", state.NotMet, "salt-master-1's container is exited", history.Fail},
		{"paused", state.NotMet, "salt-master-1's container is paused", history.Fail},
		{"", state.Unknown, "could not run on salt-master-1", history.Info},
	} {
		t.Run(string(tc.want)+" "+tc.down, func(t *testing.T) {
			rec, err := history.Create(filepath.Join(t.TempDir(), history.FileName))
			require.NoError(t, err)
			v, why := probe(context.Background(), client.Client{Ex: downEx{tc.down}, Rec: client.Recorder{History: rec}}, task)
			assert.Equal(t, tc.want, v)
			assert.Contains(t, why, tc.why)
			h, err := rec.Read()
			require.NoError(t, err)
			require.Len(t, h, 2)
			assert.Equal(t, tc.typ, h[1].Type)
			assert.Equal(t, state.Checker, h[1].Process)
		})
	}
}
