package steps

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

const gateFeature = "../features/general/states/ci_gate.feature"

// fakeHighstate answers salt-call state.apply and pillar.items with real
// Salt 3008.4's output (internal/salt/saltout/testdata/states): the first
// highstate of a minion, every later one, and test=True; the pillar per
// master.
type fakeHighstate struct {
	first, again, test string            // capture names
	byMaster           map[string]string // master -> capture for every highstate it serves, overriding first/again
	pillar             map[string]string // master -> pillar JSON
	applied            map[string]int    // minion -> highstates run
}

func capture(name string) string {
	b, err := os.ReadFile(filepath.Join("..", "internal", "salt", "saltout", "testdata", "states", "3008.4", name+".stdout"))
	if err != nil {
		panic(err)
	}
	return string(b)
}

func (h *fakeHighstate) Answer(minion, master string, argv []string) (scenario.Output, bool) {
	switch {
	case slices.Contains(argv, "pillar.items"):
		p, ok := h.pillar[master]
		if !ok {
			p = `{"app": {"name": "saltlab-demo", "port": 8080}}`
		}
		return scenario.Output{Stdout: `{"local": ` + p + `}`}, true
	case !slices.Contains(argv, "state.apply"):
		return scenario.Output{}, false
	case slices.Contains(argv, "test=True"):
		return h.out(h.test), true
	}
	if h.applied == nil {
		h.applied = map[string]int{}
	}
	h.applied[minion]++
	if name, ok := h.byMaster[master]; ok {
		return h.out(name), true
	}
	if h.applied[minion] == 1 {
		return h.out(h.first), true
	}
	return h.out(h.again), true
}

// out is salt-call's output and exit code for a capture (1 when a state
// failed or a file did not render, as salt-call exits).
func (h *fakeHighstate) out(name string) scenario.Output {
	s := capture(name)
	code := 0
	if strings.Contains(s, `"result": false`) || strings.Contains(s, "Rendering SLS") {
		code = 1
	}
	return scenario.Output{Stdout: s, ExitCode: code}
}

func examples() *fakeHighstate {
	return &fakeHighstate{first: "examples-apply", again: "examples-again", test: "examples-test"}
}

func TestCIGateFeature(t *testing.T) {
	cases := []struct {
		name       string
		highstate  *fakeHighstate
		wantStatus int
		want       []string
	}{
		{name: "the examples pass every scenario", highstate: examples(),
			want: []string{"highstate-converged: valid", "highstate-same: valid", "pillar-same: valid", "served by salt-master-2: 4 state(s) succeeded"}},
		{name: "a failing state is named with its comment and changes", highstate: &fakeHighstate{first: "seeded-apply", again: "seeded-again", test: "examples-test"}, wantStatus: 1,
			want: []string{`state broken (cmd_|-broken_|-echo about to fail; exit 3_|-run) failed: Command "echo about to fail; exit 3" run; changes {"pid":`}},
		{name: "a state that changes again is not idempotent", highstate: &fakeHighstate{first: "examples-apply", again: "examples-apply", test: "examples-test"}, wantStatus: 1,
			want: []string{"state app-stamp (cmd_|-app-stamp_|-date -u +%FT%TZ > /srv/app/installed-at_|-run) changed again", "highstate-same: valid"}},
		{name: "a render error names the file and line", highstate: &fakeHighstate{first: "syntax-error", again: "syntax-error", test: "syntax-error"}, wantStatus: 1,
			want: []string{"render error in bad.sls or bad/init.sls, line 6: Rendering SLS 'base:bad' failed: while parsing a flow node"}},
		{name: "a missing pillar key names the file and line", highstate: &fakeHighstate{first: "missing-pillar", again: "missing-pillar", test: "missing-pillar"}, wantStatus: 1,
			want: []string{"render error in needs.sls or needs/init.sls, line 5"}},
		{name: "the second master serves other states", highstate: &fakeHighstate{first: "examples-apply", again: "examples-again", test: "examples-test",
			byMaster: map[string]string{"salt-master-2": "seeded-again"}}, wantStatus: 1,
			want: []string{"highstate-same: invalid", "file_|-calm_|-/tmp/calm_|-managed only from salt-master-2"}},
		{name: "pillar drift between masters", highstate: &fakeHighstate{first: "examples-apply", again: "examples-again", test: "examples-test",
			pillar: map[string]string{"salt-master-2": `{"app": {"port": 9090}}`}}, wantStatus: 1,
			want: []string{"pillar-same: invalid", `salt-master-2: {"app":{"port":9090}}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			lab.Highstate = c.highstate
			status, out, _, ledger := runFeature(t, gateFeature, lab)
			assert.Equal(t, c.wantStatus, status, out)
			for _, w := range c.want {
				assert.Contains(t, out, w)
			}
			assert.Empty(t, ledger.Pending(), "healed on every exit path")
		})
	}
}

func TestComparingWithoutAHighstateSaysWhatToDoFirst(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "x.feature")
	require.NoError(t, os.WriteFile(f, []byte("Feature: x\n  Scenario: y\n    Then every minion's highstate served by \"the second master\" gives the same state results as before\n"), 0o644))
	lab := scenariotest.NewLab()
	lab.Highstate = examples()
	status, out, _, _ := runFeature(t, f, lab)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "no earlier highstate in this scenario")
}
