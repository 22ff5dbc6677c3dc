package lab

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadBound is how long Load may take to refuse a compose file it will
// not read: a read of a fifo would never end.
const loadBound = 20 * time.Second

// TestLoadRefusesComposeFilesThatAreNotFiles: a compose file given, one
// it includes or extends, or an env_file or label_file of its services,
// that is a fifo is refused before compose-go reads it, naming it.
func TestLoadRefusesComposeFilesThatAreNotFiles(t *testing.T) {
	tests := map[string]string{
		"given":      "",
		"included":   "include:\n  - other.yaml\nservices:\n  a:\n    image: x\n",
		"extended":   "services:\n  a:\n    image: x\n    extends:\n      file: other.yaml\n      service: b\n",
		"env_file":   "services:\n  a:\n    image: x\n    env_file: other.yaml\n",
		"label_file": "services:\n  a:\n    image: x\n    label_file: other.yaml\n",
	}
	for name, main := range tests {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			bad := filepath.Join(dir, "other.yaml")
			require.NoError(t, syscall.Mkfifo(bad, 0o644))
			file := bad
			if main != "" {
				file = filepath.Join(dir, "compose.yaml")
				require.NoError(t, os.WriteFile(file, []byte(main), 0o644))
			}
			opts := testOptions()
			opts.Files = []string{file}
			done := make(chan error, 1)
			go func() {
				_, err := Load(context.Background(), nil, opts)
				done <- err
			}()
			select {
			case err := <-done:
				assert.ErrorContains(t, err, bad+" is a fifo (named pipe), not a regular file")
			case <-time.After(loadBound):
				t.Fatalf("Load did not return within %v: it reads the fifo %s", loadBound, bad)
			}
		})
	}
}
