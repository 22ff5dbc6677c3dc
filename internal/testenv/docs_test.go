package testenv

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The README is read in five minutes (issue 42): under 1,000 words, as
// wc -w counts them, and under 150 lines. Detail lives in the one page
// under docs/ that owns it, which the README's documentation table names.
func TestReadmeIsShort(t *testing.T) {
	readme := Docs(t)[0]
	require.Equal(t, "README.md", readme.Path)
	where := "move the detail to the page under docs/ that owns it (figures with their date and machine to docs/benchmarks.md, what real Salt passes to docs/real-salt.md, commands and flags to docs/commands.md), linking it from the README, not copying it"
	words := len(strings.Fields(readme.Text))
	assert.Less(t, words, 1000, "README.md has %d words; %s", words, where)
	lines := strings.Count(readme.Text, "\n")
	assert.Less(t, lines, 150, "README.md has %d lines; %s", lines, where)
}

// Every page under docs/ is reachable from the README, so the tests that
// read Docs check it.
func TestEveryDocsPageIsLinked(t *testing.T) {
	linked := map[string]bool{}
	for _, p := range Docs(t) {
		linked[p.Path] = true
	}
	mds, err := filepath.Glob(filepath.Join(RepoRoot(t), "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, mds)
	for _, m := range mds {
		rel := "docs/" + filepath.Base(m)
		assert.True(t, linked[rel], "%s is not linked from README.md", rel)
	}
}

// slug is the anchor GitHub gives a heading.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func anchors(text string) map[string]bool {
	out := map[string]bool{}
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if !inCode && strings.HasPrefix(line, "#") {
			out[slug(strings.TrimLeft(line, "#"))] = true
		}
	}
	return out
}

// Every relative link in README.md and docs/*.md names a file that
// exists, and a #anchor a heading of that page.
func TestDocLinksResolve(t *testing.T) {
	root := RepoRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		rel, _ := filepath.Rel(root, f)
		for _, l := range Links(string(b)) {
			if strings.Contains(l, "://") || strings.HasPrefix(l, "mailto:") {
				continue
			}
			target, anchor, _ := strings.Cut(l, "#")
			path := f
			if target != "" {
				path = filepath.Join(filepath.Dir(f), target)
				if _, err := os.Stat(path); !assert.NoError(t, err, "%s links %s", rel, l) {
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(path, ".md") {
				tb, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.True(t, anchors(string(tb))[anchor], "%s links %s: no heading with that anchor", rel, l)
			}
		}
	}
}

// The two commands are make lab and make test, as the README says, and
// every `make TARGET` the pages name is a target of the Makefile.
func TestDocsMakeTargets(t *testing.T) {
	readme := Docs(t)[0].Text
	assert.Regexp(t, "(?m)^make lab +# ", readme, "the README's first command")
	assert.Regexp(t, "(?m)^make test +# ", readme, "the README's second command")
	mk, err := os.ReadFile(filepath.Join(RepoRoot(t), "Makefile"))
	require.NoError(t, err)
	targets := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^([a-z-]+):`).FindAllStringSubmatch(string(mk), -1) {
		targets[m[1]] = true
	}
	for _, m := range regexp.MustCompile("(?:`|^)make ([a-z][a-z-]*)").FindAllStringSubmatch(DocsText(t), -1) {
		if m[1] == "sure" { // prose
			continue
		}
		assert.True(t, targets[m[1]], "the docs name `make %s`, which the Makefile lacks", m[1])
	}
}

// repoPath matches a code span that names a path in the checkout.
var repoPath = regexp.MustCompile("`((?:internal|cmd|compose|features|images|steps|haclient|docs)/[A-Za-z0-9_./-]*)`")

// Every checkout path the pages name in a code span exists.
func TestDocsRepoPathsExist(t *testing.T) {
	root := RepoRoot(t)
	for _, p := range Docs(t) {
		for _, m := range repoPath.FindAllStringSubmatch(p.Text, -1) {
			if strings.Contains(m[1], "...") {
				continue
			}
			_, err := os.Stat(filepath.Join(root, m[1]))
			assert.NoError(t, err, "%s names `%s`", p.Path, m[1])
		}
	}
}

// The topology tables of the README and docs/topologies.md list exactly
// the topologies under compose/.
func TestDocsTopologies(t *testing.T) {
	root := RepoRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "compose", "*", "compose.yaml"))
	require.NoError(t, err)
	var want []string
	for _, f := range files {
		want = append(want, filepath.Base(filepath.Dir(f)))
	}
	sort.Strings(want)
	for _, page := range []string{"README.md", "docs/topologies.md"} {
		var got []string
		for _, r := range TableRows(DocPage(t, page), "topology") {
			got = append(got, CodeSpan(r[0]))
		}
		sort.Strings(got)
		assert.Equal(t, want, got, "%s: the topology table", page)
	}
}

// datedPages says which pages may carry dates: the two pages of dated
// records without limit (figures with their date and machine, findings
// about Salt and what ran against real Salt), the generated release
// matrix, and docs/testing.md the one line of the latest CI figure (the
// CI budget's record). Every other page says what is true now, with no
// date, and links the record it rests on.
var datedPages = map[string]int{
	"docs/benchmarks.md":     -1,
	"docs/findings.md":       -1,
	"docs/release-matrix.md": -1,
	"docs/testing.md":        1,
}

// A reference page says what is true now: it holds no more lines with a
// calendar date (link targets aside) than datedPages allows it.
func TestDocsDatedOnlyWhereRecordsLive(t *testing.T) {
	date := regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b`)
	target := regexp.MustCompile(`\]\([^)]*\)`)
	for _, p := range Docs(t) {
		if p.Path != "README.md" && !strings.HasPrefix(p.Path, "docs/") {
			continue // a folder's own README (images/salt-real) documents its files
		}
		var dated []string
		for _, line := range strings.Split(p.Text, "\n") {
			if date.MatchString(target.ReplaceAllString(line, "")) {
				dated = append(dated, line)
			}
		}
		limit, ok := datedPages[p.Path]
		if limit < 0 {
			continue
		}
		if !ok {
			limit = 0
		}
		assert.LessOrEqual(t, len(dated), limit, "%s has %d dated lines, more than its %d: a dated figure belongs in docs/benchmarks.md (with its machine), a dated finding about Salt in docs/findings.md; the page says what is true now. Its dated lines: %q", p.Path, len(dated), limit, dated)
	}
}
