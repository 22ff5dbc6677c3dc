package matrix

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// rec is a passed real-Salt record of topology hot on release 3007.8.
func rec(id string, hour, passed int) Record {
	return Record{ID: id, Release: "3007.8", Flavor: FlavorReal, Topology: "hot",
		Started: time.Date(2026, 11, 23, hour, 0, 0, 0, time.UTC), Host: "h", Engine: "27.5.1",
		Passed: passed == 2, Counts: report.Counts{Total: 2, Passed: passed, Failed: 2 - passed}, BringUp: 12.5, Suite: 40}
}

func ids(recs []Record) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.ID)
	}
	return out
}

func TestMerge(t *testing.T) {
	other := rec("c", 8, 2)
	other.Topology = "failover"
	for _, tc := range []struct {
		name            string
		ledger, runs    []Record
		want            []string // ids, oldest first
		added, replaced int
		wantPassed      int // of run "a" in the result
	}{
		{"new run added, the recorded ones kept", []Record{rec("a", 9, 1), other}, []Record{rec("b", 10, 2)}, []string{"c", "a", "b"}, 1, 0, 1},
		{"same id replaces its record", []Record{rec("a", 9, 1), other}, []Record{rec("a", 9, 2)}, []string{"c", "a"}, 0, 1, 2},
		{"an empty ledger takes the runs", nil, []Record{rec("b", 10, 2), rec("a", 9, 1)}, []string{"a", "b"}, 2, 0, 1},
		{"no runs leaves the ledger", []Record{other, rec("a", 9, 1)}, nil, []string{"c", "a"}, 0, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, added, replaced := Merge(tc.ledger, tc.runs)
			assert.Equal(t, tc.want, ids(got))
			assert.Equal(t, tc.added, added)
			assert.Equal(t, tc.replaced, replaced)
			for _, r := range got {
				if r.ID == "a" {
					assert.Equal(t, tc.wantPassed, r.Counts.Passed)
				}
			}
		})
	}
}

// A cell shows its newest run, whether that run came from the ledger or
// from a run folder named now; the replaced run stays in the ledger.
func TestNewestRunWins(t *testing.T) {
	for _, tc := range []struct {
		name         string
		ledger, runs []Record
		want         string
	}{
		{"a newer run replaces the ledger's cell", []Record{rec("a", 9, 1)}, []Record{rec("b", 10, 2)}, "b"},
		{"an older run leaves the ledger's cell", []Record{rec("b", 10, 2)}, []Record{rec("a", 9, 1)}, "b"},
		{"later start wins, listed first", nil, []Record{rec("b", 10, 2), rec("a", 9, 1)}, "b"},
		{"same start: greater id", nil, []Record{rec("z", 9, 1), rec("y", 9, 2)}, "z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all, _, _ := Merge(tc.ledger, tc.runs)
			require.Len(t, all, 2, "the ledger keeps both runs")
			m := Build(all)
			assert.Equal(t, tc.want, m.Cells["3007.8"]["hot"].Run)
			assert.Equal(t, []string{tc.want}, ids(m.Runs), "the Runs list names the shown run only")
		})
	}
}

// The fixture runs' ledger is golden, and the table rendered from it alone
// is the table rendered from the run folders: nothing the table shows is
// lost when the folders are gone.
func TestLedgerMatchesGoldenAndRendersAlone(t *testing.T) {
	b, err := MarshalLedger(fixtureRuns(t))
	require.NoError(t, err)
	want := filepath.Join("testdata", "release-matrix.json")
	if *update {
		require.NoError(t, os.WriteFile(want, b, 0o644))
	}
	golden, err := os.ReadFile(want)
	require.NoError(t, err)
	assert.Equal(t, string(golden), string(b), "go test ./internal/evidence/matrix -update rewrites %s", want)
	assert.True(t, bytes.HasSuffix(golden, []byte("}\n")), "a trailing newline")

	recs, err := ParseLedger(golden)
	require.NoError(t, err)
	var fromLedger, fromRuns bytes.Buffer
	require.NoError(t, Render(&fromLedger, Build(recs)))
	require.NoError(t, Render(&fromRuns, Build(fixtureRuns(t))))
	assert.Equal(t, fromRuns.String(), fromLedger.String())
	again, err := MarshalLedger(recs)
	require.NoError(t, err)
	assert.Equal(t, string(golden), string(again), "reading and writing a ledger changes nothing")
}

func TestMarshalEmptyLedger(t *testing.T) {
	b, err := MarshalLedger(nil)
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"runs\": []\n}\n", string(b))
	recs, err := ParseLedger(b)
	require.NoError(t, err)
	assert.Empty(t, recs)
}

// ledgerWith is a one-record ledger of rec("a", 9, 2), edited by edit
// (applied to its JSON text).
func ledgerWith(t *testing.T, edit func(string) string) []byte {
	t.Helper()
	b, err := MarshalLedger([]Record{rec("a", 9, 2)})
	require.NoError(t, err)
	return []byte(edit(string(b)))
}

func TestParseLedgerErrors(t *testing.T) {
	replace := func(old, new string) func(string) string {
		return func(s string) string {
			require.Contains(t, s, old)
			return strings.Replace(s, old, new, 1)
		}
	}
	for _, tc := range []struct {
		name string
		doc  []byte
		want string
	}{
		{"not JSON", []byte("runs:\n"), "decode: invalid character"},
		{"empty file", nil, "decode: EOF"},
		{"a list, not the object", []byte("[]"), "decode: json: cannot unmarshal array"},
		{"no runs", []byte("{}"), `want an object {"runs": [...]}`},
		{"text after the JSON", ledgerWith(t, func(s string) string { return s + "{}" }), "more after the JSON value"},
		{"an unknown top-level field", []byte(`{"runs": [], "note": ""}`), `unknown field "note"`},
		{"a missing field", ledgerWith(t, replace(`"suite_s": 40,`, "")), `run 1 ("a"): missing "suite_s"`},
		{"missing fields, nested", ledgerWith(t, replace(`"total": 2,`, "")), `run 1 ("a"): missing "counts.total"`},
		{"a null field", ledgerWith(t, replace(`"host": "h"`, `"host": null`)), `missing "host"`},
		{"a misspelt field", ledgerWith(t, replace(`"engine"`, `"engine": "", "engin"`)), `run 1 ("a"): decode: json: unknown field "engin"`},
		{"a wrong type", ledgerWith(t, replace(`"passed": true`, `"passed": "yes"`)), `cannot unmarshal string`},
		{"an empty id", ledgerWith(t, replace(`"id": "a"`, `"id": ""`)), `run 1: "id" is empty`},
		{"an empty topology", ledgerWith(t, replace(`"topology": "hot"`, `"topology": ""`)), `"topology" is empty`},
		{"an unknown flavour", ledgerWith(t, replace(`"flavor": "real"`, `"flavor": "fake"`)), `"flavor" is "fake": want "real" or "sim"`},
		{"a release that is not one", ledgerWith(t, replace(`"release": "3007.8"`, `"release": "latest"`)), `"release": parse salt version "latest"`},
		{"a bad time", ledgerWith(t, replace(`2026-11-23T09:00:00Z`, `yesterday`)), `cannot parse "yesterday"`},
		{"a negative count", ledgerWith(t, replace(`"failed": 0`, `"failed": -1`)), `"counts" has a negative count`},
		{"negative seconds", ledgerWith(t, replace(`"suite_s": 40`, `"suite_s": -4`)), `"bringup_s" and "suite_s" are seconds, 0 or more`},
		{"a run recorded twice", []byte(`{"runs": [` + record(t, rec("a", 9, 2)) + `,` + record(t, rec("a", 10, 2)) + `]}`), `run 2: id "a" is run 1's too`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLedger(tc.doc)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// record is one record's JSON, as a ledger holds it.
func record(t *testing.T, r Record) string {
	t.Helper()
	b, err := MarshalLedger([]Record{r})
	require.NoError(t, err)
	s := strings.TrimSpace(string(b))
	s = strings.TrimPrefix(s, "{\n  \"runs\": [")
	return strings.TrimSuffix(s, "]\n}")
}

// A ledger the reader accepts is written back as it reads it: reading
// and writing again changes nothing, so `saltlab matrix` never drifts a
// ledger, and no accepted ledger fails to be written.
func FuzzParseLedger(f *testing.F) {
	f.Add([]byte(`{"runs": []}`))
	f.Add([]byte(`{"runs": [{"id": "a"}]}`))
	if b, err := os.ReadFile(filepath.Join("testdata", "release-matrix.json")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		recs, err := ParseLedger(doc)
		if err != nil {
			return
		}
		once, err := MarshalLedger(recs)
		if err != nil {
			t.Fatalf("an accepted ledger cannot be written: %v", err)
		}
		again, err := ParseLedger(once)
		if err != nil {
			t.Fatalf("a written ledger is refused: %v\n%s", err, once)
		}
		twice, err := MarshalLedger(again)
		if err != nil || !bytes.Equal(once, twice) {
			t.Fatalf("a ledger drifts on rewrite (%v):\n%s\n%s", err, once, twice)
		}
		var b bytes.Buffer
		if err := Render(&b, Build(recs)); err != nil {
			t.Fatalf("render: %v", err)
		}
	})
}

// A start written with an offset is kept in UTC, as RecordOf keeps it, so
// the ledger is written back with Z times only.
func TestParseLedgerKeepsStartsInUTC(t *testing.T) {
	recs, err := ParseLedger(ledgerWith(t, func(s string) string {
		return strings.Replace(s, "2026-11-23T09:00:00Z", "2026-11-23T10:00:00+01:00", 1)
	}))
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, time.UTC, recs[0].Started.Location())
	assert.Equal(t, "2026-11-23T09:00:00Z", recs[0].Started.Format(time.RFC3339))
}
