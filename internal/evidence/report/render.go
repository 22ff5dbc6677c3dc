package report

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/owned"
)

// WriteAll renders junit.xml, summary.json and report.html into the run
// folder dir from sum and the evidence saved there, and returns the
// summary as written (verdicts, counts and the pass derived from the
// evidence) and the files written. Each file is written whole to a temporary name and renamed, so
// a reader never sees half a report.
func WriteAll(dir string, sum Summary) (Summary, []string, error) {
	ev, err := LoadEvidence(dir)
	if err != nil {
		return sum, nil, fmt.Errorf("load evidence: %w", err)
	}
	sum.finish(ev)
	var junit, html bytes.Buffer
	if err := WriteJUnit(&junit, BuildJUnit(sum, ev, where(dir))); err != nil {
		return sum, nil, err
	}
	if err := WriteHTML(&html, sum, ev); err != nil {
		return sum, nil, err
	}
	js, err := encodeSummary(sum)
	if err != nil {
		return sum, nil, err
	}
	var files []string
	for _, f := range []struct {
		name string
		b    []byte
	}{{JUnitFile, junit.Bytes()}, {HTMLFile, html.Bytes()}, {SummaryFile, js}} {
		p := filepath.Join(dir, f.name)
		if err := owned.WriteFile(p, f.b, 0o644); err != nil {
			return sum, files, err
		}
		files = append(files, p)
	}
	return sum, files, nil
}

// Rerender renders every report of the run folder dir again from its
// saved summary.json and evidence, with no Docker and no lab.
func Rerender(dir string) (Summary, []string, error) {
	sum, err := ReadSummary(filepath.Join(dir, SummaryFile))
	if err != nil {
		return sum, nil, err
	}
	return WriteAll(dir, sum)
}

// where names the run folder as CI readers see it: its parent's name and
// its own (reports/<run id>), whatever directory saltlab ran in, so the
// paths in junit.xml are the same whoever renders it.
func where(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(abs)), filepath.Base(abs)))
}
