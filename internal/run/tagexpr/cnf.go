package tagexpr

import (
	"fmt"
	"strings"
)

type node interface{ eval(map[string]bool) bool }

type (
	lit struct{ tag string }
	not struct{ n node }
	and struct{ l, r node }
	or  struct{ l, r node }
)

func (n lit) eval(s map[string]bool) bool { return s[n.tag] }
func (n not) eval(s map[string]bool) bool { return !n.n.eval(s) }
func (n and) eval(s map[string]bool) bool { return n.l.eval(s) && n.r.eval(s) }
func (n or) eval(s map[string]bool) bool  { return n.l.eval(s) || n.r.eval(s) }

func countTags(n node) int {
	switch n := n.(type) {
	case lit:
		return 1
	case not:
		return countTags(n.n)
	case and:
		return countTags(n.l) + countTags(n.r)
	case or:
		return countTags(n.l) + countTags(n.r)
	}
	return 0
}

// literal is a tag, possibly negated: one alternative of a godog clause.
type literal struct {
	tag string
	neg bool
}

func (l literal) String() string {
	if l.neg {
		return "~" + l.tag
	}
	return l.tag
}

// clause is an "or" of literals; a CNF is an "and" of clauses.
type clause []literal

// Godog renders e in godog 0.15's filter syntax: "&&" between clauses,
// "," between the alternatives of one, "~" for not. "" matches everything.
func (e Expr) Godog() (string, error) {
	if e.root == nil {
		return "", nil
	}
	cnf, err := toCNF(e.root, false)
	if err != nil {
		return "", fmt.Errorf("render tag expression %q for godog: %w", e.src, err)
	}
	parts := make([]string, len(cnf))
	for i, c := range cnf {
		alts := make([]string, len(c))
		for j, l := range c {
			alts[j] = l.String()
		}
		parts[i] = strings.Join(alts, ",")
	}
	return strings.Join(parts, " && "), nil
}

// toCNF converts n (negated when neg) to clauses, pushing negations down
// to the tags (De Morgan) and distributing "or" over "and".
func toCNF(n node, neg bool) ([]clause, error) {
	switch n := n.(type) {
	case lit:
		return []clause{{{tag: n.tag, neg: neg}}}, nil
	case not:
		return toCNF(n.n, !neg)
	case and:
		if neg { // not (a and b) = not a or not b
			return cnfOr(or{n.l, n.r}, true)
		}
		return cnfAnd(n.l, n.r, false)
	case or:
		if neg { // not (a or b) = not a and not b
			return cnfAnd(n.l, n.r, true)
		}
		return cnfOr(n, false)
	}
	return nil, fmt.Errorf("unknown node %T", n)
}

func cnfAnd(l, r node, neg bool) ([]clause, error) {
	a, err := toCNF(l, neg)
	if err != nil {
		return nil, err
	}
	b, err := toCNF(r, neg)
	if err != nil {
		return nil, err
	}
	if len(a)+len(b) > maxClauses {
		return nil, errTooLarge
	}
	return append(a, b...), nil
}

// cnfOr distributes: (a1 and a2) or (b1 and b2) = every ai or bj.
func cnfOr(n or, neg bool) ([]clause, error) {
	a, err := toCNF(n.l, neg)
	if err != nil {
		return nil, err
	}
	b, err := toCNF(n.r, neg)
	if err != nil {
		return nil, err
	}
	if len(a)*len(b) > maxClauses {
		return nil, errTooLarge
	}
	out := make([]clause, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := append(append(clause{}, x...), y...)
			out = append(out, c)
		}
	}
	return out, nil
}

var errTooLarge = fmt.Errorf("its conjunctive normal form needs more than %d clauses; simplify it", maxClauses)
