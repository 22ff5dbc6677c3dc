// Package tagexpr parses the tag expressions `saltlab run --tags` accepts
// and renders them for godog 0.15, whose own filter knows only the old
// Behat syntax ("@a,@b && ~@c": && of comma-separated alternatives, ~ for
// not), has no parentheses, and panics on an empty alternative.
//
// Two syntaxes are accepted, one per expression:
//
//	old (godog/Behat):  ~@wip    @a,@b && ~@slow
//	new (Cucumber):     not @wip    (@a or @b) and not @slow
//
// An expression is parsed once, up front, so a malformed one fails before
// any Docker work, and it is rendered in conjunctive normal form, the only
// shape godog's filter evaluates correctly.
package tagexpr

import (
	"fmt"
	"regexp"
	"strings"
)

// Limits keep the CNF rendering small: distributing "or" over "and" can
// grow an expression exponentially.
const (
	maxTags    = 32
	maxClauses = 256
)

// tagName is what a tag may look like: godog splits its filter on "&&" and
// ",", strips every "@" and treats a leading "~" as not, so none of these
// may occur inside a name.
var tagName = regexp.MustCompile(`^@[^\s,&~@()!|]+$`)

// Expr is a parsed tag expression. The zero Expr matches every scenario.
type Expr struct {
	root node // nil: match all
	src  string
}

// String returns the expression as the user wrote it (or as built).
func (e Expr) String() string { return e.src }

// Match reports whether a scenario with these tags (each with its "@") is
// selected.
func (e Expr) Match(tags []string) bool {
	if e.root == nil {
		return true
	}
	set := make(map[string]bool, len(tags))
	for _, t := range tags {
		set[t] = true
	}
	return e.root.eval(set)
}

// Tag returns the expression selecting scenarios tagged name ("@hot").
func Tag(name string) (Expr, error) {
	if !tagName.MatchString(name) {
		return Expr{}, fmt.Errorf("parse tag %q: want @ and a name without spaces, commas, &, ~, @, !, | or parentheses", name)
	}
	return Expr{root: lit{tag: name}, src: name}, nil
}

// And selects what both a and b select.
func And(a, b Expr) Expr {
	switch {
	case a.root == nil:
		return b
	case b.root == nil:
		return a
	}
	return Expr{root: and{a.root, b.root}, src: a.src + " and (" + b.src + ")"}
}

// Parse parses s in either syntax. An empty s matches everything.
func Parse(s string) (Expr, error) {
	src := strings.TrimSpace(s)
	if src == "" {
		return Expr{}, nil
	}
	var root node
	var err error
	if old := strings.ContainsAny(src, ",~") || strings.Contains(src, "&"); old {
		if hasKeyword(src) || strings.ContainsAny(src, "()") {
			return Expr{}, fmt.Errorf("parse tag expression %q: it mixes the old syntax (~, &&, commas) with the new one (not, and, or, parentheses); use one, e.g. 'not @wip' or '~@wip'", s)
		}
		root, err = parseOld(src)
	} else {
		root, err = parseNew(src)
	}
	if err != nil {
		return Expr{}, fmt.Errorf("parse tag expression %q: %w", s, err)
	}
	e := Expr{root: root, src: src}
	if n := countTags(root); n > maxTags {
		return Expr{}, fmt.Errorf("parse tag expression %q: %d tags; at most %d are supported", s, n, maxTags)
	}
	if _, err := e.Godog(); err != nil {
		return Expr{}, err
	}
	return e, nil
}

func hasKeyword(s string) bool {
	for _, f := range strings.Fields(s) {
		switch f {
		case "not", "and", "or":
			return true
		}
	}
	return false
}

// parseOld parses "a,b && ~c": clauses separated by "&&", alternatives by
// ",", each an optionally negated tag. The "@" is optional, as in godog.
func parseOld(s string) (node, error) {
	var clauses []node
	for _, c := range strings.Split(s, "&&") {
		var alts []node
		for _, a := range strings.Split(c, ",") {
			a = strings.TrimSpace(a)
			neg := strings.HasPrefix(a, "~")
			a = strings.TrimSpace(strings.TrimPrefix(a, "~"))
			if a == "" {
				return nil, fmt.Errorf("empty tag between separators: write e.g. '~@wip' or '@a,@b && ~@c'")
			}
			if !strings.HasPrefix(a, "@") {
				a = "@" + a
			}
			if !tagName.MatchString(a) {
				return nil, fmt.Errorf("%q is not a tag: want @ and a name without spaces, &, ~ or parentheses", a)
			}
			var n node = lit{tag: a}
			if neg {
				n = not{n}
			}
			alts = append(alts, n)
		}
		clauses = append(clauses, foldOr(alts))
	}
	return foldAnd(clauses), nil
}

func foldOr(ns []node) node {
	out := ns[0]
	for _, n := range ns[1:] {
		out = or{out, n}
	}
	return out
}

func foldAnd(ns []node) node {
	out := ns[0]
	for _, n := range ns[1:] {
		out = and{out, n}
	}
	return out
}
