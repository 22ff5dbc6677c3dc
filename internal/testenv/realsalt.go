package testenv

import (
	"os"
	"strconv"
	"testing"
)

// NeedRealSalt stops a test that needs genuine Salt (a package index, a
// wheelhouse) where it cannot have it. On a user's machine it skips,
// saying so; under CI (CI=true) it fails, because a skip there would be
// reported as a green run without the real comparison.
func NeedRealSalt(t testing.TB, why string) {
	t.Helper()
	cannotRun(t, os.Getenv, "real Salt cannot be had here: "+why)
}

// CannotCheck stops a test whose check cannot be made on this host (what
// it needs is absent, or something present would hide the behaviour under
// test), by the same rule as NeedRealSalt: fail under CI, skip elsewhere.
func CannotCheck(t testing.TB, why string) {
	t.Helper()
	cannotRun(t, os.Getenv, why)
}

// cannotRun is the one skip-or-fail rule; getenv is os.Getenv but for tests.
func cannotRun(t testing.TB, getenv func(string) string, why string) {
	t.Helper()
	if InCI(getenv) {
		t.Fatalf("FAILED under CI (CI requires this test, so it may not skip): %s", why)
		return
	}
	t.Skipf("SKIPPED (not a pass): %s", why)
}

// InCI reports whether the CI variable says this is a CI run: CI runners
// set CI=true; any value but empty, false or 0 counts, so a typo fails
// loudly rather than skipping quietly.
func InCI(getenv func(string) string) bool {
	v := getenv("CI")
	if v == "" {
		return false
	}
	ci, err := strconv.ParseBool(v)
	return err != nil || ci
}
