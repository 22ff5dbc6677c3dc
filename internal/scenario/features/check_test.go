package features

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testPhrases stand in for the step definitions' patterns: the fixtures'
// steps, and one that also matches a longer step (ambiguity).
func testPhrases() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`^the lab is healthy$`),
		regexp.MustCompile(`^every minion answers "salt-call test\.ping"$`),
		regexp.MustCompile(`^I stop "([^"]+)"$`),
		regexp.MustCompile(`^I stop "([^"]+)" now$`),
		regexp.MustCompile(`^I stop "(.+)"`),
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	tagged := write("tagged.feature", "@hot\nFeature: x\n  @wip\n  Scenario: y\n    Given the lab is healthy\n")
	sc, err := Check([]string{tagged}, testPhrases())
	require.NoError(t, err)
	assert.Equal(t, []Scenario{{Name: "y", Row: "y", Feature: "x", File: tagged, Tags: []string{"@hot", "@wip"}, Steps: []string{"the lab is healthy"}}}, sc, "tags are inherited from the feature")
	outline := write("outline.feature", "Feature: o\n  Background:\n    Given the lab is healthy\n  Scenario Outline: s <m>\n    Then every minion answers \"<m>\"\n  Examples:\n    | m |\n    | salt-call test.ping |\n    | salt-call test.ping |\n")
	sc, err = Check([]string{outline}, testPhrases())
	require.NoError(t, err)
	require.Len(t, sc, 2)
	assert.Equal(t, []string{"the lab is healthy", `every minion answers "salt-call test.ping"`}, sc[1].Steps, "the background's steps, then the row's, its values filled in")

	tests := []struct {
		name, body, wantErr string
	}{
		{"malformed", "Feature: x\n  Scenario: y\n    Given the lab is healthy\n  Oops this is not gherkin\n", "parse feature"},
		{"unknown step", "Feature: x\n  Scenario: y\n    Given the lab is healthy\n    When I dance\n", `unknown step.feature:4: undefined step "I dance" in scenario "y"`},
		{"ambiguous step", "Feature: x\n  Scenario: y\n    When I stop \"m\" now\n", `ambiguous step.feature:3: ambiguous step "I stop \"m\" now" in scenario "y" matches 2 definitions`},
		{"empty", "# nothing\n", "no Feature in file"},
		{"unknown requirement tag", "@general @needs-apis\nFeature: x\n  Scenario: y\n    Given the lab is healthy\n", `scenario "y": unknown requirement tag @needs-apis`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := write(tc.name+".feature", tc.body)
			_, err := Check([]string{p}, testPhrases())
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.wantErr)
		})
	}
	_, err = Check([]string{dir + "/nowhere"}, testPhrases())
	assert.ErrorContains(t, err, "find feature files")
}

// FuzzCheckFeature: no feature file text panics the up-front check.
func FuzzCheckFeature(f *testing.F) {
	for _, s := range []string{"@hot\nFeature: x\n  Scenario: y\n    Given the lab is healthy\n",
		"Feature: x\n  Scenario Outline: y\n    Given <a>\n  Examples:\n    | a |\n    | b |\n", "# nothing\n", "Feature:\n  Rule: r\n  Background:\n"} {
		f.Add([]byte(s))
	}
	re := testPhrases()
	f.Fuzz(func(t *testing.T, b []byte) {
		sc, errs := checkFeature("fuzz.feature", b, re)
		if len(errs) == 0 && sc == nil {
			t.Fatalf("no error and no scenario list for %q", b)
		}
	})
}
