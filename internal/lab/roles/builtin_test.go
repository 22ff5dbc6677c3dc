package roles

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuiltinTopologies: every topology under compose/ declares roles that
// check out against its own services.
func TestBuiltinTopologies(t *testing.T) {
	files, err := filepath.Glob("../../../compose/*/compose.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f)), func(t *testing.T) {
			po, err := cli.NewProjectOptions([]string{f}, cli.WithName("roles-test"), cli.WithInterpolation(true))
			require.NoError(t, err)
			p, err := po.LoadProject(context.Background())
			require.NoError(t, err)
			r, err := FromProject(p)
			require.NoError(t, err)
			assert.NotEmpty(t, r.Masters)
			assert.NotEmpty(t, r.Minions)
		})
	}
}

// TestFromProjectErrors: errors name the file, the key and the fix.
func TestFromProjectErrors(t *testing.T) {
	tests := []struct{ file, wantErr string }{
		{file: "testdata/no-roles.yaml", wantErr: "no-roles.yaml: no top-level x-saltlab block"},
		{file: "testdata/unpublished-api.yaml", wantErr: "x-saltlab.api.port: service lb does not publish container port 80: add `ports:"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			po, err := cli.NewProjectOptions([]string{tt.file}, cli.WithName("roles-test"))
			require.NoError(t, err)
			p, err := po.LoadProject(context.Background())
			require.NoError(t, err)
			_, err = FromProject(p)
			assert.ErrorContains(t, err, tt.wantErr)
		})
	}
}
