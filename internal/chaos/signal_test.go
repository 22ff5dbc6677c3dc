package chaos

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
)

// pid1Docker is a container whose PID 1 dies of SIGKILL, taking the
// container down, or dies by itself once its other processes are killed.
type pid1Docker struct {
	Docker
	running  bool
	kills    []string
	diesWith bool // PID 1 exits when its children are killed (real salt-master)
}

func (d *pid1Docker) ContainerInspect(context.Context, string) (container.InspectResponse, error) {
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: "c0ffee", State: &container.State{Running: d.running}}}, nil
}

func (d *pid1Docker) ContainerKill(_ context.Context, _ string, sig string) error {
	d.kills = append(d.kills, sig)
	if !d.running {
		return errors.New("Container c0ffee is not running")
	}
	if sig == "SIGKILL" {
		d.running = false
	}
	return nil
}

func TestSignalReachesPID1LastAndToleratesItsContainerStopping(t *testing.T) {
	tests := []struct {
		name     string
		diesWith bool
		sig      string
		wantErr  string
	}{
		{"SIGKILL to workers, then PID 1", false, "KILL", ""},
		{"PID 1 exits once its workers die", true, "KILL", ""},
		{"SIGSTOP freezes all, the container keeps running", false, "STOP", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &pid1Docker{running: true, diesWith: tt.diesWith}
			var order []string
			e := &Engine{docker: d, execIn: func(_ context.Context, _ string, argv []string) (lab.ExecResult, error) {
				if !d.running {
					return lab.ExecResult{}, errors.New("Container c0ffee is not running")
				}
				order = append(order, "inside")
				if d.diesWith {
					d.running = false
				}
				return lab.ExecResult{}, nil
			}}
			err := e.signal(context.Background(), "c0ffee", tt.sig, []string{"1", "157", "169"})
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, []string{"inside"}, order, "the workers first, while the container runs")
			assert.Equal(t, []string{"SIG" + tt.sig}, d.kills, "then PID 1 through the engine")
		})
	}
	d := &pid1Docker{running: true}
	e := &Engine{docker: d, execIn: func(context.Context, string, []string) (lab.ExecResult, error) {
		return lab.ExecResult{ExitCode: 1, Stderr: "kill: (157) - Operation not permitted"}, nil
	}}
	err := e.signal(context.Background(), "c0ffee", "KILL", []string{"157"})
	require.Error(t, err, "a kill that fails in a running container is an error")
	assert.True(t, strings.Contains(err.Error(), "Operation not permitted"), err.Error())
}
