package compare

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// The text output of the fixture runs matches the golden file (go test
// ./internal/evidence/compare -update rewrites it).
func TestWriteTextGolden(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("testdata", "explained.md"))
	require.NoError(t, err)
	known, err := ParseKnown(string(doc))
	require.NoError(t, err)
	load := func(id string) report.Summary {
		s, err := report.ReadSummary(filepath.Join("testdata", "runs", id, report.SummaryFile))
		require.NoError(t, err)
		return s
	}
	for _, tc := range []struct{ golden, a, b string }{
		{"sim-vs-real.golden", "sim-r1", "real-r2"},
		{"same-run.golden", "real-r2", "real-r2"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteText(&b, Explain(Compare(load(tc.a), load(tc.b)), known)))
			want := filepath.Join("testdata", tc.golden)
			if *update {
				require.NoError(t, os.WriteFile(want, b.Bytes(), 0o644))
			}
			w, err := os.ReadFile(want)
			require.NoError(t, err)
			assert.Equal(t, string(w), b.String(), "%s differs (go test ./internal/evidence/compare -update rewrites it)", want)
		})
	}
}
