package notmodelled

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestDocsListEveryFeature: the "Not modelled" table of docs/sim-fidelity.md
// lists every feature this package refuses, by every way a user reaches
// it, names nothing else, and cites tests that exist.
func TestDocsListEveryFeature(t *testing.T) {
	rows := map[string]string{}
	covered := map[string]string{}
	for _, r := range testenv.TableRows(testenv.DocPage(t, "docs/sim-fidelity.md"), "feature") {
		require.Len(t, r, 3, "feature | reached through | covered by")
		rows[r[0]], covered[r[0]] = r[1], r[2]
	}
	want := map[string][]string{}
	targeting := map[string]bool{} // their switches have rows of their own
	for _, tg := range targets() {
		targeting[tg.feature()] = true
		names := []string{"`tgt_type: " + tg.tgtType + "`"}
		if tg.short != "" {
			names = append(names, tg.short+"/"+tg.long)
		}
		want[tg.what] = names
	}
	for _, prog := range Programs() {
		var names []string
		for _, o := range Options(prog) {
			if !targeting[o.Feature] {
				names = append(names, o.Names...)
			}
		}
		want["options of `"+prog+"`"] = names
	}
	for _, o := range outputters() {
		want["outputters"] = append(want["outputters"], "`"+o+"`")
	}
	for _, c := range clients() {
		want["salt-api clients"] = append(want["salt-api clients"], "`"+c+"`")
	}
	want["execution functions"] = []string{"`state.*`"}
	want["runners"] = []string{"`salt-run`"}
	want["wheel functions"] = []string{"`wheel`"}
	want[Jinja().Feature] = []string{"`{{`"}

	for feature, names := range want {
		cell, ok := rows[feature]
		if !assert.True(t, ok, "docs/sim-fidelity.md: no row %q in the Not modelled table", feature) {
			continue
		}
		for _, n := range names {
			if strings.HasPrefix(feature, "options of") && !strings.Contains(n, "`") {
				assert.Regexp(t, "(^|[`/])"+regexp.QuoteMeta(n)+"([`/]|$)", cell, "row %q", feature)
				continue
			}
			assert.Contains(t, cell, n, "row %q", feature)
		}
	}
	for feature := range rows {
		_, ok := want[feature]
		assert.True(t, ok, "docs/sim-fidelity.md lists %q, which internal/sim/notmodelled does not refuse", feature)
	}
	root := testenv.RepoRoot(t)
	for feature, cell := range covered {
		for _, m := range regexp.MustCompile("`([a-z]+)\\.(Test[A-Za-z]+)").FindAllStringSubmatch(cell, -1) {
			files, err := filepath.Glob(filepath.Join(root, "internal", "sim", m[1], "*_test.go"))
			require.NoError(t, err)
			found := false
			for _, f := range files {
				b, err := os.ReadFile(f)
				require.NoError(t, err)
				found = found || strings.Contains(string(b), "func "+m[2]+"(")
			}
			assert.True(t, found, "row %q cites %s.%s, which internal/sim/%s does not define", feature, m[1], m[2], m[1])
		}
	}
}
