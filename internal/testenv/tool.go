// Package testenv is for tests only: it finds the host tools some tests
// drive (shellcheck, xmllint, chromium, salt-pepper, pip, docker-compose),
// in one place with one rule. `make test-prereqs` installs them; under CI a missing
// tool fails the test, elsewhere it skips visibly, never passing quietly.
package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// Tool returns the path of the first of names on PATH. debPackage is the
// Debian package that provides it, for the message.
func Tool(t testing.TB, debPackage string, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	missing(t, names[0], debPackage)
	return ""
}

// Pip returns the argv of the host's pip (python3 -m pip) when it runs.
func Pip(t testing.TB) []string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err == nil {
		err = exec.Command(py, "-m", "pip", "--version").Run()
	}
	if err != nil {
		missing(t, "python3 -m pip", "python3-pip")
	}
	return []string{py, "-m", "pip"}
}

func missing(t testing.TB, what, debPackage string) {
	t.Helper()
	cannotRun(t, os.Getenv, fmt.Sprintf("%s is missing: install Debian's %s (make test-prereqs does) to run this test", what, debPackage))
}
