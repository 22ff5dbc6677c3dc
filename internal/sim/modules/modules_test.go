package modules

import (
	"context"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/simver"
	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	env := Env{
		Opts:   config.Opts{"master": "salt-master-2", "nested": map[string]any{"k": "v"}},
		Grains: Grains("m1", map[string]any{"role": "web"}),
	}
	tests := []struct {
		fun     string
		args    []any
		want    any
		retcode int
	}{
		{fun: "test.ping", want: true},
		{fun: "test.echo", args: []any{"hi"}, want: "hi"},
		{fun: "test.version", want: "3006.9"},
		{fun: "config.get", args: []any{"master"}, want: "salt-master-2"},
		{fun: "config.get", args: []any{"nested:k"}, want: "v"},
		{fun: "config.get", args: []any{"os"}, want: "Debian"},
		{fun: "config.get", args: []any{"missing"}, want: ""},
		{fun: "config.get", args: []any{"missing", "dflt"}, want: "dflt"},
		{fun: "grains.get", args: []any{"role"}, want: "web"},
		{fun: "cmd.run", args: []any{"echo a; echo b >&2; exit 2"}, want: "a\nb", retcode: 2},
		{fun: "cmd.retcode", args: []any{"exit 5"}, want: 5, retcode: 5},
		{fun: "no.such", want: "'no.such' is not available.", retcode: 1},
		{fun: "test.nope", want: "'test.nope' is not available.", retcode: 1},
		{fun: "state.apply", want: "the Salt double does not model the execution function state.apply; run with --salt real", retcode: 1},
		{fun: "pkg.install", want: "the Salt double does not model the execution function pkg.install; run with --salt real", retcode: 1},
		{fun: "test.arg", want: "the Salt double does not model the execution function test.arg; run with --salt real", retcode: 1},
		{fun: "test.cross_test", args: []any{"test.ping"}, want: true},
		{fun: "test.cross_test", args: []any{"test.echo", []any{"hi"}}, want: "hi"},
		{fun: "test.cross_test", args: []any{"cmd.retcode", []any{"exit 3"}}, want: 3, retcode: 3},
		{fun: "test.cross_test", args: []any{"no.such"}, want: "'no.such' is not available.", retcode: 1},
		{fun: "test.cross_test", args: []any{"test.echo", 7}, want: "Passed invalid arguments to test.cross_test: test.echo() argument after * must be an iterable, not int", retcode: 1},
		{fun: "test.cross_test", want: "Passed invalid arguments to test.cross_test: cross_test() missing 1 required positional argument: 'func'", retcode: 1},
		{fun: "test.cross_test", args: []any{"test.echo", true}, want: "Passed invalid arguments to test.cross_test: test.echo() argument after * must be an iterable, not bool", retcode: 1},
		{fun: "test.outputter", args: []any{"text"}, want: "text"},
		{fun: "test.outputter", args: []any{[]any{1, "a"}}, want: []any{1, "a"}},
		{fun: "test.outputter", want: "Passed invalid arguments to test.outputter: outputter() missing 1 required positional argument: 'data'", retcode: 1},
	}
	for _, tc := range tests {
		t.Run(tc.fun, func(t *testing.T) {
			res := Run(context.Background(), env, tc.fun, tc.args)
			assert.Equal(t, tc.want, res.Return)
			assert.Equal(t, tc.retcode, res.Retcode)
		})
	}
	items := Run(context.Background(), env, "config.items", nil)
	assert.Equal(t, 0, items.Retcode)
	all, ok := items.Return.(map[string]any)
	if assert.True(t, ok, "config.items returns the options as a mapping: %#v", items.Return) {
		assert.Equal(t, "salt-master-2", all["master"], "an option, as config.get answers it")
		assert.Equal(t, map[string]any{"k": "v"}, all["nested"])
		assert.Equal(t, env.Grains, all["grains"], "the grains, under grains as in Salt's __opts__")
		assert.NotContains(t, all, "missing")
	}
	item := Run(context.Background(), env, "grains.item", []any{"os", "nope"}).Return.(*jsonout.Map)
	got, _ := jsonout.Render(item, -1)
	assert.Equal(t, `{"os": "Debian", "nope": ""}`, got)
	assert.False(t, Available("state.highstate"))
	_, notModelled := NotModelled("state.highstate")
	assert.True(t, notModelled, "a function real Salt has")
	_, notModelled = NotModelled("test.ping")
	assert.False(t, notModelled, "a function the double has")
	assert.False(t, Available("nope.nope"))
	g := Grains("m1", nil)
	for _, k := range []string{"id", "host", "fqdn", "os", "os_family", "osrelease", "ipv4", "saltversion"} {
		_, ok := g.Get(k)
		assert.True(t, ok, k)
	}
}

// TestPillarMaskedOn3008: from 3008 pillar.items, .item and .get print
// every non-empty scalar as Salt's placeholder unless unmask=True;
// earlier lines print pillar as it is.
func TestPillarMaskedOn3008(t *testing.T) {
	pillar := jsonout.NewMap().Set("app", jsonout.NewMap().Set("port", int64(8080)).Set("name", "web").Set("debug", false).Set("hosts", []any{"a", ""}))
	ch := fixedPillar{pillar}
	masked := jsonout.NewMap().Set("app", jsonout.NewMap().Set("port", maskPlaceholder).Set("name", maskPlaceholder).Set("debug", false).Set("hosts", []any{maskPlaceholder, ""}))
	tests := []struct {
		name string
		rel  simver.Release
		opts config.Opts
		fun  string
		args []any
		want any
	}{
		{name: "3006 items as they are", rel: simver.Release3006, fun: "pillar.items", want: pillar},
		{name: "3008 items masked", rel: simver.Release3008, fun: "pillar.items", want: masked},
		{name: "3008 items unmask=True", rel: simver.Release3008, fun: "pillar.items", args: []any{"unmask=True"}, want: pillar},
		{name: "3008 get masked", rel: simver.Release3008, fun: "pillar.get", args: []any{"app:port"}, want: maskPlaceholder},
		{name: "3008 get unmask=True", rel: simver.Release3008, fun: "pillar.get", args: []any{"app:port", "unmask=True"}, want: int64(8080)},
		{name: "3008 item masked", rel: simver.Release3008, fun: "pillar.item", args: []any{"app:name"}, want: jsonout.NewMap().Set("app:name", maskPlaceholder)},
		{name: "3007 get as it is", rel: simver.Release3007, fun: "pillar.get", args: []any{"app:port"}, want: int64(8080)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			if opts == nil {
				opts = config.Opts{}
			}
			got := Run(context.Background(), Env{Opts: opts, Master: ch, Release: tc.rel}, tc.fun, tc.args)
			assert.Equal(t, 0, got.Retcode)
			assert.Equal(t, tc.want, got.Return)
		})
	}
}

// fixedPillar is a master channel serving one pillar.
type fixedPillar struct{ p *jsonout.Map }

func (f fixedPillar) Pillar(context.Context) (*jsonout.Map, error) { return f.p, nil }
func (f fixedPillar) GetFile(context.Context, string) (string, bool, error) {
	return "", false, nil
}
func (f fixedPillar) HashFile(context.Context, string) (*jsonout.Map, error) { return nil, nil }
