// Package nginxconf reads what the load balancer's own configuration says
// about failing over between upstream servers, so the API scenarios take
// their bounds from the deployment under test (as the Salt bounds come from
// the Salt config) instead of from numbers in a feature file. It reads the
// output of `nginx -T`, which the balancer's container prints itself, so a
// user's balancer with its own file layout is read the same way.
//
// Only the directives that bound a failover are interpreted; the parser
// keeps every directive with its block path, so a question it does not
// answer yet needs no new parser. It is a tokenizer of nginx's syntax
// (words, quoted strings, `;`, `{`, `}` and `#` comments), not a validator:
// nginx itself has checked the file before printing it.
package nginxconf

import (
	"errors"
	"fmt"
	"strings"
)

// Directive is one simple directive: its name, its arguments and the
// names of the blocks it stands in, outermost first ("http", "server",
// "location /").
type Directive struct {
	Name  string
	Args  []string
	Block []string
	// Scope numbers the block instance the directive stands in (0: the top
	// level), so directives of two `server` blocks with the same path can
	// be told apart.
	Scope int
}

// Parse reads an nginx configuration (one file or the concatenation `nginx
// -T` prints, whose "# configuration file ..." lines are comments).
func Parse(text string) ([]Directive, error) {
	toks, err := tokenize(text)
	if err != nil {
		return nil, err
	}
	var out []Directive
	var stack []string
	var scopes []int
	scope, blocks := 0, 0
	var words []string
	for _, t := range toks {
		switch {
		case t.punct && t.s == ";":
			if len(words) == 0 {
				continue // a stray ";" is harmless
			}
			out = append(out, Directive{Name: words[0], Args: words[1:], Block: append([]string(nil), stack...), Scope: scope})
			words = nil
		case t.punct && t.s == "{":
			if len(words) == 0 {
				return nil, fmt.Errorf("parse nginx config: line %d: a block without a name", t.line)
			}
			stack = append(stack, strings.Join(words, " "))
			scopes = append(scopes, scope)
			blocks++
			scope = blocks
			words = nil
		case t.punct && t.s == "}":
			if len(words) > 0 {
				return nil, fmt.Errorf("parse nginx config: line %d: directive %q has no \";\"", t.line, words[0])
			}
			if len(stack) == 0 {
				return nil, fmt.Errorf("parse nginx config: line %d: \"}\" closes no block", t.line)
			}
			stack = stack[:len(stack)-1]
			scope, scopes = scopes[len(scopes)-1], scopes[:len(scopes)-1]
		default:
			words = append(words, t.s)
		}
	}
	if len(words) > 0 {
		return nil, fmt.Errorf("parse nginx config: directive %q has no \";\" at the end", words[0])
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("parse nginx config: block %q is not closed", stack[len(stack)-1])
	}
	return out, nil
}

type token struct {
	s     string
	punct bool
	line  int
}

var errUnterminated = errors.New("unterminated quoted string")

func tokenize(text string) ([]token, error) {
	var out []token
	line := 1
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, token{s: cur.String(), line: line})
			cur.Reset()
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			flush()
			line++
		case c == ' ' || c == '\t' || c == '\r':
			flush()
		case c == '#' && cur.Len() == 0:
			for i < len(text) && text[i] != '\n' {
				i++
			}
			i-- // the newline counts the line
		case c == ';' || c == '{' || c == '}':
			flush()
			out = append(out, token{s: string(c), punct: true, line: line})
		case (c == '"' || c == '\'') && cur.Len() == 0:
			q := c
			start := line
			i++
			for ; i < len(text) && text[i] != q; i++ {
				if text[i] == '\\' && i+1 < len(text) {
					i++
				}
				if text[i] == '\n' {
					line++
				}
				cur.WriteByte(text[i])
			}
			if i >= len(text) {
				return nil, fmt.Errorf("parse nginx config: line %d: %w", start, errUnterminated)
			}
			out = append(out, token{s: cur.String(), line: line})
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return out, nil
}
