package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// GoTool returns the go command of the toolchain that built the running
// test binary (its GOROOT), else the go on PATH. A test that asks for it
// inspects the module with go itself (go list), which any machine that
// runs `go test` has, so it fails rather than skips when there is none.
func GoTool(t testing.TB) string {
	t.Helper()
	tried := []string{}
	if root := runtime.GOROOT(); root != "" {
		p := filepath.Join(root, "bin", "go")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		tried = append(tried, p)
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	tried = append(tried, "go on PATH")
	t.Fatalf("find the go command that built this test: tried %v; run the test with `go test` from a Go toolchain, or put its bin folder on PATH", tried)
	return ""
}
