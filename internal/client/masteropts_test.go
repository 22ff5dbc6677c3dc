package client

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// optsExec answers salt-run by its function and keeps what it ran.
type optsExec struct {
	mu      sync.Mutex
	getOpts Output
	ran     []string
}

func (f *optsExec) Exec(_ context.Context, service string, argv []string) (Output, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	line := strings.Join(argv, " ")
	f.ran = append(f.ran, service+": "+line)
	if strings.HasSuffix(line, "test.get_opts") {
		return f.getOpts, nil
	}
	return Output{Stdout: `"from config.get"`}, nil
}

func (f *optsExec) count(fun string) int {
	n := 0
	for _, l := range f.ran {
		if strings.Contains(l, "salt-run --out=json "+fun) {
			n++
		}
	}
	return n
}

const masterOpts = `{"ret_port": 4506, "cluster_id": null, "peer": {"m.*": ["test.*"]},
	"rest_cherrypy": {"port": 8000}, "file_roots": {"base": ["/srv/salt"]},
	"ext_pillar": [{"git": "x"}], "secret": "sdb://vault/key"}`

// ConfigGetAnswer says what config.get prints only where the options
// alone say it; the rest goes to Salt's runner.
func TestConfigGetAnswer(t *testing.T) {
	var opts map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(masterOpts), &opts))
	for _, tt := range []struct {
		key, want string
		ok        bool
	}{
		{"ret_port", `4506`, true},
		{"cluster_id", `null`, true},
		{"peer", `{"m.*": ["test.*"]}`, true},
		{"rest_cherrypy:port", `8000`, true},
		{"file_roots", `{"base": ["/srv/salt"]}`, true},
		{"publish_port", "", false},          // missing: the runner's default
		{"rest_cherrypy:ssl_crt", "", false}, // missing under a mapping
		{"ret_port:x", "", false},            // a scalar on the way
		{"ext_pillar:0", "", false},          // a list on the way
		{"secret", "", false},                // sdb resolves it
		{"", "", false},                      // no key
	} {
		t.Run(tt.key, func(t *testing.T) {
			got, ok := ConfigGetAnswer(opts, tt.key)
			assert.Equal(t, tt.ok, ok)
			if tt.ok {
				assert.JSONEq(t, tt.want, string(got))
			}
		})
	}
}

// One test.get_opts a master answers every later question it can; each
// answer is recorded as the config.get it stands for, marked reused with
// the reading's invocation.
func TestMasterOptionsReadOnceAndReused(t *testing.T) {
	ex := &optsExec{getOpts: Output{Stdout: masterOpts}}
	h := &memHistory{}
	_, _ = h.Append(history.Entry{Type: history.Health}) // a run's history starts with Docker's health
	c := Client{Ex: ex, Rec: Recorder{History: h}, Opts: NewMasterOptions()}
	ctx := context.Background()

	v, o := c.MasterOption(ctx, "m1", "ret_port", 5*time.Second)
	require.True(t, o.OK(), o.Err)
	assert.JSONEq(t, `4506`, string(v))
	v, o = c.MasterOption(ctx, "m1", "rest_cherrypy:port", 5*time.Second)
	require.True(t, o.OK(), o.Err)
	assert.JSONEq(t, `8000`, string(v))
	_, o = c.MasterOption(ctx, "m1", "publish_port", 5*time.Second)
	require.True(t, o.OK(), o.Err)
	_, o = c.MasterOption(ctx, "m2", "ret_port", 5*time.Second)
	require.True(t, o.OK(), o.Err)

	assert.Equal(t, 2, ex.count("test.get_opts"), "one reading a master")
	assert.Equal(t, 1, ex.count("config.get"), "config.get only for what the options do not say")

	var reading int64
	var reused, asked []history.Entry
	for _, e := range h.entries {
		switch {
		case e.F == history.MasterOptsOp && e.Type == history.Invoke && e.Node == "m1":
			reading = e.Index
		case e.F == history.ConfigGetOp && e.Type == history.OK && e.Reused != 0:
			reused = append(reused, e)
		case e.F == history.ConfigGetOp && e.Type == history.OK:
			asked = append(asked, e)
		}
	}
	require.Positive(t, reading, "the reading is recorded")
	require.Len(t, reused, 3)
	assert.Equal(t, reading, reused[0].Reused, "an answer names the reading it came from")
	assert.Equal(t, "ret_port", reused[0].Target)
	assert.JSONEq(t, `4506`, string(reused[0].Value))
	require.Len(t, asked, 1)
	assert.Equal(t, "publish_port", asked[0].Target)
	for _, e := range h.entries {
		if e.F == history.MasterOptsOp && e.Type == history.OK {
			assert.JSONEq(t, `{"options": 7}`, string(e.Value), "the reading records a count, not the options")
		}
	}
}

// A reading that fails leaves each question to its own config.get, and
// the next question tries the reading again.
func TestMasterOptionsFailedReadFallsBack(t *testing.T) {
	ex := &optsExec{getOpts: Output{ExitCode: ExitTimedOut}}
	h := &memHistory{}
	c := Client{Ex: ex, Rec: Recorder{History: h}, Opts: NewMasterOptions()}
	ctx := context.Background()
	v, o := c.MasterOption(ctx, "m1", "ret_port", 5*time.Second)
	require.True(t, o.OK(), o.Err)
	assert.JSONEq(t, `"from config.get"`, string(v))
	ex.getOpts = Output{Stdout: masterOpts}
	v, o = c.MasterOption(ctx, "m1", "ret_port", 5*time.Second)
	require.True(t, o.OK(), o.Err)
	assert.JSONEq(t, `4506`, string(v))
	assert.Equal(t, 2, ex.count("test.get_opts"))
	assert.Equal(t, 1, ex.count("config.get"))
}

// Without a store every question runs config.get, as before.
func TestMasterOptionWithoutStoreAsksSalt(t *testing.T) {
	ex := &optsExec{getOpts: Output{Stdout: masterOpts}}
	c := Client{Ex: ex, Rec: Recorder{History: &memHistory{}}}
	for range 2 {
		_, o := c.MasterOption(context.Background(), "m1", "ret_port", 5*time.Second)
		require.True(t, o.OK(), o.Err)
	}
	assert.Zero(t, ex.count("test.get_opts"))
	assert.Equal(t, 2, ex.count("config.get"))
}
