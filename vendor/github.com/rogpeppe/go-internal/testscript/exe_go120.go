//go:build go1.20
// +build go1.20

package testscript

// Added to Debian's go-internal 1.9.0 when saltlab vendored it (see
// docs/testing.md): the methods testing.MainStart's deps gained after
// Go 1.18, which RunMain's coverage path calls. go-internal 1.10.0 and
// later have their own.

// InitRuntimeCoverage was added in Go 1.20; no coverage is collected here.
func (nopTestDeps) InitRuntimeCoverage() (mode string, tearDown func(coverprofile string, gocoverdir string) (string, error), snapcov func() float64) {
	return "", nil, nil
}

// ModulePath was added in Go 1.21.
func (nopTestDeps) ModulePath() string { return "" }
