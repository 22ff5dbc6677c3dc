package notmodelled

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestErrorNamesTheFeatureAndTheFlavour(t *testing.T) {
	assert.Equal(t, "the Salt double does not model compound targeting (-C/--compound, tgt_type compound); run with --salt real",
		mustTarget(t, "compound").Error())
	assert.Equal(t, "the Salt double does not model Jinja templates in pillar SLS files; run with --salt real, or write pillar SLS files as plain YAML",
		Jinja().Error())
	wrapped := fmt.Errorf("publish: %w", New("x"))
	nm, ok := As(wrapped)
	require.True(t, ok)
	assert.Equal(t, "x", nm.Feature)
	_, ok = As(errors.New("no such option: -Z"))
	assert.False(t, ok)
	assert.Equal(t, 69, Exit)
	assert.Equal(t, http.StatusNotImplemented, HTTPStatus)
}

func mustTarget(t *testing.T, tgtType string) *Error {
	t.Helper()
	e, ok := Target(tgtType)
	require.True(t, ok, tgtType)
	return e
}

func TestLookups(t *testing.T) {
	tests := []struct {
		name    string
		look    func(string) (*Error, bool)
		in      string
		feature string // "" : not a feature the double lacks
	}{
		{"compound", Target, "compound", "compound targeting (-C/--compound, tgt_type compound)"},
		{"nodegroup", Target, "nodegroup", "nodegroup targeting (-N/--nodegroup, tgt_type nodegroup)"},
		{"pillar_exact has no switch", Target, "pillar_exact", "exact pillar targeting (tgt_type pillar_exact)"},
		{"glob is modelled", Target, "glob", ""},
		{"list is modelled", Target, "list", ""},
		{"no such targeting type", Target, "bogus", ""},
		{"local_batch", Client, "local_batch", "the salt-api client local_batch"},
		{"ssh client", Client, "ssh", "the salt-api client ssh"},
		{"local is modelled", Client, "local", ""},
		{"raw outputter", Outputter, "raw", "the raw outputter (--out=raw)"},
		{"json is modelled", Outputter, "json", ""},
		{"nested is modelled", Outputter, "", ""},
		{"a module the double lacks", Function, "state.apply", "the execution function state.apply"},
		{"pkg", Function, "pkg.install", "the execution function pkg.install"},
		{"a real function of a module the double has in part", Function, "test.arg", "the execution function test.arg"},
		{"a function Salt lacks in a module the double has in part", Function, "test.nope", ""},
		{"a module Salt lacks", Function, "no.such", ""},
		{"no module at all", Function, "ping", ""},
		{"a runner module the double lacks", Runner, "fileserver.update", "the runner fileserver.update"},
		{"orchestrate", Runner, "state.orchestrate", "the runner state.orchestrate"},
		{"a runner Salt lacks", Runner, "manage.nope", ""},
		{"a wheel function", Wheel, "key.gen", "the wheel function key.gen"},
		{"a wheel module the double lacks", Wheel, "config.values", "the wheel function config.values"},
		{"a wheel function Salt lacks", Wheel, "key.nope", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, ok := tc.look(tc.in)
			require.Equal(t, tc.feature != "", ok)
			if ok {
				assert.Equal(t, tc.feature, e.Feature)
			}
		})
	}
}

// Every option is spelled like an option, appears once per program, and
// every targeting type with a switch is refused by the salt CLI.
func TestOptions(t *testing.T) {
	for _, prog := range Programs() {
		seen := map[string]bool{}
		opts := Options(prog)
		require.NotEmpty(t, opts, prog)
		for _, o := range opts {
			require.NotEmpty(t, o.Names)
			assert.NotEmpty(t, o.Feature)
			for _, n := range o.Names {
				assert.True(t, strings.HasPrefix(n, "-"), "%s: %s", prog, n)
				assert.False(t, seen[n], "%s: %s listed twice", prog, n)
				seen[n] = true
			}
		}
		if prog == "salt" {
			for _, tg := range targets() {
				if tg.short != "" {
					assert.True(t, seen[tg.short] && seen[tg.long], tg.tgtType)
				}
			}
		}
	}
	assert.Nil(t, Options("salt-master"))
}
