package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// TestResetRestoresTheBootLayout: the reset between scenarios leaves every
// failover daemon on its first master, the layout the next scenario starts
// from. A daemon that booted onto salt-master-2 (its one sign-in try on
// salt-master-1 timed out) is restarted again, up to resetTries restarts.
func TestResetRestoresTheBootLayout(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(*fakeLab)
		wantErr    string
		wantStarts int
	}{
		{name: "every daemon on its first master at once", setup: func(*fakeLab) {}, wantStarts: 2},
		{name: "a stray is restarted until it boots onto its first master", setup: func(f *fakeLab) { f.strayBoots = 1 }, wantStarts: 3},
		{name: "strays after every restart", setup: func(f *fakeLab) { f.strayBoots = 100 }, wantStarts: 2 * resetTries,
			wantErr: "expected every failover minion to boot onto its first master, the layout the next scenario starts from, within 3 restarts; observed: salt-minion-1 signed in to salt-master-2, not to its first master salt-master-1; salt-minion-2 signed in to salt-master-2, not to its first master salt-master-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := newFakeLab()
			tt.setup(lab)
			rec := newHistory(t, t.TempDir())
			lab.rec = rec
			for _, m := range []string{"salt-master-1", "salt-master-2"} {
				_, err := rec.Append(history.Entry{Type: history.Watch, Master: m, Phase: history.Start})
				require.NoError(t, err)
			}
			w := &world{Deps: Deps{Lab: lab, History: rec, HealthTimeout: time.Second}}
			err := resetMinions(context.Background(), w)
			if tt.wantErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tt.wantErr)
			}
			assert.Equal(t, tt.wantStarts, lab.minionStarts)
		})
	}
}

// TestResetIsOwedToTheNextScenario: the reset after a faulted scenario
// runs before the next scenario, so the last scenario's reset, which the
// torn-down lab never uses, is not paid; with EagerReset (a lab kept after
// the run) it runs right after each faulted scenario. Either way the
// second scenario starts from freshly booted minions.
func TestResetIsOwedToTheNextScenario(t *testing.T) {
	tests := []struct {
		name       string
		eager      bool
		wantStarts int // minion starts: two minions per reset
	}{
		{name: "owed to the next scenario", eager: false, wantStarts: 2},
		{name: "eager, for a kept lab", eager: true, wantStarts: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := newFakeLab()
			status, out, _, ledger := runFeatureWith(t, "testdata/two_stops.feature", lab, "pretty", tt.eager)
			require.Equal(t, 0, status, out)
			assert.Equal(t, tt.wantStarts, lab.minionStarts, out)
			assert.Empty(t, ledger.Pending(), "both stops were healed")
			assert.Equal(t, tt.wantStarts/2, strings.Count(out, "so the next scenario starts from a fresh boot"), "one log line per reset")
		})
	}
}
