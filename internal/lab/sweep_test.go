package lab

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExplainNetworkRemove(t *testing.T) {
	stale := errors.New("Error response from daemon: error while removing network: network lab_default id ab87 has active endpoints")
	const fix = "restart the Docker engine, then run `saltlab down --all`"
	tests := []struct {
		name    string
		err     error
		left    int
		explain bool
	}{
		{"no container left: the engine's stale endpoint", stale, 0, true},
		{"a container is still there: an ordinary failure", stale, 1, false},
		{"another failure", errors.New("Error response from daemon: connection refused"), 0, false},
	}
	for _, tt := range tests {
		got := explainNetworkRemove("lab_default", tt.err, tt.left)
		assert.ErrorIs(t, got, tt.err, tt.name)
		assert.True(t, strings.HasPrefix(got.Error(), "remove network lab_default: "), tt.name)
		assert.Equal(t, tt.explain, strings.Contains(got.Error(), fix), tt.name)
	}
}
