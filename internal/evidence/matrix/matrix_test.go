package matrix

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

var update = flag.Bool("update", false, "rewrite testdata/release-matrix.md")

// fixtureRuns reads every run folder under testdata/runs.
func fixtureRuns(t *testing.T) []Record {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "runs", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	var runs []Record
	for _, d := range dirs {
		s, err := report.ReadSummary(filepath.Join(d, report.SummaryFile))
		require.NoError(t, err)
		runs = append(runs, RecordOf(filepath.Base(d), s))
	}
	return runs
}

func TestRenderMatchesGolden(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Render(&b, Build(fixtureRuns(t))))
	want := filepath.Join("testdata", "release-matrix.md")
	if *update {
		require.NoError(t, os.WriteFile(want, b.Bytes(), 0o644))
	}
	golden, err := os.ReadFile(want)
	require.NoError(t, err)
	assert.Equal(t, string(golden), b.String(), "go test ./internal/evidence/matrix -update rewrites %s", want)
}

func TestBuild(t *testing.T) {
	m := Build(fixtureRuns(t))
	var labels []string
	for _, r := range m.Releases {
		labels = append(labels, r.Label)
	}
	assert.Equal(t, []string{"3006.10", "3007.8", "3008.4", "3006.9 on the Salt double (sim, not real Salt)"}, labels,
		"real releases oldest first, the double last and labelled as such")
	assert.Equal(t, []string{"failover", "failover-dns", "hot"}, m.Topologies)
	for _, tc := range []struct {
		release, topology string
		want              Cell
	}{
		{"3006.10", "failover", Cell{Run: "m3006-failover", Passed: 3, Total: 3, BringUp: 21440 * time.Millisecond, Suite: 95300 * time.Millisecond}},
		{"3008.4", "hot", Cell{Run: "m3008-hot", Passed: 2, Total: 2, Suite: 43300 * time.Millisecond}},
		{"3007.8", "failover-dns", Cell{Run: "m3007-failover-dns", Passed: 0, Total: 1, BringUp: 18250 * time.Millisecond, Suite: 41 * time.Second}},
	} {
		t.Run(tc.release+"/"+tc.topology, func(t *testing.T) {
			got := m.Cells[tc.release][tc.topology]
			assert.Equal(t, tc.want.Run, got.Run)
			assert.Equal(t, tc.want.Passed, got.Passed)
			assert.Equal(t, tc.want.Total, got.Total)
			assert.Equal(t, tc.want.BringUp, got.BringUp)
			assert.InDelta(t, tc.want.Suite.Seconds(), got.Suite.Seconds(), 0.001)
		})
	}
	assert.Len(t, m.Runs, 7-1, "the older run of 3006.10 x failover is replaced, not listed")
	assert.Equal(t, []string{"ci-7", "lab-4"}, m.Hosts)
}

func TestReleaseLabels(t *testing.T) {
	for _, tc := range []struct {
		flavor report.Flavor
		want   string
	}{
		{report.Flavor{Name: "real", Version: "salt-call 3008.4 (Argon)"}, "3008.4"},
		{report.Flavor{Name: "real", Version: "salt-call 3008.0rc1 (Argon)"}, "3008.0rc1"},
		{report.Flavor{Name: "real", Version: "unknown (salt-call: exit 1)"}, "version unknown"},
		{report.Flavor{Name: "sim", Version: "salt-call 3006.9 (saltlab sim 0.1.0)"}, "3006.9 on the Salt double (sim, not real Salt)"},
		{report.Flavor{Name: "", Version: ""}, "version unknown on the Salt double (sim, not real Salt)"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			rec := RecordOf("x", report.Summary{Run: report.Run{Flavor: tc.flavor}})
			assert.Equal(t, tc.want, ReleaseOf(rec).Label)
		})
	}
}

func TestKnownBad(t *testing.T) {
	rel := func(flavor, version string) Release {
		return ReleaseOf(RecordOf("x", report.Summary{Run: report.Run{Flavor: report.Flavor{Name: flavor, Version: version}}}))
	}
	for topo, bad := range map[string]bool{"failover-dns": true, "ai-infra-matrix": true, "failover": false, "failover-pki": false, "hot": false, "syndic": false} {
		_, got := KnownBad(topo, rel("real", "salt-call 3006.29"))
		assert.Equal(t, bad, got, topo)
	}
	// The DNS trap needs minions without the ZeroMQ monitor (3007.15+).
	for _, tc := range []struct {
		rel  Release
		want bool
	}{
		{rel("real", "salt-call 3007.14"), true},
		{rel("real", "salt-call 3007.15"), false},
		{rel("real", "salt-call 3008.4"), false},
		{rel("sim", "salt-call 3006.9"), true},
		{rel("real", ""), true},
	} {
		_, got := KnownBad("failover-dns", tc.rel)
		assert.Equal(t, tc.want, got, tc.rel.Label)
	}
}

func TestRenderEmptyAndEscaped(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Render(&b, Build(nil)))
	assert.Contains(t, b.String(), "Measured never on an unnamed host.")
	r := RecordOf("x", report.Summary{Error: "a | b\nc", Run: report.Run{Topology: "hot", Host: "h",
		Flavor: report.Flavor{Name: "real", Version: "salt-call 3007.8"}}})
	b.Reset()
	require.NoError(t, Render(&b, Build([]Record{r})))
	assert.Contains(t, b.String(), `failed (0 failed, 0 errors, 0 skipped): a \| b c |`)
	assert.Contains(t, b.String(), "| 3007.8 | 0/0 passed, bring-up not recorded, suite 0.0s, run error (see x) |")
}
