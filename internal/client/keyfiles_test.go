package client

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

func TestParseKeyFiles(t *testing.T) {
	for _, tt := range []struct {
		name, out string
		want      saltout.KeyList
		err       string
	}{
		{"none", "", saltout.KeyList{Accepted: []string{}, Pending: []string{}, Rejected: []string{}, Denied: []string{}}, ""},
		{"every folder, sorted ignoring case", "minions\tm2\nminions\tM1\nminions_pre\tp\nminions_rejected\tr\nminions_denied\td\n",
			saltout.KeyList{Accepted: []string{"M1", "m2"}, Pending: []string{"p"}, Rejected: []string{"r"}, Denied: []string{"d"}}, ""},
		{"an id in two folders is listed in the last, denied apart", "minions\tx\nminions_rejected\tx\nminions_denied\tx\n",
			saltout.KeyList{Accepted: []string{}, Pending: []string{}, Rejected: []string{"x"}, Denied: []string{"x"}}, ""},
		{"another folder", "minions_autosign\tx\n", saltout.KeyList{}, "unexpected line"},
		{"no tab", "minions m1\n", saltout.KeyList{}, "unexpected line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseKeyFiles(tt.out)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// keysExec answers test.get_opts with opts, the key-folder listing with
// files, and salt-key -L with its own list.
type keysExec struct {
	opts, files string
	ran         []string
}

func (f *keysExec) Exec(_ context.Context, _ string, argv []string) (Output, error) {
	line := strings.Join(argv, " ")
	f.ran = append(f.ran, line)
	switch {
	case strings.HasSuffix(line, "test.get_opts"):
		return Output{Stdout: f.opts}, nil
	case strings.Contains(line, "key-files"):
		return Output{Stdout: f.files}, nil
	}
	return Output{Stdout: `{"minions": ["from-salt-key"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`}, nil
}

// With a reading of the master's options the key list is read from the
// folders salt-key reads (cluster_pki_dir on a cluster peer), recorded
// as KeyFilesOp with the directory; without one, salt-key -L runs.
func TestKeysReadTheKeyFolders(t *testing.T) {
	for _, tt := range []struct {
		name, opts string
		store      bool
		wantDir    string // "" : salt-key -L ran
	}{
		{"pki_dir", `{"pki_dir": "/etc/salt/pki/master", "cluster_id": null, "keys.cache_driver": "localfs_key"}`, true, "/etc/salt/pki/master"},
		{"a cluster peer's cluster_pki_dir", `{"pki_dir": "/etc/salt/pki/master", "cluster_id": "c1", "cluster_pki_dir": "/cluster/pki", "keys.cache_driver": "localfs_key"}`, true, "/cluster/pki"},
		{"no reading", "", false, ""},
		{"a reading without pki_dir", `{"cluster_id": null, "keys.cache_driver": "localfs_key"}`, true, ""},
		{"keys kept by another driver", `{"pki_dir": "/etc/salt/pki/master", "keys.cache_driver": "mmap_key"}`, true, ""},
		{"a release without the key store", `{"pki_dir": "/etc/salt/pki/master"}`, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ex := &keysExec{opts: tt.opts, files: "minions\tsalt-minion-1\nminions_pre\tnew\n"}
			h := &memHistory{}
			c := Client{Ex: ex, Rec: Recorder{History: h}}
			if tt.store {
				c.Opts = NewMasterOptions()
			}
			keys, o := c.Keys(context.Background(), "m1", 5*time.Second)
			require.True(t, o.OK(), o.Err)
			done := h.entries[len(h.entries)-1]
			if tt.wantDir == "" {
				assert.Equal(t, []string{"from-salt-key"}, keys.Accepted)
				assert.Equal(t, history.KeyListOp, done.F)
				return
			}
			assert.Equal(t, []string{"salt-minion-1"}, keys.Accepted)
			assert.Equal(t, []string{"new"}, keys.Pending)
			assert.Equal(t, history.KeyFilesOp, done.F)
			assert.JSONEq(t, `{"keys": {"accepted": ["salt-minion-1"], "pending": ["new"], "rejected": [], "denied": []}, "dir": "`+tt.wantDir+`"}`, string(done.Value))
			assert.Contains(t, ex.ran[len(ex.ran)-1], "key-files "+tt.wantDir)
			for _, l := range ex.ran {
				assert.NotContains(t, l, "salt-key", "no Salt process lists the keys")
			}
		})
	}
}
