package cpuacct

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

type fakeLister struct {
	mu   sync.Mutex
	list []container.Summary
}

func (f *fakeLister) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]container.Summary(nil), f.list...), nil
}

func writeUsage(t *testing.T, root, id string, ns int64) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Join(root, id), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, id, "cpuacct.usage"), []byte(strconv.FormatInt(ns, 10)+"\n"), 0o644))
}

func TestMeterAddsWhatARestartedContainerUsedBefore(t *testing.T) {
	root := t.TempDir()
	lister := &fakeLister{list: []container.Summary{
		{ID: "m1", State: "running", Labels: map[string]string{labels.Service: "salt-master-1"}},
		{ID: "n1", State: "running", Labels: map[string]string{labels.Service: "nginx"}},
	}}
	m := &Meter{docker: lister, run: "r", root: root, accounts: map[string]*account{}}
	ctx := context.Background()
	writeUsage(t, root, "m1", int64(3*time.Second))
	writeUsage(t, root, "n1", int64(time.Second))
	m.read(ctx)
	writeUsage(t, root, "m1", int64(5*time.Second))
	m.read(ctx)
	writeUsage(t, root, "m1", int64(2*time.Second)) // stopped and started: a new account
	m.read(ctx)
	lister.list[1].State = "exited" // not read once stopped
	writeUsage(t, root, "n1", 0)
	m.read(ctx)

	rep := Report{Services: map[string]time.Duration{}}
	for _, a := range m.accounts {
		rep.Services[a.service] += a.before + a.last
	}
	assert.Equal(t, 7*time.Second, rep.Services["salt-master-1"], "5 s before the restart, 2 s after")
	assert.Equal(t, time.Second, rep.Services["nginx"])
	assert.Equal(t, 8*time.Second, rep.Containers())
}

func TestUsageUsec(t *testing.T) {
	tests := []struct {
		stat string
		want time.Duration
		err  bool
	}{
		{stat: "usage_usec 1500000\nuser_usec 1000000\nsystem_usec 500000\n", want: 1500 * time.Millisecond},
		{stat: "user_usec 1\n", err: true},
		{stat: "usage_usec x\n", err: true},
	}
	for _, tt := range tests {
		got, err := usageUsec(tt.stat)
		if tt.err {
			assert.Error(t, err, tt.stat)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tt.want, got)
	}
}

func TestProcTime(t *testing.T) {
	tests := []struct {
		stat  string
		name  string
		ticks int64
		ok    bool
	}{
		{stat: "1456 (dockerd) S 1 1456 1456 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 30 0 100 0 0", name: "dockerd", ticks: 325, ok: true},
		{stat: "7 (a b) c) S 1 1 1 0 -1 0 0 0 0 0 4 6 0 0", name: "a b) c", ticks: 10, ok: true},
		{stat: "8 (short) S 1", ok: false},
		{stat: "garbage", ok: false},
	}
	for _, tt := range tests {
		name, ticks, ok := procTime(tt.stat)
		assert.Equal(t, tt.ok, ok, tt.stat)
		if tt.ok {
			assert.Equal(t, tt.name, name)
			assert.Equal(t, tt.ticks, ticks)
		}
	}
}

func TestEngineTimeOnThisHost(t *testing.T) {
	if _, err := os.Stat("/var/run/docker.sock"); err != nil {
		t.Skip("no Docker Engine on this host: nothing to measure")
	}
	d, err := engineTime()
	require.NoError(t, err)
	assert.Positive(t, d)
}
