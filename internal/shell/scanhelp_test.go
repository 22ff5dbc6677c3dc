package shell

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
)

func contains(xs []int, x int) bool { return slices.Contains(xs, x) }

func exprString(e ast.Expr) string { return types.ExprString(e) }

// strLit is the value of a string literal, "" for anything else.
func strLit(e ast.Expr) string {
	if l, ok := e.(*ast.BasicLit); ok && l.Kind == token.STRING {
		if v, err := strconv.Unquote(l.Value); err == nil {
			return v
		}
	}
	return ""
}

// calleeName is a called function's or method's own name: sh for e.sh.
func calleeName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// paramIndex is the position of fn's parameter name, -1 if none.
func paramIndex(fn *ast.FuncDecl, name string) int {
	i := 0
	for _, f := range fn.Type.Params.List {
		if len(f.Names) == 0 {
			i++
		}
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

func localConst(fn *ast.FuncDecl, name string) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
			for _, sp := range d.Specs {
				for _, id := range sp.(*ast.ValueSpec).Names {
					found = found || id.Name == name
				}
			}
		}
		return !found
	})
	return found
}

// assignments lists what is assigned to the local variable name (or to
// its elements) in fn.
func assignments(fn *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if ix, ok := l.(*ast.IndexExpr); ok {
					l = ix.X
				}
				if id, ok := l.(*ast.Ident); ok && id.Name == name && len(n.Rhs) == len(n.Lhs) {
					out = append(out, n.Rhs[i])
				}
			}
		case *ast.RangeStmt:
			// the value of a range over a literal list is each element;
			// over anything else, an element of what is ranged over
			if id, ok := n.Value.(*ast.Ident); ok && id.Name == name {
				if lit, ok := n.X.(*ast.CompositeLit); ok {
					out = append(out, lit.Elts...)
				} else {
					out = append(out, &ast.IndexExpr{X: n.X, Index: &ast.BasicLit{Kind: token.INT, Value: "0", ValuePos: id.Pos()}})
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == name && i < len(n.Values) {
					out = append(out, n.Values[i])
				}
			}
		}
		return true
	})
	return out
}

// constString is the text of a format given as a literal or a constant.
func constString(e ast.Expr, fn *ast.FuncDecl, s *scan) (string, bool) {
	if l, ok := e.(*ast.BasicLit); ok && l.Kind == token.STRING {
		v, err := strconv.Unquote(l.Value)
		return v, err == nil
	}
	return "", false
}
