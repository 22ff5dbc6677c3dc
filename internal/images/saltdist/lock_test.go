package saltdist

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseLock(t *testing.T) {
	pins := ParseLock("# uv\naiohttp==3.14.1\n    # via -r base.txt\nJinja2==3.1.6 ; python_version >= '3.10'\njaraco.text==4.2.0\nfoo>=1\n--hash=sha256:ab\nbar[extra] == 2.0\n")
	assert.Equal(t, Pins{"aiohttp": "3.14.1", "jinja2": "3.1.6", "jaraco-text": "4.2.0", "bar": "2.0"}, pins)
}

func TestBuildRequires(t *testing.T) {
	for _, tt := range []struct {
		name     string
		text     string
		reqs     []string
		declared bool
	}{
		{"none", "", legacyBuildRequires, false},
		{"other tables only", "[tool.black]\nline-length = 88\n", legacyBuildRequires, false},
		{"timelib", "[build-system]\nrequires = [\"setuptools\", 'Cython']\n", []string{"setuptools", "Cython"}, true},
		{"multi-line, backend", "[build-system]\nrequires = [\n    \"setuptools>=64.0\",\n    \"wheel\",\n]\nbuild-backend = \"salt_build_backend\"\n[tool.x]\nrequires = [\"no\"]\n", []string{"setuptools>=64.0", "wheel"}, true},
		{"table without requires", "[build-system]\nbuild-backend = \"x\"\n", legacyBuildRequires, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reqs, declared := buildRequires([]byte(tt.text))
			assert.Equal(t, tt.reqs, reqs)
			assert.Equal(t, tt.declared, declared)
		})
	}
}

// FuzzParseLock: a lock is text from a downloaded archive; every pin it
// yields has a normalised name and a version without spaces.
func FuzzParseLock(f *testing.F) {
	for _, s := range []string{"a==1\n", "Jinja2==3.1.6 ; python_version >= '3.10'\n", "# x\n==1\n", "a[b]==\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, v := range ParseLock(s) {
			if name == "" || name != NormalizeName(name) || v == "" || strings.ContainsAny(v, " \t;#") {
				t.Fatalf("pin %q==%q from %q", name, v, s)
			}
		}
	})
}

// FuzzBuildRequires: a pyproject.toml is text from a downloaded archive;
// whatever it holds, the answer is a list of non-empty requirements.
func FuzzBuildRequires(f *testing.F) {
	for _, s := range []string{"[build-system]\nrequires = [\"a\", 'b']\n", "[build-system]\nrequires = [", "requires = [\"x\"]", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		reqs, _ := buildRequires([]byte(s))
		for _, r := range reqs {
			if strings.TrimSpace(r) == "" {
				t.Fatalf("empty requirement from %q", s)
			}
		}
	})
}
