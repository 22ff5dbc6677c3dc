package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/testenv"
)

// flagsOf returns the flags `saltlab CMD -h` lists.
func flagsOf(t *testing.T, cmd string) map[string]bool {
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main([]string{cmd, "-h"}, &out, &errOut), cmd)
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z-]+)`).FindAllStringSubmatch(errOut.String(), -1) {
		flags[m[1]] = true
	}
	return flags
}

// Every `saltlab CMD --flag ...` the README and its pages show names a
// command saltlab has and flags that command takes (a fault's options for
// chaos), in code spans and code blocks alike.
func TestDocsCommandsAndFlags(t *testing.T) {
	cmds := commands()
	chaosFlags := map[string]bool{}
	for f := range commonChaosFlags {
		chaosFlags[f] = true
	}
	for _, o := range chaos.Options() {
		chaosFlags[o.Name] = true
	}
	flags := map[string]map[string]bool{"chaos": chaosFlags}
	use := regexp.MustCompile("saltlab ([a-z]+)((?: +[^`\\n|#]*)?)")
	seen := 0
	for _, p := range testenv.Docs(t) {
		if p.Path == "docs/bad-input.md" {
			continue // wrong on purpose; TestScripts runs it (testdata/script/bad-input.txtar)
		}
		for _, m := range use.FindAllStringSubmatch(p.Text, -1) {
			cmd := m[1]
			if _, ok := cmds[cmd]; !ok {
				continue // prose ("saltlab names no package host")
			}
			if flags[cmd] == nil {
				flags[cmd] = flagsOf(t, cmd)
			}
			for _, f := range regexp.MustCompile(`(?:^|[\s\[(])--([a-z][a-z-]*)`).FindAllStringSubmatch(m[2], -1) {
				seen++
				assert.True(t, flags[cmd][f[1]], "%s: `saltlab %s%s`: %s takes no --%s", p.Path, cmd, m[2], cmd, f[1])
			}
		}
	}
	assert.Greater(t, seen, 50, "the docs show the commands' flags")
	for name := range cmds {
		assert.Contains(t, testenv.DocPage(t, "docs/commands.md"), "saltlab "+name, "docs/commands.md lists every command")
	}
}

// The fault table of docs/chaos.md is the registry's: one row per kind
// `saltlab chaos` offers, in the order `saltlab chaos list` prints them,
// each naming the kind and its aliases, every option it cannot do without,
// and no option it does not take.
func TestDocsChaosTable(t *testing.T) {
	rows := testenv.TableRows(testenv.DocPage(t, "docs/chaos.md"), "fault")
	var got, want []string
	for _, r := range rows {
		got = append(got, strings.Fields(testenv.CodeSpan(r[0]))[0])
	}
	for _, d := range chaos.Catalog() {
		want = append(want, string(d.Kind))
	}
	require.Equal(t, want, got)
	for i, d := range chaos.Catalog() {
		cell := rows[i][0]
		named := map[string]bool{}
		for _, m := range regexp.MustCompile(`--([a-z][a-z-]*)`).FindAllStringSubmatch(testenv.CodeSpan(cell), -1) {
			named[m[1]] = true
			assert.True(t, d.Takes(m[1]), "docs/chaos.md row %s: %s takes no --%s (usage: %s)", d.Kind, d.Kind, m[1], d.Usage())
		}
		for _, a := range d.Args {
			if !a.Optional && a.Default == "" {
				assert.True(t, named[a.Name], "docs/chaos.md row %s: shows --%s, which it cannot do without (usage: %s)", d.Kind, a.Name, d.Usage())
			}
		}
		for _, alias := range d.Aliases {
			assert.Contains(t, cell, "`"+alias+"`", "docs/chaos.md row %s: names its alias %s", d.Kind, alias)
		}
	}
}
