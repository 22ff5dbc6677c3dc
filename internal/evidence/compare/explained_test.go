package compare

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const head = "## Differences from real Salt\n\n| scenario | check | real | sim | Salt source |\n|---|---|---|---|---|\n"

func TestParseKnown(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		want    []Known
		wantErr string
	}{
		{"no section", "# Fidelity\n\n| a | b |\n", nil, ""},
		{"header only", head, nil, ""},
		{"one row", head + "| s | * | passed | failed | salt/minion.py Minion.eval_master |\n",
			[]Known{{Scenario: "s", Check: "*", Real: "passed", Sim: "failed", Source: "salt/minion.py Minion.eval_master", Line: 5}}, ""},
		{"code spans and escaped pipe", head + "| `a \\| b` | `availability` | valid | invalid | `salt/x.py` f |\n",
			[]Known{{Scenario: "a | b", Check: "availability", Real: "valid", Sim: "invalid", Source: "`salt/x.py` f", Line: 5}}, ""},
		{"table ends at prose", head + "| s | * | passed | failed | src |\n\nLater prose.\n| t | * | a | b |\n",
			[]Known{{Scenario: "s", Check: "*", Real: "passed", Sim: "failed", Source: "src", Line: 5}}, ""},
		{"empty source", head + "| s | * | passed | failed |  |\n", nil, "line 5: empty Salt source"},
		{"empty scenario", head + "|  | * | passed | failed | src |\n", nil, "line 5: empty scenario"},
		{"too few cells", head + "| s | * | passed |\n", nil, "line 5: 3 cells: want 5"},
		{"wrong header", "## Differences from real Salt\n\n| scenario | verdict |\n|---|---|\n", nil, "line 3: header"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseKnown(tc.doc)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// The fixture's table is read from its section only.
func TestParseKnownFixture(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "explained.md"))
	require.NoError(t, err)
	got, err := ParseKnown(string(b))
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "exactly-once", got[0].Check)
}

// Whatever the document, parsing does not panic, and every row it
// accepts names a scenario and a Salt source.
func FuzzParseKnown(f *testing.F) {
	f.Add(head + "| s | * | passed | failed | src |\n")
	f.Add(head + "| s | * | passed | failed |  |\n")
	f.Add(head + "|`|`|\\|||\n")
	f.Add("## Differences from real Salt\n|")
	f.Add(head + "| \\| | * | a | b | \\|\n")
	f.Fuzz(func(t *testing.T, doc string) {
		rows, err := ParseKnown(doc)
		if err != nil {
			return
		}
		for _, r := range rows {
			if r.Scenario == "" || r.Source == "" {
				t.Fatalf("row without scenario or source: %+v", r)
			}
		}
	})
}
