package matrix

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Files are what one `saltlab matrix` reads and writes: the Markdown
// document (Out; "" leaves it to the caller to print), the ledger of runs
// it is rendered from (Ledger; "" is Out's file with .json, or none
// without Out) and a README whose release matrix block it rewrites
// (Readme; "" for none).
type Files struct{ Out, Ledger, Readme string }

// Update is one `saltlab matrix`: the finished runs named, merged into
// the ledger's records, the document rendered from them all (the runs'
// folders under reports/ are not committed and a new machine has none),
// and the README with its block rendered. It is read and checked whole
// before anything is written.
type Update struct {
	Files
	Given           int      // run folders named
	All             []Record // the ledger's records, the given runs merged in
	Added, Replaced int      // of the given runs, how many were new to the ledger
	Matrix          Matrix
	Table           []byte // the Markdown document
	readme          string // the README's text with its block rendered
}

// Prepare reads and checks everything an update needs, the files it
// would write first, so bad input is refused with nothing read or
// written; its refusals are usage errors naming the path and the fix. A
// failed scenario is a result to tabulate, not an error.
func Prepare(f Files, dirs []string) (*Update, error) {
	ledger, err := ledgerPath(f.Ledger, f.Out)
	if err != nil {
		return nil, err
	}
	f.Ledger = ledger
	if err := checkReadme(f.Readme); err != nil {
		return nil, err
	}
	if err := checkOut(f.Out, f.Ledger, len(dirs) > 0); err != nil {
		return nil, err
	}
	if len(dirs) == 0 && f.Ledger == "" {
		return nil, usage.Errorf("matrix: name the finished run folders to tabulate, e.g. `saltlab matrix reports/matrix/*`, or a ledger to render again (--ledger FILE, or --out FILE beside it; `make matrix` does both)")
	}
	runs := make([]Record, 0, len(dirs))
	for _, d := range dirs {
		r, err := loadRun(d)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	recorded, err := readLedger(f.Ledger, len(dirs) > 0)
	if err != nil {
		return nil, err
	}
	u := &Update{Files: f, Given: len(runs)}
	u.All, u.Added, u.Replaced = Merge(recorded, runs)
	u.Matrix = Build(u.All)
	u.Matrix.Ledger = ledgerLink(f.Ledger, f.Out)
	var b bytes.Buffer
	if err := Render(&b, u.Matrix); err != nil {
		return nil, err
	}
	u.Table = b.Bytes()
	if u.readme, err = readmeWith(f.Readme, u.Matrix); err != nil {
		return nil, err
	}
	return u, nil
}

// WriteLedger writes the ledger when runs were given, and says whether
// it did. It goes first: the document is rendered from it, so a failed
// write of the document loses nothing a re-render cannot restore.
func (u *Update) WriteLedger() (bool, error) {
	if u.Ledger == "" || u.Given == 0 {
		return false, nil
	}
	b, err := MarshalLedger(u.All)
	if err != nil {
		return false, err
	}
	if err := owned.WriteFile(u.Ledger, b, 0o644); err != nil {
		return false, fmt.Errorf("write ledger: %w", err)
	}
	return true, nil
}

// WriteReadme writes the README's block when one was named, and says
// whether it did.
func (u *Update) WriteReadme() (bool, error) {
	if u.Readme == "" {
		return false, nil
	}
	if err := owned.WriteFile(u.Readme, []byte(u.readme), 0o644); err != nil {
		return false, fmt.Errorf("write the release matrix into %s: %w", u.Readme, err)
	}
	return true, nil
}

// WriteTable writes the document to Out.
func (u *Update) WriteTable() error {
	if err := owned.WriteFile(u.Out, u.Table, 0o644); err != nil {
		return fmt.Errorf("write release matrix: %w", err)
	}
	return nil
}

// ledgerPath is --ledger, or --out's file with .json: the table and
// the ledger it is rendered from sit side by side, so writing the table
// by hand with --out cannot drop the cells of runs measured elsewhere.
func ledgerPath(ledger, out string) (string, error) {
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

// checkOut refuses, before any input is read, the files matrix
// would write that it may not: --out's table and the ledger (written only
// when runs are added) must be missing or regular files (never a folder,
// a symlink's target or a device) in a folder this user may write, and an
// existing --out must be a table saltlab matrix wrote (the ledger is
// checked as it is parsed: only a ledger of saltlab's parses).
func checkOut(out, ledger string, adding bool) error {
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
	case !Generated(b):
		return usage.Errorf("matrix: --out %s holds something saltlab matrix did not write (it does not start with %q), and saltlab replaces only a table it wrote: name a new file, or remove this one yourself", out, Title)
	}
	return nil
}

// readLedger reads the ledger's records. A ledger that does not
// exist yet is empty when runs are named (the first `make matrix` starts
// it); with nothing to add it is a mistyped path.
func readLedger(path string, adding bool) ([]Record, error) {
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
	recs, err := ParseLedger(b)
	if err != nil {
		return nil, usage.Errorf("matrix: ledger %s: %w (fix it by hand, or restore it: git checkout -- %s; nothing was written)", path, err, path)
	}
	return recs, nil
}

// loadRun reads one run folder's summary.json into its record; its
// run id names it in the document, the folder's name when the summary has
// none.
func loadRun(dir string) (Record, error) {
	path := filepath.Join(dir, report.SummaryFile)
	s, err := report.ReadSummary(path)
	if err != nil {
		return Record{}, usage.Errorf("matrix: %s: %w (name finished run folders only: a run writes %s with its reports, so a run cut short before them has none; leave it out or run it again)", path, err, report.SummaryFile)
	}
	id := s.Run.ID
	if id == "" {
		id = filepath.Base(filepath.Clean(dir))
	}
	return RecordOf(id, s), nil
}

// maxReadme bounds the README read for --readme: this project's is 12 kB.
const maxReadme = 1 << 20

// readmeWith is the text of the README at path with its release
// matrix block rendered from m, read and checked before anything is
// written; "" when path is.
func readmeWith(path string, m Matrix) (string, error) {
	if path == "" {
		return "", nil
	}
	if err := checkReadme(path); err != nil {
		return "", err
	}
	doc, err := userfile.ReadFile(path, maxReadme)
	if err != nil {
		return "", usage.Errorf("matrix: --readme %s: %w", path, err)
	}
	var table strings.Builder
	if err := RenderShort(&table, m); err != nil {
		return "", err
	}
	out, err := ReplaceReadmeBlock(string(doc), table.String())
	if err != nil {
		return "", usage.Errorf("matrix: --readme %s: %w", path, err)
	}
	return out, nil
}

// checkReadme refuses a --readme that is not a regular file of
// bounded size, before any run folder or ledger is read.
func checkReadme(path string) error {
	if path == "" {
		return nil
	}
	if _, err := userfile.Check(path, maxReadme); err != nil {
		return usage.Errorf("matrix: --readme %s: %w (name the README that holds the release matrix block)", path, err)
	}
	return owned.Replaceable(path)
}
