package tagexpr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// godogMatch is godog 0.15's tag filter (internal/tags.match), copied in
// behaviour so the CNF rendering can be checked against every tag set;
// TestGodogAgrees runs the real filter on a few of them.
func godogMatch(filter string, tags []string) bool {
	if filter == "" {
		return true
	}
	has := func(tag string) bool {
		for _, t := range tags {
			if strings.ReplaceAll(t, "@", "") == tag {
				return true
			}
		}
		return false
	}
	ok := true
	for _, andTags := range strings.Split(filter, "&&") {
		okComma := false
		for _, tag := range strings.Split(andTags, ",") {
			tag = strings.ReplaceAll(strings.TrimSpace(tag), "@", "")
			okComma = has(tag) || okComma
			if tag[0] == '~' {
				okComma = !has(tag[1:]) || okComma
			}
		}
		ok = ok && okComma
	}
	return ok
}

// tagSets lists every subset of tags.
func tagSets(tags []string) [][]string {
	var out [][]string
	for mask := 0; mask < 1<<len(tags); mask++ {
		var s []string
		for i, t := range tags {
			if mask&(1<<i) != 0 {
				s = append(s, t)
			}
		}
		out = append(out, s)
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		expr    string
		godog   string
		match   [][]string // tag sets selected
		nomatch [][]string
		wantErr string
	}{
		{expr: "", godog: "", match: [][]string{nil, {"@wip"}}},
		{expr: "~@wip", godog: "~@wip", match: [][]string{nil, {"@hot"}}, nomatch: [][]string{{"@wip"}}},
		{expr: "not @wip", godog: "~@wip", match: [][]string{{"@hot"}}, nomatch: [][]string{{"@hot", "@wip"}}},
		{expr: "@a,@b && ~@c", godog: "@a,@b && ~@c", match: [][]string{{"@b"}}, nomatch: [][]string{{"@a", "@c"}, {"@d"}}},
		{expr: "~wip", godog: "~@wip", nomatch: [][]string{{"@wip"}}},
		{expr: "wip", wantErr: `"wip" is not a tag: tags start with @`},
		{expr: "(@a or @b) and not @c", godog: "@a,@b && ~@c", match: [][]string{{"@a"}}, nomatch: [][]string{{"@b", "@c"}}},
		{expr: "@a and @b or @c", godog: "@a,@c && @b,@c", match: [][]string{{"@c"}, {"@a", "@b"}}, nomatch: [][]string{{"@a"}}},
		{expr: "not (@a and @b)", godog: "~@a,~@b", match: [][]string{{"@a"}}, nomatch: [][]string{{"@a", "@b"}}},
		{expr: "not not @a", godog: "@a", match: [][]string{{"@a"}}},
		{expr: "@a,,@b", wantErr: "empty tag between separators"},
		{expr: "@a && ", wantErr: "empty tag between separators"},
		{expr: "~", wantErr: "empty tag"},
		{expr: "@a and", wantErr: "expression ends where a tag"},
		{expr: "(@a or @b", wantErr: "missing ')'"},
		{expr: "@a @b", wantErr: `unexpected "@b"`},
		{expr: "wip and @x", wantErr: `"wip" is not a tag: tags start with @`},
		{expr: "@hot && (~@wip)", wantErr: "mixes the old syntax"},
		{expr: "not @a,@b", wantErr: "mixes the old syntax"},
		{expr: "@a or ) ", wantErr: `unexpected ")"`},
		{expr: strings.Repeat("(@a and @b) or ", 9) + "@c", wantErr: "more than 256 clauses"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Parse(tt.expr)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			g, err := e.Godog()
			require.NoError(t, err)
			assert.Equal(t, tt.godog, g)
			for _, s := range tt.match {
				assert.True(t, e.Match(s), "%v", s)
			}
			for _, s := range tt.nomatch {
				assert.False(t, e.Match(s), "%v", s)
			}
		})
	}
}

// The godog rendering selects exactly what the expression selects, on
// every combination of its tags and a topology tag.
func TestGodogRenderingIsEquivalent(t *testing.T) {
	hot, err := Tag("@hot")
	require.NoError(t, err)
	for _, s := range []string{"~@wip", "not @wip", "(@a or not @b) and (@c or @d)", "not (@a or @b and not @c)", "@a,~@b && @c"} {
		user, err := Parse(s)
		require.NoError(t, err)
		e := And(hot, user)
		g, err := e.Godog()
		require.NoError(t, err)
		for _, set := range tagSets([]string{"@hot", "@wip", "@a", "@b", "@c", "@d"}) {
			assert.Equal(t, e.Match(set), godogMatch(g, set), "%s as %q on %v", s, g, set)
		}
	}
}

func TestTag(t *testing.T) {
	_, err := Tag("hot")
	assert.ErrorContains(t, err, `parse tag "hot"`)
	e, err := Tag("@ai-infra-matrix")
	require.NoError(t, err)
	assert.True(t, e.Match([]string{"@ai-infra-matrix"}))
	assert.Equal(t, "@ai-infra-matrix and (not @wip)", And(e, mustParse(t, "not @wip")).String())
}

func mustParse(t *testing.T, s string) Expr {
	t.Helper()
	e, err := Parse(s)
	require.NoError(t, err)
	return e
}

// FuzzParse: no input panics, and whatever parses renders to a godog
// filter that godog can evaluate (no empty alternative: its filter panics
// on one) and that selects what the expression selects.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"~@wip", "not @wip", "@a,@b && ~@c", "(@a or @b) and not @c", "@a && ", ",,", "((", "not", "@a or ) ", "~~@a", "@é and @ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			return
		}
		g, err := e.Godog()
		if err != nil {
			t.Fatalf("Parse accepted %q but Godog fails: %v", s, err)
		}
		var tags []string
		for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" ,&~()", r) }) {
			if tagName.MatchString(tok) {
				tags = append(tags, tok)
			}
		}
		if len(tags) > 6 {
			tags = tags[:6]
		}
		for _, set := range tagSets(tags) {
			if e.Match(set) != godogMatch(g, set) {
				t.Fatalf("%q rendered as %q disagrees on %v", s, g, set)
			}
		}
	})
}
