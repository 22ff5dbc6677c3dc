package images

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGoTool: the go the images are built with is the one
// internal/toolchain/ensure-go prints, as make's; a root without the
// script uses the go on PATH; a script that fails or prints nothing is an
// error naming it.
func TestGoTool(t *testing.T) {
	tests := []struct {
		name    string
		script  string // "" leaves the script out
		want    string
		wantErr string
		rel     bool // pass the root relative to the working directory, as the tests' --root ../.. does
	}{
		{name: "no script: the go on PATH", want: "go"},
		{name: "the path the script prints", script: "#!/bin/sh\necho 'saltlab: using a cached go' >&2\necho /opt/go/bin/go\n", want: "/opt/go/bin/go"},
		{name: "a failing script names itself and its message", script: "#!/bin/sh\necho 'saltlab: no Go >= 1.26.0' >&2\nexit 1\n", wantErr: "no Go >= 1.26.0"},
		{name: "a script that prints no path", script: "#!/bin/sh\nexit 0\n", wantErr: "printed no path"},
		{name: "a relative root still finds its script", script: "#!/bin/sh\necho /opt/go/bin/go\n", want: "/opt/go/bin/go", rel: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.script != "" {
				dir := filepath.Join(root, "internal", "toolchain")
				require.NoError(t, os.MkdirAll(dir, 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, "ensure-go"), []byte(tt.script), 0o755))
			}
			if tt.rel {
				// Below the working directory, so that the path does not
				// resolve to the same place from the root and from here.
				t.Chdir(filepath.Dir(root))
				root = filepath.Base(root)
			}
			got, err := NewBuilder(nil, root, io.Discard).goTool(context.Background())
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.Contains(t, err.Error(), "ensure-go")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
