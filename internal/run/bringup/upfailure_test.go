package bringup

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExplainUpFailure(t *testing.T) {
	pending := errors.New(`service "salt-minion-1" did not become healthy within 2m0s (HealthTimeout)
--- last 20 log lines of saltlab-failover-x-salt-minion-1-1 ---
[ERROR   ] The Salt Master has cached the public key for this node, this salt minion will wait for 10 seconds before attempting to re-authenticate`)
	other := errors.New(`service "salt-minion-1" did not become healthy within 2m0s (HealthTimeout)
--- last 20 log lines ---
[ERROR   ] Error while bringing up minion for multi-master. Is master at salt-master-1 responding?`)
	tests := []struct {
		name    string
		in      error
		pending bool
	}{
		{"no error", nil, false},
		{"a pending key in the minion's log", pending, true},
		{"another failure", other, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := explainUpFailure(tc.in)
			if tc.in == nil {
				assert.NoError(t, got)
				return
			}
			require.Error(t, got)
			assert.ErrorIs(t, got, tc.in, "the original failure and its log lines are kept")
			assert.Equal(t, tc.pending, errors.Is(got, errKeyPending))
			if tc.pending {
				assert.Contains(t, got.Error(), "--set master.auto_accept=true", "the message names the fix")
			} else {
				assert.Equal(t, tc.in.Error(), got.Error(), "nothing is added without evidence")
			}
		})
	}
}
