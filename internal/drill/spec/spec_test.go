package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const good = `schema: saltlab.drill/v1
title: A test drill
level: easy
estimate: 5m
time_limit: 10m
topology: failover
salt: {lines: ["3008"], flavours: [sim, real]}
brief: brief.md
debrief: debrief.md
incident:
  - fault: {kind: proc-stop, target: salt-master-1, process: salt-master}
tasks:
  - id: runs
    title: it runs
    probe: {process: {service: salt-master-1, program: salt-master}}
hints:
  - {text: look, cost: 1}
  - {text: the cause, cost: 5, diagnosis: true}
solution: [{service: salt-master-1, script: solve.sh}]
wrong_fix: [{service: salt-master-1, script: wrong.sh}]
`

// TestParseRefusesWithFileLineAndField: each broken drill file is refused
// with the file, the line of the field and what is wrong.
func TestParseRefusesWithFileLineAndField(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"unknown key", "level: easy\n", "level: easy\nlevle: hard\n", `d.yaml:4: unknown key "levle"`},
		{"wrong schema", "saltlab.drill/v1", "saltlab.drill/v9", `d.yaml:1: schema: "saltlab.drill/v9": want saltlab.drill/v1`},
		{"bad level", "level: easy", "level: trivial", `d.yaml:3: level: "trivial": want easy, medium or hard`},
		{"limit under estimate", "time_limit: 10m", "time_limit: 1m", `d.yaml:5: time_limit: 1m0s is shorter than the estimate 5m0s`},
		{"bad duration", "estimate: 5m", "estimate: soon", `d.yaml:4: "soon" is not a duration`},
		{"no probe", "probe: {process: {service: salt-master-1, program: salt-master}}", "probe: {}", `d.yaml:15: tasks[0].probe: want exactly one of ping, call, key, process or command; got 0`},
		{"needs a later task", "title: it runs\n", "title: it runs\n    needs: [later]\n", `tasks[0].needs[0]: "later": not a task above this one`},
		{"diagnosis not last", "{text: look, cost: 1}", "{text: look, cost: 1, diagnosis: true}", `hints[0]: the last hint, and only it, is the diagnosis`},
		{"no flavour reason", "flavours: [sim, real]", "flavours: [real]", `salt.flavours: a drill left out of the double says why in salt.not_on_sim`},
		{"no reason to leave real out", "flavours: [sim, real]", "flavours: [sim]", `salt.flavours: a drill left out of real Salt says why in salt.not_on_real`},
		{"old line", `lines: ["3008"]`, `lines: ["3005"]`, `salt.lines[0]: "3005": want a release line 3006 or later`},
		{"path in script", "script: solve.sh", "script: ../solve.sh", `solution[0].script: "../solve.sh": want a file name in the drill's folder`},
		{"fault and script", "- fault: {kind: proc-stop, target: salt-master-1, process: salt-master}", "- fault: {kind: proc-stop, target: salt-master-1, process: salt-master}\n    script: {service: salt-master-1, script: x.sh}", `incident[0]: want exactly one of fault or script`},
		{"bad forbid regexp", "solution:", "forbid: [{id: x, text: y, command: '('}]\nsolution:", `forbid[0].command: not a regular expression`},
		{"bad key act", "solution:", "forbid: [{id: x, text: y, key: {act: purge}}]\nsolution:", `forbid[0].key.act: "purge": want accept, reject, delete or auto-accept`},
		{"key minion and all", "solution:", "forbid: [{id: x, text: y, key: {act: delete, minion: m, all: salt-minion-}}]\nsolution:", `forbid[0].key: want minion, all, or neither`},
		{"key and restart_all", "solution:", "forbid: [{id: x, text: y, key: {act: delete}, restart_all: salt-minion-}]\nsolution:", `forbid[0]: want command, key or both, or else restart_all`},
		{"bad window", "incident:\n", "incident:\n  - fault: {kind: stop, target: salt-master-2}\n    start: {delay: 5x}\n", `incident[0].start.delay: "5x": want a delay such as 45s`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(good, tc.old, tc.new, 1)
			require.NotEqual(t, good, src, "the case changes nothing")
			_, err := Parse("d.yaml", []byte(src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestParseGood(t *testing.T) {
	d, err := Parse("d.yaml", []byte(good))
	require.NoError(t, err)
	assert.Equal(t, "A test drill", d.Title)
	assert.Equal(t, []string{"salt-master-1"}, d.ServiceNames())
	assert.Equal(t, 10, d.Tasks[0].PointsOf())
}

// TestLoadReadsOnlyRegularFilesOfItsFolder: a drill whose brief is a fifo,
// or missing, is refused naming the file; a name that is a path is refused.
func TestLoadReadsOnlyRegularFilesOfItsFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "one")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, FileName), []byte(good), 0o644))
	for _, f := range []string{"debrief.md", "solve.sh", "wrong.sh"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o644))
	}
	_, err := Load(root, "one")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "names brief.md, which is not in")

	require.NoError(t, mkfifo(filepath.Join(dir, "brief.md")))
	_, err = Load(root, "one")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")

	require.NoError(t, os.Remove(filepath.Join(dir, "brief.md")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "brief.md"), []byte("x\n"), 0o644))
	d, err := Load(root, "one")
	require.NoError(t, err)
	assert.Equal(t, "one", d.Name)

	_, err = Load(root, "../one")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a drill name")
	names, err := List(root)
	require.NoError(t, err)
	assert.Equal(t, []string{"one"}, names)
}

func TestParseWindow(t *testing.T) {
	lo, hi, err := ParseWindow("30s-90s")
	require.NoError(t, err)
	assert.Equal(t, "30s 1m30s", lo.String()+" "+hi.String())
	for i := 0; i < 50; i++ {
		p := Pick(lo, hi)
		assert.True(t, p >= lo && p <= hi, "%v outside [%v, %v]", p, lo, hi)
	}
	for _, bad := range []string{"", "90s-30s", "-1s", "3h", "x-y"} {
		_, _, err := ParseWindow(bad)
		assert.Error(t, err, bad)
	}
}

// FuzzParse: any text is a drill or a refusal, never a panic.
func FuzzParse(f *testing.F) {
	f.Add(good)
	f.Add("schema: x\ntasks: [{id: a, probe: {ping: {}}}]\n")
	f.Add("{")
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Parse("f.yaml", []byte(src))
		if err == nil && d == nil {
			t.Fatal("no drill and no error")
		}
	})
}

// TestPublishedSchemaIsTheReaders: docs/drill.schema.json is what Schema
// makes from the types Parse reads (SALTLAB_UPDATE_SCHEMA=1 writes it).
func TestPublishedSchemaIsTheReaders(t *testing.T) {
	want, err := Schema()
	require.NoError(t, err)
	path := filepath.Join("..", "..", "..", "docs", "drill.schema.json")
	if os.Getenv("SALTLAB_UPDATE_SCHEMA") == "1" {
		require.NoError(t, os.WriteFile(path, want, 0o644))
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "docs/drill.schema.json is stale: SALTLAB_UPDATE_SCHEMA=1 go test ./internal/drill/spec")
}

// TestStepsActOnContainersFromOutside: a solution or wrong fix may take
// one of the learner's verbs on a service; an incident's script may not,
// and a step is exactly one kind.
func TestStepsActOnContainersFromOutside(t *testing.T) {
	src := strings.Replace(good, "solution: [{service: salt-master-1, script: solve.sh}]", "solution: [{boot: salt-master-1}, {unpause: salt-minion-1}]", 1)
	src = strings.Replace(src, "wrong_fix: [{service: salt-master-1, script: wrong.sh}]", "wrong_fix: [{restart: salt-minion-2}]", 1)
	d, err := Parse("d.yaml", []byte(src))
	require.NoError(t, err)
	verb, svc := d.Solution[0].Action()
	assert.Equal(t, "boot", verb)
	assert.Equal(t, "salt-master-1", svc)
	assert.Equal(t, "unpause salt-minion-1", d.Solution[1].String())
	assert.Equal(t, []string{"salt-master-1", "salt-minion-1", "salt-minion-2"}, d.ServiceNames(), "lint checks the verbs' services against the topology")

	for _, tc := range []struct{ name, old, new, want string }{
		{"two kinds", "{boot: salt-master-1}", "{boot: salt-master-1, restart: salt-master-1}", "solution[0]: want exactly one of {service, script}, restart, boot, unpause or reconnect"},
		{"a verb and a script", "{boot: salt-master-1}", "{boot: salt-master-1, service: salt-master-1, script: solve.sh}", "solution[0]: want exactly one of"},
		{"a bad service", "{boot: salt-master-1}", "{boot: 'salt master'}", `solution[0].boot: "salt master": want a service of the topology`},
		{"an empty step", "{boot: salt-master-1}", "{}", "solution[0]: want exactly one of"},
		{"an unknown verb", "{boot: salt-master-1}", "{start: salt-master-1}", `unknown key "start"`},
		{"an incident verb", "- fault: {kind: proc-stop, target: salt-master-1, process: salt-master}", "- script: {unpause: salt-master-1}", "incident[0].script: want {service, script}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(src, tc.old, tc.new, 1)
			require.NotEqual(t, src, bad)
			_, err := Parse("d.yaml", []byte(bad))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
