package chaos

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
)

// pausable is a running container that can be paused: it takes no exec
// while paused, as Docker refuses one, and logs what was done to it.
type pausable struct {
	Docker
	paused bool
	calls  []string
	// df is what `df` prints; dir is whether `test -d` passes.
	df  string
	dir bool
}

func (p *pausable) ContainerInspect(context.Context, string) (container.InspectResponse, error) {
	st := &container.State{Running: true, Paused: p.paused, Status: "running"}
	if p.paused {
		st.Status = "paused"
	}
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: "c0ffee", State: st}}, nil
}

func (p *pausable) ContainerUnpause(context.Context, string) error {
	p.calls = append(p.calls, "unpause")
	p.paused = false
	return nil
}

func (p *pausable) ContainerPause(context.Context, string) error {
	p.calls = append(p.calls, "pause")
	p.paused = true
	return nil
}

func (p *pausable) exec(_ context.Context, _ string, argv []string) (lab.ExecResult, error) {
	if p.paused {
		return lab.ExecResult{}, errors.New("Container c0ffee is paused, unpause the container before exec")
	}
	p.calls = append(p.calls, argv[0]+" "+argv[len(argv)-1])
	switch argv[0] {
	case "test":
		if !p.dir {
			return lab.ExecResult{ExitCode: 1}, nil
		}
	case "df":
		return lab.ExecResult{Stdout: p.df}, nil
	}
	return lab.ExecResult{}, nil
}

func pausableEngine(t *testing.T, p *pausable) *Engine {
	ledger, err := fault.Open(filepath.Join(t.TempDir(), "faults.jsonl"))
	require.NoError(t, err)
	e := New(p, "run1", "proj", ledger)
	e.execIn = p.exec
	return e
}

// TestUndoProcStopThawsAPausedContainer: a container paused after the
// proc-stop (another fault, or by hand) is unpaused for the SIGCONT and
// paused again; before, the undo skipped it and reported success, and the
// daemon stayed stopped once the pause ended (issue 41, class 3).
func TestUndoProcStopThawsAPausedContainer(t *testing.T) {
	p := &pausable{paused: true}
	e := pausableEngine(t, p)
	en := fault.Entry{ID: 1, Kind: KindProcStop, Data: map[string]string{dataContainer: "c0ffee", dataService: "server", dataPIDs: "157 169", dataProcess: "nginx"}}
	require.NoError(t, e.Undo(context.Background(), en))
	require.Len(t, p.calls, 3, "%v", p.calls)
	assert.Equal(t, "unpause", p.calls[0])
	assert.Contains(t, p.calls[1], "bash ", "the SIGCONT runs while it is thawed")
	assert.Equal(t, "pause", p.calls[2])
	assert.True(t, p.paused, "the other fault's pause stands")

	p = &pausable{}
	e = pausableEngine(t, p)
	require.NoError(t, e.Undo(context.Background(), en))
	assert.Len(t, p.calls, 1, "a running container is not paused or unpaused: %v", p.calls)
}

// TestPausedTargetRefusedBeforeTheLedger: faults that act inside the
// container or on its lifecycle refuse a paused one before recording: a
// second pause would fail after the record and its undo would unpause
// what another fault paused; a stop, kill or restart would come back
// running, not paused.
func TestPausedTargetRefusedBeforeTheLedger(t *testing.T) {
	for _, s := range []Spec{
		{Kind: KindPause, Targets: []string{"server"}},
		{Kind: KindRestart, Targets: []string{"server"}},
		{Kind: KindStop, Targets: []string{"server"}},
		{Kind: KindKill, Targets: []string{"server"}},
		{Kind: KindProcStop, Targets: []string{"server"}, Process: "nginx"},
		{Kind: KindProcKill, Targets: []string{"server"}, Process: "nginx"},
		{Kind: KindDiskFull, Targets: []string{"server"}, Path: "/dev/shm"},
		{Kind: KindKeyReplace, Targets: []string{"server"}},
	} {
		t.Run(string(s.Kind), func(t *testing.T) {
			p := &pausable{paused: true}
			e := pausableEngine(t, p)
			_, err := e.Inject(context.Background(), s)
			assert.ErrorContains(t, err, `service "server" is paused (by a pause fault or docker pause): heal or unpause it first`)
			assert.Empty(t, e.Ledger().Pending(), "refused before the ledger")
			assert.Empty(t, p.calls, "nothing acted")
		})
	}
}

// TestDiskFullRefusesWhatItCannotFill: a filesystem with no space left,
// or a path that is no writable directory, is refused before the ledger;
// before, the first stood on the ledger having filled nothing, and the
// second failed after the record.
func TestDiskFullRefusesWhatItCannotFill(t *testing.T) {
	df := func(avail string) string {
		return "Filesystem 1-blocks Used Available Capacity Mounted on\nshm 67108864 67108864 " + avail + " 100% /dev/shm\n"
	}
	tests := []struct {
		name    string
		p       pausable
		wantErr string
	}{
		{"full already", pausable{dir: true, df: df("0")}, "its filesystem (mounted at /dev/shm) is full already, so there is nothing to fill"},
		{"not a directory", pausable{dir: false, df: df("4096")}, "disk-full server:/dev/shm: not a writable directory in the container"},
		{"space left", pausable{dir: true, df: df("4096")}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := pausableEngine(t, &tc.p)
			_, err := e.Inject(context.Background(), Spec{Kind: KindDiskFull, Targets: []string{"server"}, Path: "/dev/shm"})
			if tc.wantErr == "" {
				require.NoError(t, err)
				assert.Len(t, e.Ledger().Pending(), 1)
				assert.True(t, strings.HasPrefix(tc.p.calls[len(tc.p.calls)-1], "bash "), "the fill ran: %v", tc.p.calls)
				return
			}
			assert.ErrorContains(t, err, tc.wantErr)
			assert.Empty(t, e.Ledger().Pending(), "refused before the ledger")
		})
	}
}
