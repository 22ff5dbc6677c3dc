package runners

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJidToTime(t *testing.T) {
	assert.Equal(t, "2012, Nov 30 10:46:33.606931", JidToTime("20121130104633606931"))
	assert.Equal(t, "", JidToTime("req"))
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	b, err := json.Marshal(v)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, b, 0o644))
}

func TestJobsRunners(t *testing.T) {
	cache := t.TempDir()
	jid := "20260102030405000001"
	writeJSON(t, filepath.Join(cache, "jobs", jid, ".load.json"), wire.Publication{Jid: jid, Tgt: "*", TgtType: "glob", Fun: "test.echo", Arg: []any{"x"}, User: "alice", Minions: []string{"m1", "m2"}})
	writeJSON(t, filepath.Join(cache, "jobs", jid, "m1", "return.json"), wire.Return{ID: "m1", Jid: jid, Fun: "test.echo", Return: json.RawMessage(`"x"`)})

	jobs, err := ListJobs(cache)
	require.NoError(t, err)
	s, err := jsonout.Render(jobs, -1)
	require.NoError(t, err)
	assert.Equal(t, `{"20260102030405000001": {"Function": "test.echo", "Arguments": ["x"], "Target": "*", "Target-type": "glob", "User": "alice", "Minions": ["m1", "m2"], "StartTime": "2026, Jan 02 03:04:05.000001"}}`, s)

	job, err := ListJob(cache, jid)
	require.NoError(t, err)
	s, err = jsonout.Render(job, -1)
	require.NoError(t, err)
	assert.Equal(t, `{"jid": "20260102030405000001", "Function": "test.echo", "Arguments": ["x"], "Target": "*", "Target-type": "glob", "User": "alice", "Minions": ["m1", "m2"], "StartTime": "2026, Jan 02 03:04:05.000001", "Result": {"m1": {"return": "x"}}}`, s)

	ret, err := LookupJid(cache, "20990101000000000000")
	require.NoError(t, err)
	assert.Equal(t, 0, ret.Len(), "an unknown jid has no returns")
}
