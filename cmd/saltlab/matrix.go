package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/matrix"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdMatrix tabulates finished runs by Salt release and topology into a
// Markdown document (`make matrix` writes docs/release-matrix.md with it).
// A failed scenario is a result to tabulate, so only bad input fails it.
func cmdMatrix(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("matrix", "matrix [--out FILE] RUN_DIR... (finished run folders, e.g. reports/matrix/*)", errOut)
	outFile := fs.String("out", "", "write the Markdown table to FILE instead of stdout (make matrix: docs/release-matrix.md)")
	dirs, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return usage.Errorf("matrix: name the finished run folders to tabulate, e.g. `saltlab matrix reports/matrix/*` (`make matrix` runs them)")
	}
	// Every folder is read before anything is written, so a bad one
	// leaves an existing --out file as it was.
	runs := make([]matrix.Run, 0, len(dirs))
	for _, d := range dirs {
		r, err := loadMatrixRun(d)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	m := matrix.Build(runs)
	var b bytes.Buffer
	if err := matrix.Render(&b, m); err != nil {
		return err
	}
	if *outFile == "" {
		_, err := out.Write(b.Bytes())
		return err
	}
	if err := os.WriteFile(*outFile, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write release matrix: %w", err)
	}
	fmt.Fprintf(out, "wrote %s: %d release(s) x %d topolog(ies) from %d run(s) (%d given; the newest per cell is shown)\n",
		*outFile, len(m.Releases), len(m.Topologies), len(m.Runs), len(runs))
	return nil
}

// loadMatrixRun reads one run folder's summary.json; its run id names it
// in the document, the folder's name when the summary has none.
func loadMatrixRun(dir string) (matrix.Run, error) {
	path := filepath.Join(dir, report.SummaryFile)
	s, err := report.ReadSummary(path)
	if err != nil {
		return matrix.Run{}, usage.Errorf("matrix: %s: %w (name finished run folders only: a run writes %s with its reports, so a run cut short before them has none; leave it out or run it again)", path, err, report.SummaryFile)
	}
	id := s.Run.ID
	if id == "" {
		id = filepath.Base(filepath.Clean(dir))
	}
	return matrix.Run{ID: id, Summary: s}, nil
}
