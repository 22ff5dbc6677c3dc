package probe

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
			v, why := Task(context.Background(), client.Client{Ex: downEx{tc.down}, Rec: client.Recorder{History: rec}}, task)
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

func TestProcessVerdict(t *testing.T) {
	for _, tc := range []struct {
		name, ps string
		want     state.Verdict
	}{
		{"runs", "Ss bash\nSsl salt-master\nSl salt-master\n", state.Met},
		{"real Salt: Python runs it", "Ssl /opt/saltlab/venv/bin/python3 /opt/saltlab/venv/bin/salt-master MainProcess\nSl /opt/saltlab/venv/bin/python3 /opt/saltlab/venv/bin/salt-master ReqServer\n", state.Met},
		{"real Salt, one stopped", "Ssl /usr/bin/python3 /v/bin/salt-master MainProcess\nTl /usr/bin/python3 /v/bin/salt-master Worker-1\n", state.NotMet},
		{"one stopped", "Ssl salt-master\nTl salt-master\n", state.NotMet},
		{"absent", "Ss bash\nSsl salt-api\n", state.NotMet},
		{"a longer name is another program", "Ssl salt-master-x\n", state.NotMet},
		{"a command line that only mentions it", "Ss pkill -CONT -f (^|/)salt-master([: ]|$)\n", state.NotMet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := processVerdict(tc.ps, "m", "salt-master")
			assert.Equal(t, tc.want, v)
		})
	}
}
