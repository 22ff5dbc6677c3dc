package record

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
)

// The history says saltlab made the masters' pair: an operation of
// process saltlab, at the times of the write, with the volume and the
// fingerprint the masters' own `salt-key -F` is compared with.
func TestKeySeedsAreRecorded(t *testing.T) {
	rec, err := history.Create(filepath.Join(t.TempDir(), history.FileName))
	require.NoError(t, err)
	defer rec.Close()
	start := time.Date(2026, 12, 6, 14, 0, 0, 0, time.UTC)
	seed := lab.KeySeed{Volume: "saltlab-failover-x_salt_keys", Dir: "/etc/salt/pki/master", Via: "key-wait",
		Services: []string{"key-wait", "salt-master-1", "salt-master-2"}, Fingerprint: "aa:bb", FingerprintWhole: "cc:dd", Start: start, End: start.Add(40 * time.Millisecond)}
	var log bytes.Buffer
	recordKeySeeds(rec, []lab.KeySeed{seed}, &log)
	assert.Empty(t, log.String())

	h, err := rec.Read()
	require.NoError(t, err)
	require.Len(t, h, 2)
	assert.Equal(t, history.Entry{Index: 0, Type: history.Invoke, Time: start, Process: "saltlab", Node: "key-wait", F: history.KeySeedOp}, h[0])
	assert.Equal(t, history.OK, h[1].Type)
	assert.Equal(t, int64(0), h[1].Pair)
	assert.Equal(t, start.Add(40*time.Millisecond), h[1].Time)
	var v history.KeySeedValue
	require.NoError(t, json.Unmarshal(h[1].Value, &v))
	assert.Equal(t, history.KeySeedValue{Volume: seed.Volume, Dir: seed.Dir, Services: seed.Services, Fingerprint: "aa:bb", FingerprintWhole: "cc:dd"}, v)
}
