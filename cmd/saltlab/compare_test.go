package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The compare package's fixture runs and explained table.
const compareData = "../../internal/evidence/compare/testdata"

// compare exits 0 without unexplained differences (or with
// --allow-different), 1 with them, and 2 on bad input before printing.
func TestCompareExitCodes(t *testing.T) {
	sim, real := filepath.Join(compareData, "runs", "sim-r1"), filepath.Join(compareData, "runs", "real-r2")
	// compose-c3 and swarm-s4 record their engines in run.json; their
	// scenarios are no feature file's, so only the check a Swarm lab
	// cannot judge is explained by the engine.
	compose, swarm := filepath.Join(compareData, "runs", "compose-c3"), filepath.Join(compareData, "runs", "swarm-s4")
	explained := filepath.Join(compareData, "explained.md")
	empty := filepath.Join(t.TempDir(), "empty.md")
	assert.NoError(t, os.WriteFile(empty, []byte("# nothing explained\n"), 0o644))
	broken := filepath.Join(t.TempDir(), "broken.md")
	assert.NoError(t, os.WriteFile(broken, []byte("## Differences from real Salt\n\n| scenario | check | real | sim | Salt source |\n|---|---|---|---|---|\n| s | * | passed | failed | |\n"), 0o644))
	tests := []exitCase{
		{"same run", []string{"--root", "../..", real, real}, exitOK, "8 agree, 0 differ (0 explained, 0 explained by the engine, 0 unexplained)", ""},
		{"by run id", []string{"--root", "../..", "--reports", filepath.Join(compareData, "runs"), "real-r2", "real-r2"}, exitOK, "A: r2  real 3008.1", ""},
		{"unexplained", []string{"--explained", explained, sim, real}, exitFailed, "5 differ (1 explained, 0 explained by the engine, 4 unexplained)", "compare: 4 difference(s) not explained in " + explained},
		{"allowed", []string{"--explained", empty, "--allow-different", sim, real}, exitOK, "5 differ (0 explained, 0 explained by the engine, 5 unexplained)", ""},
		{"engines differ", []string{"--root", "../..", compose, swarm}, exitFailed, "9 differ (0 explained, 2 explained by the engine, 7 unexplained)", "compare: 7 difference(s) not explained"},
		{"as JSON", []string{"--root", "../..", "--json", "--allow-different", compose, swarm}, exitOK, `"explained_by_engine": 2,`, ""},
		{"engines differ, no features", []string{"--root", "/nonexistent", "--explained", explained, compose, swarm}, exitUsage, "", "the runs' engines differ, and what an engine leaves out is told by the scenarios' tags"},
		{"one run", []string{real}, exitUsage, "", "compare: name two runs"},
		{"three runs", []string{real, real, real}, exitUsage, "", "compare: unexpected arguments"},
		{"not a run", []string{"--root", "../..", "/nonexistent/run", real}, exitUsage, "", "compare: /nonexistent/run is not a run folder: name a finished run's folder"},
		{"no summary", []string{"--root", "../..", t.TempDir(), real}, exitUsage, "", "summary.json: no such file or directory (name a finished run's folder"},
		{"no explained file", []string{"--root", "/nonexistent", real, real}, exitUsage, "", "pass --explained FILE, or --root at the saltlab checkout"},
		{"source missing", []string{"--explained", broken, real, real}, exitUsage, "", "line 5: empty Salt source"},
	}
	runExitCases(t, "compare", tests)
}
