package shell

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// A scan finds the shell scripts of one package (the string after "bash"
// or "sh" and a flag holding "c", in a call's arguments or a []string, and
// the arguments of functions that pass a parameter there, such as
// chaos's e.sh) and reports each value that reaches one unquoted: a %q
// (Go quoting, not the shell's), a %s or %v, or a concatenation, of
// anything but a constant, a number formatted by strconv, shell.Quote,
// shell.Words, or a function of the package whose results are themselves
// safe. It reads source only (no type checking), so it judges by form:
// a script should be a constant with positional arguments ("$1"), or
// built from quoted pieces.
type scan struct {
	fset   *token.FileSet
	funcs  map[string]*ast.FuncDecl
	consts map[string]bool
	sinks  map[string][]int // function name -> indexes of its script parameters
	busy   map[string]bool  // functions being checked (recursion counts as safe)
	probs  []string
}

func newScan(fset *token.FileSet, files []*ast.File) *scan {
	s := &scan{fset: fset, funcs: map[string]*ast.FuncDecl{}, consts: map[string]bool{}, sinks: map[string][]int{}, busy: map[string]bool{}}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				s.funcs[d.Name.Name] = d
			case *ast.GenDecl:
				// A //go:embed variable is a script file of the tree.
				if d.Tok == token.CONST || (d.Tok == token.VAR && embedded(d)) {
					for _, sp := range d.Specs {
						for _, n := range sp.(*ast.ValueSpec).Names {
							s.consts[n.Name] = true
						}
					}
				}
			}
		}
	}
	// A function that passes its parameter on as a script is a sink too,
	// to a fixpoint (sh -> run's bash -ec; inNetns -> sh).
	for changed := true; changed; {
		changed = false
		for name, fn := range s.funcs {
			for _, script := range s.scripts(fn) {
				id, ok := script.(*ast.Ident)
				if !ok {
					continue
				}
				if i := paramIndex(fn, id.Name); i >= 0 && !contains(s.sinks[name], i) {
					s.sinks[name] = append(s.sinks[name], i)
					changed = true
				}
			}
		}
	}
	return s
}

func embedded(d *ast.GenDecl) bool {
	if d.Doc == nil {
		return false
	}
	for _, c := range d.Doc.List {
		if strings.HasPrefix(c.Text, "//go:embed ") {
			return true
		}
	}
	return false
}

// scripts lists the script expressions fn hands to a shell.
func (s *scan) scripts(fn *ast.FuncDecl) []ast.Expr {
	var out []ast.Expr
	if fn.Body == nil {
		return nil
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			out = append(out, shellScript(n.Args)...)
			for _, i := range s.sinks[calleeName(n)] {
				if i < len(n.Args) {
					out = append(out, n.Args[i])
				}
			}
		case *ast.CompositeLit:
			out = append(out, shellScript(n.Elts)...)
		}
		return true
	})
	return out
}

var shells = map[string]bool{"bash": true, "sh": true, "/bin/sh": true, "/bin/bash": true}

// shellScript finds "bash", "-c", SCRIPT in a list of arguments.
func shellScript(args []ast.Expr) []ast.Expr {
	for i := 0; i+2 < len(args); i++ {
		if shells[strLit(args[i])] && strings.HasPrefix(strLit(args[i+1]), "-") && strings.Contains(strLit(args[i+1]), "c") {
			return []ast.Expr{args[i+2]}
		}
	}
	return nil
}

// run checks every script of every function.
func (s *scan) run() []string {
	for _, fn := range s.funcs {
		for _, script := range s.scripts(fn) {
			s.check(script, fn, nil)
		}
	}
	return s.probs
}

// env binds a called function's parameters to its caller's arguments.
type env struct {
	fn   *ast.FuncDecl
	args []ast.Expr
	up   *env
}

func (s *scan) bad(e ast.Expr, why string) {
	s.probs = append(s.probs, fmt.Sprintf("%s: %s", s.fset.Position(e.Pos()), why))
}

var verbRe = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*[0-9]*(?:\.[0-9]*)?([a-zA-Z%])`)

// check reports what in e, an expression inside fn, is an unquoted value.
func (s *scan) check(e ast.Expr, fn *ast.FuncDecl, en *env) {
	switch e := e.(type) {
	case *ast.BasicLit:
	case *ast.ParenExpr:
		s.check(e.X, fn, en)
	case *ast.BinaryExpr:
		s.check(e.X, fn, en)
		s.check(e.Y, fn, en)
	case *ast.Ident:
		s.checkIdent(e, fn, en)
	case *ast.CallExpr:
		s.checkCall(e, fn, en)
	case *ast.CompositeLit:
		for _, x := range e.Elts {
			s.check(x, fn, en)
		}
	default:
		s.bad(e, "a value ("+exprString(e)+") in a shell script unquoted; pass it as a positional argument or through shell.Quote")
	}
}

func (s *scan) checkIdent(id *ast.Ident, fn *ast.FuncDecl, en *env) {
	if s.consts[id.Name] || localConst(fn, id.Name) {
		return
	}
	key := "var " + fn.Name.Name + "." + id.Name
	if s.busy[key] {
		return
	}
	s.busy[key] = true
	defer delete(s.busy, key)
	if i := paramIndex(fn, id.Name); i >= 0 {
		switch {
		case en != nil && en.fn == fn && i < len(en.args):
			s.check(en.args[i], en.up.fnOr(fn), en.up)
		case en == nil && contains(s.sinks[fn.Name.Name], i):
			// a sink's script parameter: its callers are checked
		default:
			s.bad(id, "parameter "+id.Name+" in a shell script unquoted; pass it as a positional argument or through shell.Quote")
		}
		return
	}
	rhs := assignments(fn, id.Name)
	if len(rhs) == 0 {
		s.bad(id, id.Name+" in a shell script unquoted; pass it as a positional argument or through shell.Quote")
	}
	for _, r := range rhs {
		s.check(r, fn, en)
	}
}

func (en *env) fnOr(fn *ast.FuncDecl) *ast.FuncDecl {
	if en == nil {
		return fn
	}
	return en.fn
}

var safeCalls = map[string]bool{
	"shell.Quote": true, "shell.Words": true, "Quote": true, "Words": true,
	"strconv.Itoa": true, "strconv.FormatInt": true, "strconv.FormatUint": true, "strconv.FormatFloat": true, "strconv.FormatBool": true,
	"make": true,
}

func (s *scan) checkCall(c *ast.CallExpr, fn *ast.FuncDecl, en *env) {
	name := exprString(c.Fun)
	switch {
	case safeCalls[name]:
	case name == "fmt.Sprintf" || name == "fmt.Fprintf":
		s.checkFormat(c, fn, en)
	case name == "append":
		for _, a := range c.Args {
			s.check(a, fn, en)
		}
	case name == "strings.Join":
		s.check(c.Args[0], fn, en)
		s.check(c.Args[1], fn, en)
	case strings.HasSuffix(name, ".String") && len(c.Args) == 0:
		s.checkBuilder(c, fn, en)
	case s.funcs[calleeName(c)] != nil && !s.busy[calleeName(c)]:
		callee := s.funcs[calleeName(c)]
		s.busy[callee.Name.Name] = true
		defer delete(s.busy, callee.Name.Name)
		inner := &env{fn: callee, args: c.Args, up: &env{fn: fn, up: en}}
		if en == nil {
			inner.up = &env{fn: fn}
		}
		ast.Inspect(callee.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok {
				for _, x := range r.Results {
					s.check(x, callee, inner)
				}
			}
			_, lit := n.(*ast.FuncLit)
			return !lit
		})
	case s.busy[calleeName(c)]:
	default:
		s.bad(c, "the result of "+name+" in a shell script unquoted; pass it as a positional argument or through shell.Quote")
	}
}

// checkFormat checks a Sprintf's verbs: %q never, %s and %v of safe values.
func (s *scan) checkFormat(c *ast.CallExpr, fn *ast.FuncDecl, en *env) {
	first := 0
	if exprString(c.Fun) == "fmt.Fprintf" {
		first = 1
	}
	format, ok := constString(c.Args[first], fn, s)
	if !ok {
		s.bad(c, "a shell script from a format that is not a constant")
		return
	}
	next := first + 1
	for _, m := range verbRe.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		i := next
		if m[1] != "" {
			n, _ := strconv.Atoi(m[1])
			i = first + n
		}
		next = i + 1
		if i >= len(c.Args) {
			continue
		}
		switch m[2] {
		case "q":
			s.bad(c.Args[i], "%q of "+exprString(c.Args[i])+" in a shell script: Go quoting, not the shell's ($(...) still runs); pass it as a positional argument or through shell.Quote")
		case "s", "v":
			s.check(c.Args[i], fn, en)
		}
	}
}

// checkBuilder checks what was written to the strings.Builder b of b.String().
func (s *scan) checkBuilder(c *ast.CallExpr, fn *ast.FuncDecl, en *env) {
	b := exprString(c.Fun.(*ast.SelectorExpr).X)
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch name := exprString(call.Fun); {
		case name == b+".WriteString":
			s.check(call.Args[0], fn, en)
		case name == "fmt.Fprintf" && (exprString(call.Args[0]) == "&"+b || exprString(call.Args[0]) == b):
			s.checkFormat(call, fn, en)
		}
		return true
	})
}
