package scenario

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// TestResetRestoresTheBootLayout: the reset between scenarios leaves every
// failover daemon on its first master, the layout the next scenario starts
// from. A daemon that booted onto salt-master-2 (its one sign-in try on
// salt-master-1 timed out) is restarted again, up to resetTries restarts.
func TestResetRestoresTheBootLayout(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(*scenariotest.Lab)
		wantErr    string
		wantStarts int
	}{
		{name: "every daemon on its first master at once", setup: func(*scenariotest.Lab) {}, wantStarts: 2},
		{name: "a stray is restarted until it boots onto its first master", setup: func(f *scenariotest.Lab) { f.StrayBoots = 1 }, wantStarts: 3},
		{name: "strays after every restart", setup: func(f *scenariotest.Lab) { f.StrayBoots = 100 }, wantStarts: 2 * resetTries,
			wantErr: "expected every failover minion to boot onto its first master, the layout the next scenario starts from, within 3 restarts; observed: salt-minion-1 signed in to salt-master-2, not to its first master salt-master-1; salt-minion-2 signed in to salt-master-2, not to its first master salt-master-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			tt.setup(lab)
			rec := scenariotest.NewHistory(t, t.TempDir())
			lab.Rec = rec
			for _, m := range []string{"salt-master-1", "salt-master-2"} {
				_, err := rec.Append(history.Entry{Type: history.Watch, Master: m, Phase: history.Start})
				require.NoError(t, err)
			}
			w := &World{Deps: Deps{Lab: lab, History: rec, HealthTimeout: time.Second}}
			err := resetMinions(context.Background(), w)
			if tt.wantErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tt.wantErr)
			}
			assert.Equal(t, tt.wantStarts, lab.MinionStarts)
		})
	}
}
