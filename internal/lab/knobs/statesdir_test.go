package knobs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatesDirChecks(t *testing.T) {
	write := func(dir, name, body string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	empty, noTop, ok, ownTop, conf := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	write(noTop, "app/init.sls", "x: {}\n")
	write(ok, "top.sls", "base: {'*': [app]}\n")
	write(ownTop, "mytop.sls", "base: {'*': [app]}\n")
	write(conf, "top.conf", "# the gate's top file\nstate_top: mytop.sls\n")
	cases := []struct {
		name, dir, conf, wantErr string
	}{
		{name: "empty", dir: empty, wantErr: empty + " is empty: put your SLS files there with a top.sls"},
		{name: "no top file", dir: noTop, wantErr: noTop + " has no top.sls, so a highstate applies nothing"},
		{name: "a top file", dir: ok},
		{name: "state_top set in the master drop-ins", dir: ownTop, conf: conf},
		{name: "state_top set elsewhere does not count", dir: ownTop, conf: noTop, wantErr: "has no top.sls"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkStatesDir(c.dir, c.conf)
			if c.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, c.wantErr)
		})
	}
}

func TestExamplesAreTheDefault(t *testing.T) {
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	p, err := Inputs{Root: root}.Parse()
	require.NoError(t, err, "the shipped examples pass the checks")
	assert.Equal(t, filepath.Join(root, "examples", "states"), p.states)
	assert.Equal(t, filepath.Join(root, "examples", "pillar"), p.pillar)

	p, err = Inputs{Root: root, Pillar: t.TempDir()}.Parse()
	require.NoError(t, err)
	assert.Empty(t, p.states, "a user's pillar alone keeps the topology's own states")

	p, err = Inputs{Root: t.TempDir()}.Parse()
	require.NoError(t, err)
	assert.Empty(t, p.states, "a checkout without examples mounts none")
}
