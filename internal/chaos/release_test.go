package chaos

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// helperEngine stands in for the engine's view of a run's helpers: it
// lists them (checking the label filter), and records the scripts run in
// them and the containers removed.
type helperEngine struct {
	Docker
	t       *testing.T
	mu      sync.Mutex
	helpers []container.Summary
	scripts map[string][]string
	removed []string
}

func (h *helperEngine) ContainerList(_ context.Context, o container.ListOptions) ([]container.Summary, error) {
	assert.Equal(h.t, []string{LabelHelper + "=true", labels.Project + "=saltlab-hot-r1"}, sortedArgs(o), "only the lab's helpers are listed: a run's other labs keep theirs")
	return h.helpers, nil
}

func (h *helperEngine) ContainerRemove(_ context.Context, id string, _ container.RemoveOptions) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removed = append(h.removed, id)
	return nil
}

func sortedArgs(o container.ListOptions) []string {
	got := o.Filters.Get("label")
	slices.Sort(got)
	return got
}

func helperOf(service, state string) container.Summary {
	return container.Summary{ID: "id-" + service, Names: []string{"/saltlab-hot-r1-chaos-" + service}, State: state,
		Labels: map[string]string{LabelHelper: "true", labels.Run: "run-r1", labels.Service: service}}
}

// okUndoer heals every fault.
type okUndoer struct{}

func (okUndoer) Undo(context.Context, fault.Entry) error { return nil }

// TestReleaseHelpers: when a timed fault ends, the helper no pending fault
// needs is cleaned in its namespace and removed; the helper of a service
// that still has a fault (recorded by this process, or by another one
// since this engine opened the ledger) stays.
func TestReleaseHelpers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	ledger := fault.NewLedger(path)
	d := &helperEngine{t: t, scripts: map[string][]string{},
		helpers: []container.Summary{helperOf("web", container.StateRunning), helperOf("db", container.StateRunning), helperOf("cache", container.StateExited)}}
	e := New(d, "run-r1", "saltlab-hot-r1", ledger)
	e.execIn = func(_ context.Context, ref string, argv []string) (lab.ExecResult, error) {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.scripts[ref] = append(d.scripts[ref], strings.Join(argv, " "))
		return lab.ExecResult{}, nil
	}
	timed, err := ledger.Add(fault.Entry{Kind: KindLatency, Target: "web", Data: map[string]string{dataHelper: e.helperName("web")}})
	require.NoError(t, err)
	_, err = ledger.Add(fault.Entry{Kind: KindPortBlock, Target: "db", Data: map[string]string{dataHelper: e.helperName("db")}})
	require.NoError(t, err)
	// Another process isolates cache after this engine opened the ledger.
	other, err := fault.Open(path)
	require.NoError(t, err)
	_, err = other.Add(fault.Entry{Kind: KindIsolate, Target: "cache", Data: map[string]string{dataHelper: e.helperName("cache")}})
	require.NoError(t, err)

	require.NoError(t, ledger.Undo(context.Background(), okUndoer{}, timed.ID))
	require.NoError(t, e.ReleaseHelpers(context.Background()))
	assert.Equal(t, []string{"id-web"}, d.removed, "only the helper of the ended fault goes")
	require.Len(t, d.scripts["id-web"], 1)
	assert.Contains(t, d.scripts["id-web"][0], chainPrefix("run-r1"), "its namespace is cleaned of the run's chains first")
	assert.Empty(t, d.scripts["id-db"], "a helper still in use is not touched")
}
