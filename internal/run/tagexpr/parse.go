package tagexpr

import (
	"fmt"
	"strings"
)

// parseNew parses Cucumber's syntax: not binds tighter than and, and
// tighter than or; parentheses group.
func parseNew(s string) (node, error) {
	p := &parser{toks: tokenize(s)}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.toks) {
		return nil, fmt.Errorf("unexpected %q after a complete expression", p.toks[p.pos])
	}
	return n, nil
}

func tokenize(s string) []string {
	s = strings.NewReplacer("(", " ( ", ")", " ) ").Replace(s)
	return strings.Fields(s)
}

type parser struct {
	toks []string
	pos  int
}

func (p *parser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *parser) or() (node, error) {
	n, err := p.and()
	for err == nil && p.peek() == "or" {
		p.pos++
		var r node
		if r, err = p.and(); err == nil {
			n = or{n, r}
		}
	}
	return n, err
}

func (p *parser) and() (node, error) {
	n, err := p.unary()
	for err == nil && p.peek() == "and" {
		p.pos++
		var r node
		if r, err = p.unary(); err == nil {
			n = and{n, r}
		}
	}
	return n, err
}

func (p *parser) unary() (node, error) {
	t := p.peek()
	p.pos++
	switch {
	case t == "":
		return nil, fmt.Errorf("expression ends where a tag, 'not' or '(' is expected")
	case t == "not":
		n, err := p.unary()
		return not{n}, err
	case t == "(":
		n, err := p.or()
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, fmt.Errorf("missing ')'")
		}
		p.pos++
		return n, nil
	case tagName.MatchString(t):
		return lit{tag: t}, nil
	case t == ")" || t == "and" || t == "or":
		return nil, fmt.Errorf("unexpected %q where a tag, 'not' or '(' is expected", t)
	}
	return nil, fmt.Errorf("%q is not a tag: tags start with @ (e.g. @wip) and contain no spaces, commas, &, ~, !, | or parentheses", t)
}
