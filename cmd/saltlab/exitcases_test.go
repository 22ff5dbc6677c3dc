package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// exitCase is one command line of an offline command (compare, matrix)
// and what it must do: its exit code and text expected on each stream.
type exitCase struct {
	name   string
	args   []string
	code   int
	stdout string
	stderr string
}

// runExitCases runs each case through Main; bad input (exit 2) must be
// refused before anything is printed on stdout.
func runExitCases(t *testing.T, cmd string, tests []exitCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			assert.Equal(t, tc.code, Main(append([]string{cmd}, tc.args...), &out, &errOut), "stderr: %s", errOut.String())
			assert.Contains(t, out.String(), tc.stdout)
			assert.Contains(t, errOut.String(), tc.stderr)
			if tc.code == exitUsage {
				assert.Empty(t, out.String(), "bad input is refused before anything is printed")
			}
		})
	}
}
