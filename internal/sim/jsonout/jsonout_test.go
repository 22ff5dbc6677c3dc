package jsonout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRender(t *testing.T) {
	doc := NewMap().Set("zeta", true).Set("alpha", []any{}).Set("html", "<a&b>").Set("nested", NewMap().Set("b", 1).Set("a", nil))
	tests := []struct {
		name   string
		v      any
		indent int
		want   string
	}{
		{name: "salt-call default indent", v: NewMap().Set("local", true), indent: 4, want: "{\n    \"local\": true\n}"},
		{name: "insertion order kept, no html escaping", v: doc, indent: 4,
			want: "{\n    \"zeta\": true,\n    \"alpha\": [],\n    \"html\": \"<a&b>\",\n    \"nested\": {\n        \"b\": 1,\n        \"a\": null\n    }\n}"},
		{name: "out-indent -1 compact python separators", v: doc, indent: -1,
			want: `{"zeta": true, "alpha": [], "html": "<a&b>", "nested": {"b": 1, "a": null}}`},
		{name: "colon inside string untouched", v: NewMap().Set("m", "a:b, c"), indent: -1, want: `{"m": "a:b, c"}`},
		{name: "out-indent 2", v: NewMap().Set("m1", "x"), indent: 2, want: "{\n  \"m1\": \"x\"\n}"},
		{name: "empty map", v: NewMap(), indent: 4, want: "{}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Render(tc.v, tc.indent)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDecodeKeepsOrder(t *testing.T) {
	v, err := Decode([]byte(`{"b": 1, "a": {"y": [1, {"k": "v"}], "x": 2}}`))
	require.NoError(t, err)
	got, err := Render(v, -1)
	require.NoError(t, err)
	assert.Equal(t, `{"b": 1, "a": {"y": [1, {"k": "v"}], "x": 2}}`, got)
}
