package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schemaPath is the documented schema of summary.json.
var schemaPath = filepath.Join("..", "..", "..", "docs", "summary.schema.json")

func summarySchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaPath)
	require.NoError(t, err)
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	require.NoError(t, c.AddResource("summary.schema.json", doc))
	sch, err := c.Compile("summary.schema.json")
	require.NoError(t, err)
	return sch
}

func TestWrittenSummaryValidatesAgainstItsSchema(t *testing.T) {
	sch := summarySchema(t)
	for _, full := range []bool{true, false} {
		dir, sum := writeFixtureRun(t, full)
		_, _, err := WriteAll(dir, sum)
		require.NoError(t, err)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(readFile(t, filepath.Join(dir, SummaryFile)))))
		require.NoError(t, err)
		assert.NoError(t, sch.Validate(inst), "summary.json (full evidence: %v) against docs/summary.schema.json", full)
	}
	// The schema bites: an unknown verdict and a missing flavour fail.
	for _, bad := range []string{
		`{"schema_version":2,"run":{"id":"r","topology":"t","project":"p","host":"h","started":"2026-01-01T00:00:00Z","duration_ns":0},"note":"n","passed":true,"counts":{"total":0,"passed":0,"failed":0,"errors":0,"skipped":0},"evidence":{},"scenarios":[]}`,
		`{"schema_version":1}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(bad)))
		require.NoError(t, err)
		assert.Error(t, sch.Validate(inst), bad)
	}
}
