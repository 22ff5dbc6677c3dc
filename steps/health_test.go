package steps

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
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
				inv, err := rec.Append(history.Entry{Type: history.Invoke, Time: at, F: checker.AnswersOp, Node: "m1", Process: "answers-probe"})
				require.NoError(t, err)
				_, err = rec.Append(history.Entry{Type: typ, Time: at.Add(time.Second), Pair: inv.Index, F: checker.AnswersOp, Node: "m1", Process: "answers-probe"})
				require.NoError(t, err)
			}
			w := &world{Deps: Deps{History: rec, Verdicts: &checker.Judgements{}}, scenario: "s", from: rec.Next()}
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
