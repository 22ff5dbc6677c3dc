package prepare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/testenv"
)

// TestTheCatalogueTableIsTheCatalogue: docs/training.md's catalogue
// table has a row for every drill of drills/ and no other, with the
// drill file's level, topology and flavours.
func TestTheCatalogueTableIsTheCatalogue(t *testing.T) {
	root := testenv.RepoRoot(t)
	page, err := os.ReadFile(filepath.Join(root, "docs", "training.md"))
	require.NoError(t, err)
	text := string(page)
	start := strings.Index(text, "## The catalogue\n")
	require.GreaterOrEqual(t, start, 0, "docs/training.md has a section \"The catalogue\"")
	section := text[start+len("## The catalogue\n"):]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[0]), "`") {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[strings.Trim(cells[0], "`")] = cells
	}
	names, err := spec.List(filepath.Join(root, "drills"))
	require.NoError(t, err)
	var listed []string
	for n := range rows {
		listed = append(listed, n)
	}
	assert.ElementsMatch(t, names, listed, "the table's drills")
	for _, n := range names {
		r, ok := rows[n]
		if !ok {
			continue
		}
		d, err := spec.Load(filepath.Join(root, "drills"), n)
		require.NoError(t, err)
		assert.Equal(t, []string{d.Level, d.Topology, strings.Join(d.Salt.Flavours, ", ")}, r[1:4], "drill %s's row", n)
	}
}
