package scenario

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

// TestJudgeHonestHealth: after a scenario, honest-health judges the
// masters the run probes, from the scenario's first entry, once a last
// round of probes is in; without probed masters nothing is judged.
func TestJudgeHonestHealth(t *testing.T) {
	tests := []struct {
		name    string
		answers bool // the run probes masters
		frozen  bool // the master stops answering while Docker calls it healthy
		verdict checker.Verdict
	}{
		{"no master probed: no check", false, false, ""},
		{"answering master", true, false, checker.Valid},
		{"frozen master Docker calls healthy", true, true, checker.Invalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := history.Create(filepath.Join(t.TempDir(), history.FileName))
			require.NoError(t, err)
			defer rec.Close()
			t0 := time.Now().Add(-time.Minute)
			_, err = rec.Append(history.Entry{Type: history.Health, Node: "m1", Health: history.Healthy, Time: t0})
			require.NoError(t, err)
			probe := func(at time.Time, typ history.Type) {
				inv, err := rec.Append(history.Entry{Type: history.Invoke, Time: at, F: history.AnswersOp, Node: "m1", Process: "answers-probe"})
				require.NoError(t, err)
				_, err = rec.Append(history.Entry{Type: typ, Time: at.Add(time.Second), Pair: inv.Index, F: history.AnswersOp, Node: "m1", Process: "answers-probe"})
				require.NoError(t, err)
			}
			w := &World{Deps: Deps{History: rec, Verdicts: &checker.Judgements{}}, Name: "s", From: rec.Next()}
			rounds := 0
			if tc.answers {
				w.Answers = func(context.Context) []string {
					rounds++
					typ := history.OK
					if tc.frozen {
						for at := t0.Add(10 * time.Second); at.Before(t0.Add(40 * time.Second)); at = at.Add(2 * time.Second) {
							probe(at, history.Fail)
						}
						typ = history.Fail
					}
					probe(t0.Add(41*time.Second), typ)
					return []string{"m1"}
				}
			}
			err = w.judgeHonestHealth(context.Background())
			all := w.Verdicts.All()
			if tc.verdict == "" {
				assert.NoError(t, err)
				assert.Empty(t, all)
				return
			}
			assert.Equal(t, 1, rounds, "one last round of probes")
			require.Len(t, all, 1)
			assert.Equal(t, checker.NameHonestHealth, all[0].Name)
			assert.Equal(t, afterScenario, all[0].Step)
			assert.Equal(t, tc.verdict, all[0].Result.Verdict, all[0].Result.Observed)
			if tc.verdict == checker.Invalid {
				assert.ErrorContains(t, err, "honest-health: invalid")
			} else {
				assert.NoError(t, err)
			}
		})
	}
}

// TestHealthLagCoversTheTopologiesChecks: healthLag is arithmetic on the
// built-in topologies' master health checks (retries x (interval +
// timeout), plus the run's own 2 s probe); a topology whose check takes
// longer to notice would make honest-health blame an honest check. And no
// check probes faster than every second: each probe is a docker exec, and
// at 500 ms the probes of an idle real lab cost 0.4 of a core more
// (docs/benchmarks.md, "What an idle lab costs").
func TestHealthLagCoversTheTopologiesChecks(t *testing.T) {
	const runProbeEvery = 2 * time.Second // internal/run/record answersEvery
	// ai-infra-matrix is a user's deployment as they run it, health check
	// included (a process grep with 240 retries): honest-health is there to
	// expose such a check, not to be bounded by it.
	ownChecks := map[string]bool{"ai-infra-matrix": true}
	files, err := filepath.Glob("../../compose/*/compose.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f)), func(t *testing.T) {
			po, err := cli.NewProjectOptions([]string{f}, cli.WithName("health-test"), cli.WithInterpolation(true))
			require.NoError(t, err)
			p, err := po.LoadProject(context.Background())
			require.NoError(t, err)
			r, err := roles.FromProject(p)
			require.NoError(t, err)
			for name, svc := range p.Services {
				hc := svc.HealthCheck
				if hc == nil || hc.Disable || hc.Interval == nil {
					continue
				}
				assert.GreaterOrEqual(t, time.Duration(*hc.Interval), time.Second, "%s probes faster than every second", name)
				if ownChecks[filepath.Base(filepath.Dir(f))] || !slices.Contains(r.Masters, name) {
					continue
				}
				require.NotNil(t, hc.Retries, name)
				timeout := 30 * time.Second // Docker's default
				if hc.Timeout != nil {
					timeout = time.Duration(*hc.Timeout)
				}
				notice := time.Duration(*hc.Retries)*(time.Duration(*hc.Interval)+timeout) + runProbeEvery
				assert.LessOrEqual(t, notice, healthLag.Limit, "%s: Docker may call a silent master healthy for %s", name, notice)
			}
		})
	}
}
