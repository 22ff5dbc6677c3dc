package matrix

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The short table has a cell per release and topology, the same counts as
// the full one, and the double's row labelled as such.
func TestRenderShort(t *testing.T) {
	m := Build(fixtureRuns(t))
	var b strings.Builder
	require.NoError(t, RenderShort(&b, m))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 2+len(m.Releases))
	assert.Equal(t, "| Salt release | failover | failover-dns | hot |", lines[0])
	assert.Equal(t, "|---|---|---|---|", lines[1])
	for i, rel := range m.Releases {
		assert.True(t, strings.HasPrefix(lines[2+i], "| "+escape(rel.Label)+" |"), lines[2+i])
		for _, topo := range m.Topologies {
			c, ran := m.Cells[rel.Label][topo]
			if !ran {
				continue
			}
			assert.Regexp(t, `\| `+itoa(c.Passed)+"/"+itoa(c.Total)+`( \(red by design\))?(, run error)? \|`, lines[2+i], "%s %s", rel.Label, topo)
		}
	}
	assert.Contains(t, b.String(), "3006.9 on the Salt double (sim, not real Salt)")
	assert.Contains(t, b.String(), "| not run |")
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestReplaceReadmeBlock(t *testing.T) {
	doc := "intro\n" + ReadmeBegin + "\nold table\n" + ReadmeEnd + "\noutro\n"
	got, err := ReplaceReadmeBlock(doc, "| new |\n")
	require.NoError(t, err)
	assert.Equal(t, "intro\n"+ReadmeBegin+"\n| new |\n"+ReadmeEnd+"\noutro\n", got)
	block, ok := ReadmeBlock(got)
	require.True(t, ok)
	assert.Equal(t, "| new |\n", block)

	for name, bad := range map[string]string{
		"no markers":     "intro\n",
		"no end":         ReadmeBegin + "\n",
		"two begins":     ReadmeBegin + "\n" + ReadmeBegin + "\n" + ReadmeEnd,
		"end before one": ReadmeEnd + "\n" + ReadmeBegin + "\n",
	} {
		_, err := ReplaceReadmeBlock(bad, "x")
		assert.ErrorContains(t, err, "find the release matrix block", name)
	}
}
