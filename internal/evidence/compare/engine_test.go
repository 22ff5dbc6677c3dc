package compare

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// limits stands in for the run room's: compose leaves out @swarm, Swarm
// @direct-master-api; tags are the scenarios' by feature and name.
func limits(tags map[[2]string][]string) EngineLimits {
	return EngineLimits{
		LeavesOut: func(engine string) (string, string, bool) {
			switch engine {
			case EngineCompose:
				return "@swarm", "tagged @swarm need a swarm", true
			case EngineSwarm:
				return "@direct-master-api", "tagged @direct-master-api reach a master's own address", true
			}
			return "", "", false
		},
		Tags: func() (map[[2]string][]string, error) { return tags, nil },
	}
}

var engineTags = map[[2]string][]string{
	{"Failover", "direct"}: {"@failover", "@direct-master-api"},
	{"Failover", "node"}:   {"@failover", "@swarm"},
	{"Failover", "plain"}:  {"@failover"},
}

func TestExplainByEngine(t *testing.T) {
	hh := [2]string{"honest-health", "valid"}
	withHealth := scenario("stop", "passed", "1", nil, [2]string{"failover-time", "valid"}, hh)
	noHealth := scenario("stop", "passed", "1", nil, [2]string{"failover-time", "valid"})
	unknownHealth := scenario("stop", "passed", "1", nil, [2]string{"failover-time", "valid"}, [2]string{"honest-health", "unknown"})
	direct := scenario("direct", "passed", "1", nil, hh)
	node := scenario("node", "passed", "1", nil, [2]string{"availability", "valid"})
	plain := scenario("plain", "passed", "1", nil)
	tests := []struct {
		name             string
		engineA, engineB string
		a, b             report.Summary
		want             Counts
		// reasons are the differing rows, "scenario/item": "engine" when
		// the engines explain it, "table" when the table does, "" unexplained.
		reasons map[string]string
	}{
		{"health not judged on swarm", EngineCompose, EngineSwarm, run("sim", withHealth), run("sim", noHealth),
			Counts{Scenarios: 1, Checks: 2, Agree: 2, Differ: 1, Engine: 1}, map[string]string{"stop/honest-health": "engine"}},
		{"either order", EngineSwarm, EngineCompose, run("sim", noHealth), run("sim", withHealth),
			Counts{Scenarios: 1, Checks: 2, Agree: 2, Differ: 1, Engine: 1}, map[string]string{"stop/honest-health": "engine"}},
		{"compose judges health", EngineSwarm, EngineCompose, run("sim", withHealth), run("sim", noHealth),
			Counts{Scenarios: 1, Checks: 2, Agree: 2, Differ: 1}, map[string]string{"stop/honest-health": ""}},
		{"a verdict on swarm is no absence", EngineCompose, EngineSwarm, run("sim", withHealth), run("sim", unknownHealth),
			Counts{Scenarios: 1, Checks: 2, Agree: 2, Differ: 1}, map[string]string{"stop/honest-health": ""}},
		{"same engine", EngineSwarm, EngineSwarm, run("sim", withHealth), run("sim", noHealth),
			Counts{Scenarios: 1, Checks: 2, Agree: 2, Differ: 1}, map[string]string{"stop/honest-health": ""}},
		{"engine not recorded", "", EngineSwarm, run("sim", withHealth), run("sim", noHealth),
			Counts{Scenarios: 1, Checks: 2, Agree: 2, Differ: 1}, map[string]string{"stop/honest-health": ""}},
		{"swarm left out a direct scenario", EngineCompose, EngineSwarm, run("sim", direct), run("sim"),
			Counts{Scenarios: 1, Checks: 1, Differ: 2, Engine: 2}, map[string]string{"direct/": "engine", "direct/honest-health": "engine"}},
		{"compose left out a swarm scenario", EngineCompose, EngineSwarm, run("sim"), run("sim", node),
			Counts{Scenarios: 1, Checks: 1, Differ: 2, Engine: 2}, map[string]string{"node/": "engine", "node/availability": "engine"}},
		{"a swarm scenario missing on swarm", EngineSwarm, EngineCompose, run("sim"), run("sim", node),
			Counts{Scenarios: 1, Checks: 1, Differ: 2}, map[string]string{"node/": "", "node/availability": ""}},
		{"untagged scenario missing", EngineCompose, EngineSwarm, run("sim", plain), run("sim"),
			Counts{Scenarios: 1, Differ: 1}, map[string]string{"plain/": ""}},
		{"the table first", EngineCompose, EngineSwarm, run("sim", scenario("gone", "passed", "1", nil)), run("real"),
			Counts{Scenarios: 1, Differ: 1, Explained: 1}, map[string]string{"gone/": "table"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Explain(Compare(tc.a, tc.b), known)
			res.EngineA, res.EngineB = tc.engineA, tc.engineB
			res, err := ExplainByEngine(res, limits(engineTags))
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Count())
			got := map[string]string{}
			for _, r := range res.Rows {
				switch {
				case r.Explained():
					got[r.Scenario+"/"+r.Item] = "table"
				case r.ExplainedByEngine():
					got[r.Scenario+"/"+r.Item] = "engine"
				case r.Differs():
					got[r.Scenario+"/"+r.Item] = ""
				}
			}
			assert.Equal(t, tc.reasons, got)
		})
	}
}

// The scenarios' tags are read only when the engines differ, and an
// error reading them is the comparison's.
func TestExplainByEngineTags(t *testing.T) {
	lim := limits(nil)
	read := 0
	lim.Tags = func() (map[[2]string][]string, error) { read++; return nil, errors.New("no features") }
	res := Result{EngineA: EngineSwarm, EngineB: EngineSwarm}
	_, err := ExplainByEngine(res, lim)
	require.NoError(t, err)
	assert.Zero(t, read)
	res.EngineA = EngineCompose
	_, err = ExplainByEngine(res, lim)
	require.EqualError(t, err, "no features")
}

func TestReadEngine(t *testing.T) {
	tests := []struct {
		name, runJSON string // "-": no run.json
		want, wantErr string
	}{
		{"no run.json", "-", "", ""},
		{"compose leaves the field out", `{"run_id":"r"}`, EngineCompose, ""},
		{"empty field", `{"engine":""}`, EngineCompose, ""},
		{"swarm", `{"engine":"swarm","swarm":"sr"}`, EngineSwarm, ""},
		{"broken", `{"engine":`, "", "read the engine of run: run.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.runJSON != "-" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), []byte(tc.runJSON), 0o600))
			}
			got, err := readEngine(Folder{Name: "run", Dir: dir})
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// A compose run beside a swarm run, read from their folders, matches the
// golden file (go test ./internal/evidence/compare -update rewrites it).
func TestWriteTextEngineGolden(t *testing.T) {
	folder := func(id string) Folder { return Folder{Name: id, Dir: filepath.Join("testdata", "runs", id)} }
	tags := map[[2]string][]string{{"API", "Direct API"}: {"@failover", "@direct-master-api"}, {"Swarm", "Node pause"}: {"@swarm"}}
	res, err := Read(folder("compose-c3"), folder("swarm-s4"), filepath.Join("testdata", "explained.md"), limits(tags))
	require.NoError(t, err)
	for _, tc := range []struct {
		golden string
		write  func(io.Writer, Result) error
	}{{"compose-vs-swarm.golden", WriteText}, {"compose-vs-swarm.json.golden", WriteJSON}} {
		t.Run(tc.golden, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, tc.write(&b, res))
			want := filepath.Join("testdata", tc.golden)
			if *update {
				require.NoError(t, os.WriteFile(want, b.Bytes(), 0o644))
			}
			w, err := os.ReadFile(want)
			require.NoError(t, err)
			assert.Equal(t, string(w), b.String(), "%s differs (go test ./internal/evidence/compare -update rewrites it)", want)
		})
	}
}

// Each status and check row comes to one category; times and
// measurements to none.
func TestRowCategory(t *testing.T) {
	same := Side{Present: true, Value: "valid"}
	tests := []struct {
		name string
		row  Row
		want string
	}{
		{"agree", Row{Kind: KindCheck, A: same, B: same}, CategoryAgree},
		{"table", Row{Kind: KindCheck, A: same, Source: "salt/x.py f"}, CategoryExplained},
		{"engine", Row{Kind: KindStatus, A: same, EngineReason: "left out"}, CategoryEngine},
		{"table before engine", Row{Kind: KindCheck, A: same, Source: "salt/x.py f", EngineReason: "left out"}, CategoryExplained},
		{"unexplained", Row{Kind: KindCheck, A: same, B: Side{Present: true, Value: "invalid"}}, CategoryUnexplained},
		{"an agreeing row's reason is no category", Row{Kind: KindCheck, A: same, B: same, EngineReason: "left out"}, CategoryAgree},
		{"time", Row{Kind: KindTime, A: same}, ""},
		{"measurement", Row{Kind: KindMeasurement, A: same}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, tc.row.Category()) })
	}
}
