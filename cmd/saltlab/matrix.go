package main

import (
	"context"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/evidence/matrix"
)

// cmdMatrix tabulates finished runs by Salt release and topology into a
// Markdown document (`make matrix` writes docs/release-matrix.md with it),
// from the runs' records accumulated in a ledger (docs/release-matrix.json,
// committed): matrix.Update. A failed scenario is a result to tabulate,
// so only bad input fails it.
func cmdMatrix(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("matrix", "matrix [--out FILE] [--ledger FILE] [--readme FILE] [RUN_DIR...] (finished run folders, e.g. reports/matrix/*)", errOut)
	outFile := fs.String("out", "", "write the Markdown table to FILE instead of stdout (make matrix: docs/release-matrix.md)")
	ledger := fs.String("ledger", "", "the ledger of runs to add the RUN_DIRs to and render from (default: --out's FILE with .json, none without --out; make matrix: docs/release-matrix.json)")
	readme := fs.String("readme", "", "also write the short table into FILE between its release-matrix lines (make matrix: README.md)")
	dirs, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	u, err := matrix.Prepare(matrix.Files{Out: *outFile, Ledger: *ledger, Readme: *readme}, dirs)
	if err != nil {
		return err
	}
	say := out
	if *outFile == "" {
		say = errOut // stdout is the table
	}
	wrote, err := u.WriteLedger()
	if err != nil {
		return err
	}
	if wrote {
		fmt.Fprintf(say, "wrote %s: %d run(s) recorded (%d added, %d replaced)\n", u.Ledger, len(u.All), u.Added, u.Replaced)
	}
	if wrote, err = u.WriteReadme(); err != nil {
		return err
	}
	if wrote {
		fmt.Fprintf(say, "wrote %s: its release matrix block, %d release(s) x %d topolog(ies)\n", u.Readme, len(u.Matrix.Releases), len(u.Matrix.Topologies))
	}
	if *outFile == "" {
		_, err := out.Write(u.Table)
		return err
	}
	if err := u.WriteTable(); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s: %d release(s) x %d topolog(ies) from %d run(s) (%d given, %d recorded; the newest per cell is shown)\n",
		u.Out, len(u.Matrix.Releases), len(u.Matrix.Topologies), len(u.Matrix.Runs), u.Given, len(u.All))
	return nil
}
