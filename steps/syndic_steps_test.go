package steps

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syndicFake is a unit-test double of the syndic topology: runs says how
// many times each minion executes (and reports) a job from the MoM.
type syndicFake struct {
	runs   map[string]int
	ping   any // what each minion returns to test.ping
	marker map[string]string
}

func (f *syndicFake) Services() []string {
	return []string{"key-wait", "salt-master-mom", "salt-minion-1", "salt-minion-2", "salt-syndic-1", "salt-syndic-2"}
}
func (f *syndicFake) Status(context.Context, string) (string, error)    { return "healthy", nil }
func (f *syndicFake) Stop(context.Context, string, time.Duration) error { return nil }
func (f *syndicFake) Published(context.Context, string, string) (string, error) {
	return "", errors.New("syndic fake publishes no port")
}
func (f *syndicFake) Start(context.Context, string) error { return nil }
func (f *syndicFake) Exec(_ context.Context, svc string, argv []string) (Output, error) {
	cmd := strings.Join(argv, " ")
	if svc != "salt-master-mom" {
		return Output{Stdout: f.marker[svc]}, nil
	}
	var b strings.Builder
	// a syndic id that has not returned yet, as real Salt prints it
	b.WriteString("{\"salt-syndic-1\": \"Minion did not return. [No response]\"}\n")
	for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
		for i := 0; i < f.runs[m]; i++ {
			if strings.Contains(cmd, "cmd.run") {
				f.marker[m] += "ran\n"
				fmt.Fprintf(&b, "{\"%s\": \"\"}\n", m)
			} else {
				fmt.Fprintf(&b, "{\"%s\": %v}\n", m, f.ping)
			}
		}
	}
	return Output{Stdout: b.String(), ExitCode: 1}, nil
}

func TestSyndicSteps(t *testing.T) {
	tests := []struct {
		name               string
		runs               map[string]int
		ping               any
		pingErr, markerErr string
	}{
		{name: "each minion once", runs: map[string]int{"salt-minion-1": 1, "salt-minion-2": 1}, ping: true},
		{name: "dedup failed on one minion", runs: map[string]int{"salt-minion-1": 2, "salt-minion-2": 1}, ping: true,
			pingErr:   "salt-minion-1: 2 documents (the job ran more than once)",
			markerErr: "salt-minion-1: cat exited 0 with 2 lines"},
		{name: "a minion unreachable", runs: map[string]int{"salt-minion-1": 1}, ping: true,
			pingErr: "salt-minion-2: no document", markerErr: "salt-minion-2: cat exited 0 with 0 lines"},
		{name: "a minion answers false", runs: map[string]int{"salt-minion-1": 1, "salt-minion-2": 1}, ping: false,
			pingErr: "salt-minion-1: returned false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lab := &syndicFake{runs: tc.runs, ping: tc.ping, marker: map[string]string{}}
			ctx := context.WithValue(context.Background(), worldKey{}, &world{Deps: Deps{Lab: lab}})
			err := masterReachesEveryMinionOnce(ctx, "salt-master-mom")
			if tc.pingErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.pingErr)
			}
			require.ErrorContains(t, markerHasOneLine(ctx), "no marker job ran")
			err = masterAppendsMarker(ctx, "salt-master-mom")
			if tc.markerErr != "" {
				assert.Error(t, err, "the job step also sees the duplicate or missing return")
				require.ErrorContains(t, markerHasOneLine(ctx), tc.markerErr)
				return
			}
			require.NoError(t, err)
			require.NoError(t, markerHasOneLine(ctx))
		})
	}
}
