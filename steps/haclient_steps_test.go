package steps

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/scenario"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

func TestHATimingsFollowGatherJobTimeout(t *testing.T) {
	got := haTimingsFor(10 * time.Second)
	assert.Equal(t, apiJobTimeout*time.Second+10*time.Second+haAttemptSlack, got.attempt)
	assert.Equal(t, 2*got.attempt+haAttemptSlack, got.budget)
	assert.Equal(t, got.budget+haStopMargin, got.stop)
	assert.Less(t, haTimingsFor(2*time.Second).attempt, got.attempt, "a shorter gather round shortens every bound")
}

// The HA client's bounds and endpoints come from the masters' own
// options; a master without them is named.
func TestHAClientReadsTheMastersConfig(t *testing.T) {
	tests := []struct {
		name       string
		opts       map[string]string
		wantGather time.Duration
		wantPort   int
		wantErr    string
	}{
		{"numbers", map[string]string{"gather_job_timeout": "10", "rest_cherrypy:port": "8000"}, 10 * time.Second, 8000, ""},
		{"strings and fractions", map[string]string{"gather_job_timeout": `"2.5"`, "rest_cherrypy:port": `"8443"`}, 2500 * time.Millisecond, 8443, ""},
		{"no salt-api", map[string]string{"gather_job_timeout": "10"}, 10 * time.Second, 0,
			"read rest_cherrypy:port on salt-master-1: expected a port; observed null (is salt-api configured on that master?)"},
		{"port out of range", map[string]string{"gather_job_timeout": "10", "rest_cherrypy:port": "70000"}, 10 * time.Second, 0, "expected a port; observed 70000"},
		{"gather not a number", map[string]string{"gather_job_timeout": `"soon"`}, 0, 0,
			`read gather_job_timeout on salt-master-1: expected a positive number of seconds; observed "soon"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			lab.MasterOpts = tt.opts
			rec := scenariotest.NewHistory(t, t.TempDir())
			ctx := context.WithValue(context.Background(), worldKey{}, &world{World: &scenario.World{Deps: scenario.Deps{Lab: lab, History: rec,
				Verdicts: &checker.Judgements{}, Measurements: &report.Measurements{}}}})
			w := worldFrom(ctx)
			gather, gerr := longestGather(ctx, w)
			port, perr := apiPort(ctx, w, "salt-master-1")
			if tt.wantGather == 0 {
				require.EqualError(t, gerr, tt.wantErr)
				return
			}
			require.NoError(t, gerr)
			assert.Equal(t, tt.wantGather, gather)
			if tt.wantErr != "" {
				require.ErrorContains(t, perr, tt.wantErr)
				return
			}
			require.NoError(t, perr)
			assert.Equal(t, tt.wantPort, port)
		})
	}
}
