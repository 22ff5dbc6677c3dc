package testenv

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Page is one documentation page: its path relative to the repository
// root (README.md, docs/chaos.md, ...) and its text.
type Page struct {
	Path string
	Text string
}

// RepoRoot returns the saltlab checkout the test runs in: the nearest
// directory above the working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = up
	}
}

// mdLink matches a Markdown link's target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// code matches fenced code blocks and code spans, which hold no links.
var code = regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")

// Links returns the link targets of a Markdown text, in order, outside
// code.
func Links(text string) []string {
	var out []string
	for _, m := range mdLink.FindAllStringSubmatch(code.ReplaceAllString(text, ""), -1) {
		out = append(out, m[1])
	}
	return out
}

// Docs returns README.md and every Markdown page it links, directly or
// through another linked page, README first: the documentation a
// newcomer reads, which the tests check against the code so that a fact
// moved from the README to docs/ stays checked.
func Docs(t testing.TB) []Page {
	t.Helper()
	root := RepoRoot(t)
	seen := map[string]bool{}
	var pages []Page
	queue := []string{"README.md"}
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		if seen[rel] {
			continue
		}
		seen[rel] = true
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatalf("read %s: %v", rel, err)
		}
		pages = append(pages, Page{Path: rel, Text: string(b)})
		for _, l := range Links(string(b)) {
			target, _, _ := strings.Cut(l, "#")
			if target == "" || strings.Contains(target, "://") || !strings.HasSuffix(target, ".md") {
				continue
			}
			next := filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(rel), target)))
			if strings.HasPrefix(next, "..") {
				continue
			}
			queue = append(queue, next)
		}
	}
	return pages
}

// DocsText is the text of Docs, every page one after the other.
func DocsText(t testing.TB) string {
	t.Helper()
	var b strings.Builder
	for _, p := range Docs(t) {
		b.WriteString(p.Text)
		b.WriteString("\n")
	}
	return b.String()
}

// DocPage returns one page of Docs by its path (docs/chaos.md); the
// test fails when the README no longer leads to it.
func DocPage(t testing.TB, path string) string {
	t.Helper()
	for _, p := range Docs(t) {
		if p.Path == path {
			return p.Text
		}
	}
	t.Fatalf("%s is not linked from README.md (directly or through a linked page)", path)
	return ""
}

// TableRows returns the cells of the rows of every Markdown table in text
// whose header's first cell is header (the header and separator rows
// left out), each cell trimmed.
func TableRows(text, header string) [][]string {
	var rows [][]string
	in := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			in = false
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case !in && cells[0] == header:
			in = true
		case in && strings.HasPrefix(cells[0], "---"):
		case in:
			rows = append(rows, cells)
		}
	}
	return rows
}

// CodeSpan returns the text of the first `code span` in s, or "".
func CodeSpan(s string) string {
	_, rest, ok := strings.Cut(s, "`")
	if !ok {
		return ""
	}
	code, _, _ := strings.Cut(rest, "`")
	return code
}
