package runners

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/sim/config"
)

func TestConfigGet(t *testing.T) {
	opts := config.Opts{
		"file_roots":    map[string]any{"base": []any{"/srv/salt", "/srv/extra"}},
		"external_auth": map[string]any{},
		"peer":          map[string]any{".*": []any{"test.ping"}},
	}
	for _, tt := range []struct {
		name string
		args []string
		want any
	}{
		{name: "whole option", args: []string{"file_roots"}, want: map[string]any{"base": []any{"/srv/salt", "/srv/extra"}}},
		{name: "nested with the default delimiter", args: []string{"file_roots:base"}, want: []any{"/srv/salt", "/srv/extra"}},
		{name: "list index", args: []string{"file_roots:base:1"}, want: "/srv/extra"},
		{name: "own delimiter", args: []string{"file_roots,base,0", "delimiter=,"}, want: "/srv/salt"},
		{name: "empty mapping", args: []string{"external_auth"}, want: map[string]any{}},
		{name: "missing key is None whatever default says", args: []string{"nosuch", "default=x"}, want: nil},
		{name: "key= form", args: []string{"key=peer"}, want: map[string]any{".*": []any{"test.ping"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ConfigGet(opts, tt.args))
		})
	}
}
