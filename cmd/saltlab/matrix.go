package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/matrix"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// cmdMatrix tabulates finished runs by Salt release and topology into a
// Markdown document (`make matrix` writes docs/release-matrix.md with it).
// The runs' records accumulate in a ledger (docs/release-matrix.json,
// committed), and the table is rendered from all of them, because the run
// folders under reports/ are not committed and a new machine has none.
// A failed scenario is a result to tabulate, so only bad input fails it.
func cmdMatrix(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("matrix", "matrix [--out FILE] [--ledger FILE] [--readme FILE] [RUN_DIR...] (finished run folders, e.g. reports/matrix/*)", errOut)
	outFile := fs.String("out", "", "write the Markdown table to FILE instead of stdout (make matrix: docs/release-matrix.md)")
	ledgerFlag := fs.String("ledger", "", "the ledger of runs to add the RUN_DIRs to and render from (default: --out's FILE with .json, none without --out; make matrix: docs/release-matrix.json)")
	readmeFile := fs.String("readme", "", "also write the short table into FILE between its release-matrix lines (make matrix: README.md)")
	dirs, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	ledgerFile, err := matrixLedgerPath(*ledgerFlag, *outFile)
	if err != nil {
		return err
	}
	if err := checkReadmeFile(*readmeFile); err != nil {
		return err
	}
	if err := checkMatrixOut(*outFile, ledgerFile, len(dirs) > 0); err != nil {
		return err
	}
	if len(dirs) == 0 && ledgerFile == "" {
		return usage.Errorf("matrix: name the finished run folders to tabulate, e.g. `saltlab matrix reports/matrix/*`, or a ledger to render again (--ledger FILE, or --out FILE beside it; `make matrix` does both)")
	}
	// Every input is read before anything is written, so bad input
	// leaves the ledger and the --out file as they were.
	runs := make([]matrix.Record, 0, len(dirs))
	for _, d := range dirs {
		r, err := loadMatrixRun(d)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	recorded, err := readMatrixLedger(ledgerFile, len(dirs) > 0)
	if err != nil {
		return err
	}
	all, added, replaced := matrix.Merge(recorded, runs)
	m := matrix.Build(all)
	m.Ledger = ledgerLink(ledgerFile, *outFile)
	var b bytes.Buffer
	if err := matrix.Render(&b, m); err != nil {
		return err
	}
	readme, err := readmeWithMatrix(*readmeFile, m)
	if err != nil {
		return err
	}
	// The ledger first: it is what the table is rendered from, so a
	// failed write of the table loses nothing a re-render cannot restore.
	say := out
	if *outFile == "" {
		say = errOut // stdout is the table
	}
	if ledgerFile != "" && len(runs) > 0 {
		lb, err := matrix.MarshalLedger(all)
		if err != nil {
			return err
		}
		if err := owned.WriteFile(ledgerFile, lb, 0o644); err != nil {
			return fmt.Errorf("write ledger: %w", err)
		}
		fmt.Fprintf(say, "wrote %s: %d run(s) recorded (%d added, %d replaced)\n", ledgerFile, len(all), added, replaced)
	}
	if *readmeFile != "" {
		if err := owned.WriteFile(*readmeFile, []byte(readme), 0o644); err != nil {
			return fmt.Errorf("write the release matrix into %s: %w", *readmeFile, err)
		}
		fmt.Fprintf(say, "wrote %s: its release matrix block, %d release(s) x %d topolog(ies)\n", *readmeFile, len(m.Releases), len(m.Topologies))
	}
	if *outFile == "" {
		_, err := out.Write(b.Bytes())
		return err
	}
	if err := owned.WriteFile(*outFile, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write release matrix: %w", err)
	}
	fmt.Fprintf(out, "wrote %s: %d release(s) x %d topolog(ies) from %d run(s) (%d given, %d recorded; the newest per cell is shown)\n",
		*outFile, len(m.Releases), len(m.Topologies), len(m.Runs), len(runs), len(all))
	return nil
}

// matrixLedgerPath is --ledger, or --out's file with .json: the table and
// the ledger it is rendered from sit side by side, so writing the table
// by hand with --out cannot drop the cells of runs measured elsewhere.
func matrixLedgerPath(ledger, out string) (string, error) {
	if ledger == "" && out != "" {
		ledger = strings.TrimSuffix(out, filepath.Ext(out)) + ".json"
	}
	if ledger != "" && filepath.Clean(ledger) == filepath.Clean(out) {
		return "", usage.Errorf("matrix: --out %s is the ledger's file too: write the table to a .md file, or name the ledger with --ledger FILE", out)
	}
	return ledger, nil
}

// ledgerLink names the ledger as the table links to it: relative to the
// table's folder, so the header reads the same from wherever the command
// ran (docs/release-matrix.md links release-matrix.json).
func ledgerLink(ledger, out string) string {
	if ledger == "" || out == "" {
		return filepath.ToSlash(ledger)
	}
	absLedger, err1 := filepath.Abs(ledger)
	absOut, err2 := filepath.Abs(out)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(ledger)
	}
	rel, err := filepath.Rel(filepath.Dir(absOut), absLedger)
	if err != nil {
		return filepath.ToSlash(ledger)
	}
	return filepath.ToSlash(rel)
}

// checkMatrixOut refuses, before any input is read, the files matrix
// would write that it may not: --out's table and the ledger (written only
// when runs are added) must be missing or regular files (never a folder,
// a symlink's target or a device) in a folder this user may write, and an
// existing --out must be a table saltlab matrix wrote (the ledger is
// checked as it is parsed: only a ledger of saltlab's parses).
func checkMatrixOut(out, ledger string, adding bool) error {
	files := map[string]string{}
	if out != "" {
		files["--out"] = out
	}
	if ledger != "" && adding {
		files["the ledger"] = ledger
	}
	for what, f := range files {
		if err := owned.Replaceable(f); err != nil {
			return usage.Errorf("matrix: %s: %w", what, err)
		}
		if err := owned.Writable(filepath.Dir(f)); err != nil {
			return usage.Errorf("matrix: %s %s: its folder %w", what, f, err)
		}
	}
	if out == "" {
		return nil
	}
	b, err := userfile.ReadFile(out, userfile.Text)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return usage.Errorf("matrix: --out: %w", err)
	case !matrix.Generated(b):
		return usage.Errorf("matrix: --out %s holds something saltlab matrix did not write (it does not start with %q), and saltlab replaces only a table it wrote: name a new file, or remove this one yourself", out, matrix.Title)
	}
	return nil
}

// readMatrixLedger reads the ledger's records. A ledger that does not
// exist yet is empty when runs are named (the first `make matrix` starts
// it); with nothing to add it is a mistyped path.
func readMatrixLedger(path string, adding bool) ([]matrix.Record, error) {
	if path == "" {
		return nil, nil
	}
	b, err := userfile.ReadFile(path, userfile.Text)
	if errors.Is(err, fs.ErrNotExist) && adding {
		return nil, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usage.Errorf("matrix: ledger %s does not exist, and no run folder is named to start it: name the ledger the table is kept in (make matrix: docs/release-matrix.json), or finished run folders", path)
	}
	if userfile.Is(err) {
		return nil, usage.Errorf("matrix: read ledger %s: %w", path, err)
	}
	if err != nil {
		return nil, usage.Errorf("matrix: read ledger %s: %w (make it readable, or restore it: git checkout -- %s)", path, err, path)
	}
	recs, err := matrix.ParseLedger(b)
	if err != nil {
		return nil, usage.Errorf("matrix: ledger %s: %w (fix it by hand, or restore it: git checkout -- %s; nothing was written)", path, err, path)
	}
	return recs, nil
}

// loadMatrixRun reads one run folder's summary.json into its record; its
// run id names it in the document, the folder's name when the summary has
// none.
func loadMatrixRun(dir string) (matrix.Record, error) {
	path := filepath.Join(dir, report.SummaryFile)
	s, err := report.ReadSummary(path)
	if err != nil {
		return matrix.Record{}, usage.Errorf("matrix: %s: %w (name finished run folders only: a run writes %s with its reports, so a run cut short before them has none; leave it out or run it again)", path, err, report.SummaryFile)
	}
	id := s.Run.ID
	if id == "" {
		id = filepath.Base(filepath.Clean(dir))
	}
	return matrix.RecordOf(id, s), nil
}

// maxReadme bounds the README read for --readme: this project's is 12 kB.
const maxReadme = 1 << 20

// readmeWithMatrix is the text of the README at path with its release
// matrix block rendered from m, read and checked before anything is
// written; "" when path is.
func readmeWithMatrix(path string, m matrix.Matrix) (string, error) {
	if path == "" {
		return "", nil
	}
	if err := checkReadmeFile(path); err != nil {
		return "", err
	}
	doc, err := userfile.ReadFile(path, maxReadme)
	if err != nil {
		return "", usage.Errorf("matrix: --readme %s: %w", path, err)
	}
	var table strings.Builder
	if err := matrix.RenderShort(&table, m); err != nil {
		return "", err
	}
	out, err := matrix.ReplaceReadmeBlock(string(doc), table.String())
	if err != nil {
		return "", usage.Errorf("matrix: --readme %s: %w", path, err)
	}
	return out, nil
}

// checkReadmeFile refuses a --readme that is not a regular file of
// bounded size, before any run folder or ledger is read.
func checkReadmeFile(path string) error {
	if path == "" {
		return nil
	}
	if _, err := userfile.Check(path, maxReadme); err != nil {
		return usage.Errorf("matrix: --readme %s: %w (name the README that holds the release matrix block)", path, err)
	}
	return owned.Replaceable(path)
}
