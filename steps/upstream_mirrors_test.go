package steps

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario/features"
)

// mirror is one upstream test an @upstream scenario (or outline row) mirrors.
type mirror struct {
	feature  string // path relative to the repository root
	scenario string
	test     string // tests/pytests/...py::function
	commit   string
}

// mirrorsLine is the line every @upstream scenario's description carries:
// the upstream file and test function, and the commit they were read at.
var mirrorsLine = regexp.MustCompile(`^\s*Mirrors: (\S+\.py::\S+) @ ([0-9a-f]{7,40})\s*$`)

// upstreamMirrors reads every @upstream scenario of one feature file. A
// scenario tagged @upstream without a Mirrors line, or with a Mirrors line
// but no @upstream tag, is an error: the tag is the promise, the line says
// which test it is.
func upstreamMirrors(rel string, src []byte) ([]mirror, error) {
	doc, _, err := features.Parse(rel, src)
	if err != nil {
		return nil, err
	}
	featureTagged := hasTag(doc.Feature.Tags, "@upstream")
	var out []mirror
	for _, c := range doc.Feature.Children {
		sc := c.Scenario
		if sc == nil {
			continue
		}
		tagged := featureTagged || hasTag(sc.Tags, "@upstream")
		var found []string
		for _, l := range strings.Split(sc.Description, "\n") {
			if strings.Contains(l, "Mirrors:") {
				found = append(found, l)
			}
		}
		switch {
		case tagged && len(found) != 1:
			return nil, fmt.Errorf("%s: scenario %q is tagged @upstream but has %d Mirrors: lines, want one", rel, sc.Name, len(found))
		case !tagged && len(found) > 0:
			return nil, fmt.Errorf("%s: scenario %q has a Mirrors: line but no @upstream tag (say \"Nearest upstream:\" instead)", rel, sc.Name)
		case !tagged:
			continue
		}
		m := mirrorsLine.FindStringSubmatch(found[0])
		if m == nil {
			return nil, fmt.Errorf("%s: scenario %q: %q does not read \"Mirrors: <file>.py::<test> @ <commit>\"", rel, sc.Name, strings.TrimSpace(found[0]))
		}
		for _, test := range expandRows(m[1], sc.Examples) {
			if strings.Contains(test, "<") {
				return nil, fmt.Errorf("%s: scenario %q: %q names a placeholder no Examples column fills", rel, sc.Name, test)
			}
			out = append(out, mirror{feature: rel, scenario: sc.Name, test: test, commit: m[2]})
		}
	}
	return out, nil
}

func hasTag(tags []*messages.Tag, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// expandRows fills an outline's <placeholders> in s from each Examples row.
func expandRows(s string, examples []*messages.Examples) []string {
	if !strings.Contains(s, "<") || len(examples) == 0 {
		return []string{s}
	}
	var out []string
	for _, ex := range examples {
		if ex.TableHeader == nil {
			continue
		}
		for _, row := range ex.TableBody {
			v := s
			for i, h := range ex.TableHeader.Cells {
				if i < len(row.Cells) {
					v = strings.ReplaceAll(v, "<"+h.Value+">", row.Cells[i].Value)
				}
			}
			out = append(out, v)
		}
	}
	return out
}

// listedIn says whether a row of the table in doc names the mirror's
// upstream test, its commit and its feature file.
func listedIn(doc string, m mirror) bool {
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "|") && strings.Contains(l, "`"+m.test+"`") &&
			strings.Contains(l, m.commit) && strings.Contains(l, m.feature) {
			return true
		}
	}
	return false
}

// Every @upstream scenario names the upstream test and commit it mirrors,
// and docs/upstream-tests.md lists each with that commit and the feature.
func TestEveryUpstreamMirrorIsNamedAndListed(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../docs/upstream-tests.md")
	require.NoError(t, err)
	var all []mirror
	err = filepath.WalkDir("../features", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".feature") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		ms, err := upstreamMirrors(strings.TrimPrefix(path, "../"), src)
		all = append(all, ms...)
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, all, "no @upstream scenario found: the check would hold vacuously")
	for _, m := range all {
		assert.True(t, listedIn(string(doc), m), "docs/upstream-tests.md has no table row naming `%s`, %s and %s (scenario %q)", m.test, m.commit, m.feature, m.scenario)
	}
}

func TestUpstreamMirrorsRefusesUnnamedMirrors(t *testing.T) {
	t.Parallel()
	const head = "@general\nFeature: f\n"
	tests := []struct {
		name, src string
		want      []string // tests found
		err       string
	}{
		{name: "tagged with its line", src: head + "  @upstream\n  Scenario: s\n    Mirrors: tests/a.py::test_a @ 0123abcd\n    Given the lab is healthy\n", want: []string{"tests/a.py::test_a"}},
		{name: "tagged feature, outline rows", src: "@upstream\nFeature: f\n  Scenario Outline: s <x>\n    Mirrors: tests/a.py::<t> @ 0123abcd\n    Given the lab is healthy\n\n    Examples:\n      | x | t      |\n      | 1 | test_1 |\n      | 2 | test_2 |\n", want: []string{"tests/a.py::test_1", "tests/a.py::test_2"}},
		{name: "untagged, nearest upstream only", src: head + "  Scenario: s\n    Nearest upstream: tests/a.py::test_a @ 0123abcd\n    Given the lab is healthy\n"},
		{name: "tagged without a line", src: head + "  @upstream\n  Scenario: s\n    Given the lab is healthy\n", err: "tagged @upstream but has 0 Mirrors: lines"},
		{name: "a line without the tag", src: head + "  Scenario: s\n    Mirrors: tests/a.py::test_a @ 0123abcd\n    Given the lab is healthy\n", err: "no @upstream tag"},
		{name: "no commit", src: head + "  @upstream\n  Scenario: s\n    Mirrors: tests/a.py::test_a\n    Given the lab is healthy\n", err: "does not read"},
		{name: "unfilled placeholder", src: head + "  @upstream\n  Scenario: s\n    Mirrors: tests/a.py::<t> @ 0123abcd\n    Given the lab is healthy\n", err: "placeholder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ms, err := upstreamMirrors("features/x.feature", []byte(tc.src))
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			var got []string
			for _, m := range ms {
				got = append(got, m.test)
				assert.Equal(t, "0123abcd", m.commit)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestListedInWantsTestCommitAndFeatureOnOneRow(t *testing.T) {
	t.Parallel()
	m := mirror{feature: "features/x.feature", test: "tests/a.py::test_a", commit: "0123abcd"}
	assert.True(t, listedIn("| `tests/a.py::test_a` | 0123abcd | features/x.feature | faithful |\n", m))
	assert.False(t, listedIn("| `tests/a.py::test_a` | 0123abcd | features/y.feature |\n| features/x.feature |\n", m), "feature on another row")
	assert.False(t, listedIn("| `tests/a.py::test_a` | 99999999 | features/x.feature |\n", m), "another commit")
	assert.False(t, listedIn("`tests/a.py::test_a` 0123abcd features/x.feature\n", m), "not a table row")
}
