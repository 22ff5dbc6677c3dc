package saltdist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

func TestParseReleases(t *testing.T) {
	tests := []struct {
		name, out string
		want      []string
	}{
		{"index versions", "WARNING: pip index is currently an experimental command.\nsalt (3008.5)\nAvailable versions: 3008.5, 3008.4, 3007.14, 3006.10\n  LATEST: 3008.5\n", []string{"3008.5", "3008.4", "3007.14", "3006.10"}},
		{"from versions", "ERROR: Could not find a version that satisfies the requirement salt==9 (from versions: 3006.9, 3007.1)\n", []string{"3006.9", "3007.1"}},
		{"none", "ERROR: Could not find a version that satisfies the requirement salt (from versions: none)\n", nil},
		{"odd entries dropped", "Available versions: 3008.5, 1.0.post1, , 2019.2.8\n", []string{"3008.5", "2019.2.8"}},
		{"empty", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ParseReleases(tc.out))
		})
	}
}

func TestFailingLinesAndUnreachable(t *testing.T) {
	out, err := os.ReadFile(filepath.Join("testdata", "pip-unreachable.txt"))
	require.NoError(t, err)
	lines := FailingLines(string(out))
	assert.True(t, Unreachable(string(out)))
	require.Len(t, lines, 3)
	assert.True(t, strings.HasPrefix(lines[0], "WARNING: Retrying"), lines[0])
	assert.Contains(t, lines[0], "Name or service not known")
	assert.Equal(t, "ERROR: Could not find a version that satisfies the requirement salt==3008.* (from versions: none)", lines[1])
	assert.Equal(t, "ERROR: No matching distribution found for salt==3008.*", lines[2])

	build, err := os.ReadFile(filepath.Join("testdata", "build-missing-dep.txt"))
	require.NoError(t, err)
	assert.False(t, Unreachable(string(build)))
	assert.Equal(t, []string{
		"ERROR: Could not find a version that satisfies the requirement pyzmq>=25.1.2 (from salt) (from versions: none)",
		"ERROR: No matching distribution found for pyzmq>=25.1.2",
		"saltlab: error: pip could not install salt==3008.5 CherryPy from the wheelhouse",
	}, FailingLines(string(build)))
	assert.Equal(t, "pyzmq>=25.1.2", missingRequirement(string(build)))
	assert.Equal(t, "", missingRequirement("all fine"))

	many := strings.Repeat("ERROR: a\nERROR: b\n", 3) + strings.Repeat("ERROR: x\n", 1)
	for i := 0; i < 20; i++ {
		many += "ERROR: line " + strings.Repeat("y", i) + "\n"
	}
	assert.Len(t, FailingLines(many), maxFailingLines, "a failure never shows the whole log")

	long := "ERROR: " + strings.Repeat("é", 2*maxFailingLine)
	assert.Equal(t, []string{"ERROR: " + strings.Repeat("é", maxFailingLine-8) + "…"}, FailingLines(long), "a long line is clipped on a rune boundary")
}

func FuzzParseReleases(f *testing.F) {
	for _, name := range []string{"pip-unreachable.txt", "build-missing-dep.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(string(b))
	}
	f.Add("Available versions: 3008.5, 3008.4\n")
	f.Add("(from versions: 3006.1, 3007rc1, x)")
	f.Fuzz(func(t *testing.T, out string) {
		for _, v := range ParseReleases(out) {
			_, err := saltver.Parse(v)
			assert.NoError(t, err, "ParseReleases returned a non-version %q", v)
		}
		lines := FailingLines(out)
		assert.LessOrEqual(t, len(lines), maxFailingLines)
		for _, l := range lines {
			assert.NotContains(t, l, "\n")
		}
		missingRequirement(out)
	})
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"", "3006", "3007.8", "3008.0rc1", "banana", "3007.*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseSpec(in)
		if err != nil {
			return
		}
		// Whatever is accepted must make a plain pip requirement: no
		// spaces, quotes or shell characters can reach pip or a RUN line.
		req := s.Requirement()
		assert.Regexp(t, `^salt==[0-9]{4}(\.[0-9a-z.*]+)?$`, req)
	})
}
