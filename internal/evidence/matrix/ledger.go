package matrix

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// ledger is the file: every run ever tabulated, the ones a newer run has
// replaced in the table included, oldest first.
type ledger struct {
	Runs []Record `json:"runs"`
}

// ParseLedger reads a ledger (docs/release-matrix.json). It is strict:
// every record carries every field, known fields only, ids unique. The
// ledger is written back on every merge, so a field the reader skipped
// or defaulted would be lost or changed without a word.
func ParseLedger(b []byte) ([]Record, error) {
	var raw struct {
		Runs []json.RawMessage `json:"runs"`
	}
	if err := decodeStrict(b, &raw); err != nil {
		return nil, err
	}
	if raw.Runs == nil {
		return nil, errors.New(`want an object {"runs": [...]}`)
	}
	recs := make([]Record, 0, len(raw.Runs))
	seen := map[string]int{}
	for i, r := range raw.Runs {
		rec, err := parseRecord(r)
		if err != nil {
			return nil, fmt.Errorf("run %d%s: %w", i+1, idOf(r), err)
		}
		if j, dup := seen[rec.ID]; dup {
			return nil, fmt.Errorf("run %d: id %q is run %d's too: a run is recorded once", i+1, rec.ID, j)
		}
		seen[rec.ID] = i + 1
		recs = append(recs, rec)
	}
	return recs, nil
}

func parseRecord(b []byte) (Record, error) {
	if missing := missingKeys(b, Record{}); len(missing) > 0 {
		quoted := make([]string, len(missing))
		for i, k := range missing {
			quoted[i] = strconv.Quote(k)
		}
		return Record{}, fmt.Errorf("missing %s (every record has every field; a null counts as missing)", strings.Join(quoted, ", "))
	}
	var r Record
	if err := decodeStrict(b, &r); err != nil {
		return Record{}, err
	}
	r.Started = r.Started.UTC()
	return r, r.check()
}

// check refuses values the table could not show truthfully.
func (r Record) check() error {
	switch {
	case r.ID == "":
		return errors.New(`"id" is empty`)
	case r.Topology == "":
		return errors.New(`"topology" is empty`)
	case r.Flavor != FlavorReal && r.Flavor != FlavorSim:
		return fmt.Errorf(`"flavor" is %q: want %q or %q`, r.Flavor, FlavorReal, FlavorSim)
	case r.Started.Year() < 1 || r.Started.Year() > 9999:
		return fmt.Errorf(`"started" is %s: want a time such as 2026-11-26T03:22:00Z`, r.Started)
	case min(r.Counts.Total, r.Counts.Passed, r.Counts.Failed, r.Counts.Errors, r.Counts.Skipped) < 0:
		return fmt.Errorf(`"counts" has a negative count: %+v`, r.Counts)
	case r.BringUp < 0 || r.Suite < 0:
		return errors.New(`"bringup_s" and "suite_s" are seconds, 0 or more`)
	}
	if r.Release != UnknownRelease {
		if _, err := saltver.Parse(r.Release); err != nil {
			return fmt.Errorf(`"release": %w, or %q`, err, UnknownRelease)
		}
	}
	return nil
}

// MarshalLedger writes records as the ledger file: oldest run first (then
// by id), indented, with a trailing newline, so the same runs always give
// the same bytes and a new run is a small diff.
func MarshalLedger(recs []Record) ([]byte, error) {
	recs = slices.SortedFunc(slices.Values(recs), compareRuns)
	if recs == nil {
		recs = []Record{} // "runs": [], which ParseLedger reads back
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(ledger{Runs: recs}); err != nil {
		return nil, fmt.Errorf("encode ledger: %w", err)
	}
	return b.Bytes(), nil
}

// Merge adds runs to the ledger's records: a run whose id is recorded
// already replaces its record (the same run tabulated again, perhaps
// re-rendered since), any other is added. Records of runs no longer on
// this machine stay: that is what the ledger is for.
func Merge(recs, runs []Record) (merged []Record, added, replaced int) {
	byID := map[string]Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	for _, r := range runs {
		if _, ok := byID[r.ID]; ok {
			replaced++
		} else {
			added++
		}
		byID[r.ID] = r
	}
	return slices.SortedFunc(maps.Values(byID), compareRuns), added, replaced
}

// decodeStrict decodes exactly one JSON value with known fields only.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("decode: more after the JSON value")
	}
	return nil
}

// missingKeys lists the fields of want's JSON form (nested objects
// included, as "counts.total") that b lacks or has as null.
func missingKeys(b []byte, want any) []string {
	w, err := json.Marshal(want)
	if err != nil {
		return nil
	}
	var wantKeys map[string]json.RawMessage
	var got map[string]json.RawMessage
	if json.Unmarshal(w, &wantKeys) != nil || json.Unmarshal(b, &got) != nil {
		return nil // not an object: decoding says so
	}
	var missing []string
	for _, k := range slices.Sorted(maps.Keys(wantKeys)) {
		v, ok := got[k]
		if !ok || string(v) == "null" {
			missing = append(missing, k)
			continue
		}
		if bytes.HasPrefix(wantKeys[k], []byte("{")) {
			for _, sub := range missingKeys(v, wantKeys[k]) {
				missing = append(missing, k+"."+sub)
			}
		}
	}
	return missing
}

// idOf names a record in an error by its id, when it has a readable one.
func idOf(b []byte) string {
	var r struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(b, &r) != nil || r.ID == "" {
		return ""
	}
	return fmt.Sprintf(" (%q)", r.ID)
}
