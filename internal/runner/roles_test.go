package runner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

// TestCheckRoles: a missing or wrong x-saltlab block is bad input (exit 2)
// naming the file and the key, found without Docker.
func TestCheckRoles(t *testing.T) {
	tests := []struct {
		file    string
		wantErr []string
	}{
		{file: "testdata/roles/good.yaml"},
		{file: "testdata/roles/missing.yaml", wantErr: []string{"missing.yaml: no top-level x-saltlab block"}},
		{file: "testdata/roles/bad-path.yaml", wantErr: []string{"bad-path.yaml", `x-saltlab.api.base_path: "salt-api/" does not start with "/"`}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			err := checkRoles(context.Background(), tt.file, "roles-test")
			if len(tt.wantErr) == 0 {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, usage.Is(err), "exit 2")
			for _, w := range tt.wantErr {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}
