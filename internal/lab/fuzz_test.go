package lab

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadOverride: a compose override file (what a topology or a user
// layers over a base file) never panics the loader or the conversion to
// Docker's API; it loads or fails with an error.
func FuzzLoadOverride(f *testing.F) {
	for _, name := range []string{"override.yaml", "unsupported.yaml", "privileged.yaml", "bad-hostip.yaml"} {
		b, err := os.ReadFile(fixture(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("services:\n  db:\n    deploy:\n      resources:\n        limits: {memory: 2g, pids: 10, cpus: '0.5'}\n"))
	f.Add([]byte("services:\n  db:\n    mem_limit: -1\n    pids_limit: -1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		override := filepath.Join(t.TempDir(), "override.yaml")
		if err := os.WriteFile(override, b, 0o600); err != nil {
			t.Fatal(err)
		}
		opts := testOptions("basic.yaml")
		opts.Files = append(opts.Files, override)
		_, _ = Load(context.Background(), nil, opts)
	})
}
