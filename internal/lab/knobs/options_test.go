package knobs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	simconfig "github.com/saltlab/saltlab/internal/sim/config"
)

func readProject(t *testing.T, file string) *types.Project {
	t.Helper()
	p, err := lab.ReadProject(context.Background(), []string{file}, "options-test", nil)
	require.NoError(t, err)
	return p
}

func real3008(t *testing.T) saltopts.List {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "salt", "saltopts", "testdata", "real", "3008.4.json"))
	require.NoError(t, err)
	l, err := saltopts.Parse(b)
	require.NoError(t, err)
	return l
}

// Every option the built-in topologies and the e2e labs set is one real
// Salt 3008.4 reads and the double implements, and each is found. A
// topology that needs a newer Salt than the double imitates (x-saltlab
// salt_min; the run refuses the double for it) is held to real Salt's list
// alone.
func TestBuiltInOptionsAreKnown(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "compose", "*", "compose.yaml"))
	require.NoError(t, err)
	e2e, err := filepath.Glob(filepath.Join("..", "..", "e2e", "testdata", "*", "compose.yaml"))
	require.NoError(t, err)
	lists := map[string]saltopts.List{"real 3008.4": real3008(t), "the double": simconfig.OptionList()}
	for _, f := range append(files, e2e...) {
		t.Run(f, func(t *testing.T) {
			p := readProject(t, f)
			s, err := knobs.OptionSettings(p, knobs.Parsed{})
			require.NoError(t, err)
			assert.NotEmpty(t, s, "the topology's drop-ins are read")
			r, err := roles.FromProject(p)
			require.NoError(t, err)
			for name, l := range lists {
				if name == "the double" && !doubleMeets(t, r.SaltMin) {
					continue
				}
				assert.NoError(t, l.Check(s), name)
			}
		})
	}
}

func TestOptionSettings(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, body string) string {
		p := filepath.Join(dir, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	write("master.d/lab.conf", "timeout: 5\nrest_cherrypy: {port: 8000}\n")
	write("minion.d/lab.conf", "master: [m1]\nmaster_alive_intreval: 2\n")
	write("minion.d/README", "not: read\n")
	mainFile := write("minion", "id: m\n")
	ci := write("ci/master.d/zz.conf", "worker_thread: 4\n")
	file := write("compose.yaml", `services:
  m1:
    image: x
    volumes: ["./master.d:/etc/salt/master.d:ro"]
  m2:
    image: x
    volumes: ["./master.d:/etc/salt/master.d:ro", "./missing.d:/etc/salt/minion.d:ro"]
  n:
    image: x
    volumes: ["./minion.d:/etc/salt/minion.d:ro", "./minion:/etc/salt/minion:ro"]
`)
	in := knobs.Inputs{Sets: []string{"minion.master_type=failover", "master.auto_acept=true"}, MasterConfig: filepath.Dir(ci)}
	parsed, err := in.Parse()
	require.NoError(t, err)
	got, err := knobs.OptionSettings(readProject(t, file), parsed)
	require.NoError(t, err)
	assert.Equal(t, []saltopts.Setting{
		{Kind: "master", Name: "auto_acept", Where: "--set master.auto_acept"},
		{Kind: "master", Name: "worker_thread", Where: ci},
		{Kind: "master", Name: "timeout", Where: filepath.Join(dir, "master.d", "lab.conf")},
		{Kind: "master", Name: "rest_cherrypy", Where: filepath.Join(dir, "master.d", "lab.conf")},
		{Kind: "minion", Name: "master_type", Where: "--set minion.master_type"},
		{Kind: "minion", Name: "master", Where: filepath.Join(dir, "minion.d", "lab.conf")},
		{Kind: "minion", Name: "master_alive_intreval", Where: filepath.Join(dir, "minion.d", "lab.conf")},
		{Kind: "minion", Name: "id", Where: mainFile},
	}, got, "each source once, the missing one skipped, README not read")

	err = real3008(t).Check(got)
	require.Error(t, err)
	for _, want := range []string{
		`--set master.auto_acept: no master option "auto_acept"; did you mean "auto_accept"?`,
		ci + `: no master option "worker_thread"; did you mean "worker_threads"?`,
		filepath.Join(dir, "minion.d", "lab.conf") + `: no minion option "master_alive_intreval"; did you mean "master_alive_interval"?`,
	} {
		assert.Contains(t, err.Error(), want)
	}

	write("minion.d/bad.conf", "- a list\n")
	_, err = knobs.OptionSettings(readProject(t, file), knobs.Parsed{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `service n: minion drop-in `+filepath.Join(dir, "minion.d", "bad.conf")+`: not a YAML mapping`)
}

// doubleMeets says whether the release the double imitates is at least min.
func doubleMeets(t *testing.T, min string) bool {
	t.Helper()
	if min == "" {
		return true
	}
	want, err := saltver.Parse(min)
	require.NoError(t, err)
	have, err := saltver.Parse(simconfig.OptionList().SaltVersion)
	require.NoError(t, err)
	return have.Compare(want) >= 0
}
