// Package pillar compiles a minion's pillar from pillar_roots the way the
// master's salt.pillar.Pillar does for the plain-YAML subset the double
// supports: the base environment's top.sls with glob targets, SLS files as
// YAML, include, and a recursive merge. Jinja is not supported (INFER: Salt
// renders SLS with jinja|yaml by default; the double reports a render error).
package pillar

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
)

// Env is the only pillar environment the double compiles.
const Env = "base"

// Compile builds the pillar for minion id from roots (pillar_roots[base]).
// Render problems do not fail the compile: like Salt they end up in the
// pillar's "_errors" list.
func Compile(roots []string, id string) *jsonout.Map {
	c := &compiler{roots: roots, out: jsonout.NewMap(), seen: map[string]bool{}}
	tops, err := c.topMatches(id)
	if err != nil {
		c.errs = append(c.errs, err.Error())
	}
	for _, sls := range tops {
		c.render(sls)
	}
	if len(c.errs) > 0 {
		c.out.Set("_errors", c.errs)
	}
	return c.out
}

type compiler struct {
	roots []string
	out   *jsonout.Map
	errs  []any
	seen  map[string]bool
}

// topMatches returns the SLS names top.sls assigns to id, in order, from the
// first root holding a top.sls. INFER: Salt merges top files of every root
// and environment; the lab uses one root.
func (c *compiler) topMatches(id string) ([]string, error) {
	for _, r := range c.roots {
		b, err := os.ReadFile(filepath.Join(r, "top.sls"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read top.sls: %w", err)
		}
		if isTemplated(b) {
			return nil, fmt.Errorf("Rendering SLS 'top' failed, render error: %w", notmodelled.Jinja())
		}
		doc, err := decodeYAML(b)
		if err != nil {
			return nil, fmt.Errorf("Rendering SLS 'top' failed, render error: %w", err)
		}
		return matchTop(doc, id), nil
	}
	return nil, nil
}

func matchTop(doc any, id string) []string {
	top, ok := doc.(*jsonout.Map)
	if !ok {
		return nil
	}
	env, _ := top.Get(Env)
	targets, ok := env.(*jsonout.Map)
	if !ok {
		return nil
	}
	var out []string
	for _, tgt := range targets.Keys() {
		v, _ := targets.Get(tgt)
		items, _ := v.([]any)
		var names []string
		glob := true
		for _, it := range items {
			switch x := it.(type) {
			case string:
				names = append(names, x)
			case *jsonout.Map:
				// `- match: glob` keeps glob; other matchers are not
				// implemented and the target never matches (INFER).
				if m, ok := x.Get("match"); ok && m != "glob" {
					glob = false
				}
			}
		}
		if ok, _ := path.Match(tgt, id); glob && ok {
			out = append(out, names...)
		}
	}
	return out
}

// render merges one SLS (its includes first) into the pillar.
func (c *compiler) render(sls string) {
	if c.seen[sls] {
		return
	}
	c.seen[sls] = true
	b, ok := c.find(sls)
	if !ok {
		c.errs = append(c.errs, fmt.Sprintf("Specified SLS '%s' in environment '%s' is not available on the salt master", sls, Env))
		return
	}
	if isTemplated(b) {
		c.errs = append(c.errs, fmt.Sprintf("Rendering SLS '%s' failed, render error: %v", sls, notmodelled.Jinja()))
		return
	}
	doc, err := decodeYAML(b)
	if err != nil {
		c.errs = append(c.errs, fmt.Sprintf("Rendering SLS '%s' failed, render error: %v", sls, err))
		return
	}
	if doc == nil {
		return
	}
	m, ok := doc.(*jsonout.Map)
	if !ok {
		c.errs = append(c.errs, fmt.Sprintf("SLS '%s' does not render to a dictionary", sls))
		return
	}
	if inc, ok := m.Get("include"); ok {
		l, _ := inc.([]any)
		for _, x := range l {
			if s, ok := x.(string); ok {
				c.render(relative(sls, s))
			}
		}
	}
	for _, k := range m.Keys() {
		if k == "include" {
			continue
		}
		v, _ := m.Get(k)
		merge(c.out, k, v)
	}
}

// relative resolves Salt's ".name" includes against the including SLS.
func relative(from, inc string) string {
	if !strings.HasPrefix(inc, ".") {
		return inc
	}
	base := from
	if i := strings.LastIndex(from, "."); i >= 0 {
		base = from[:i]
	} else {
		base = ""
	}
	if base == "" {
		return strings.TrimLeft(inc, ".")
	}
	return base + inc
}

// find locates <sls as path>.sls or <sls as path>/init.sls in the roots.
func (c *compiler) find(sls string) ([]byte, bool) {
	rel := strings.ReplaceAll(sls, ".", "/")
	for _, r := range c.roots {
		for _, p := range []string{rel + ".sls", filepath.Join(rel, "init.sls")} {
			if b, err := os.ReadFile(filepath.Join(r, p)); err == nil {
				return b, true
			}
		}
	}
	return nil, false
}

// merge is Salt's default "smart" pillar merge: mappings merge recursively,
// anything else is replaced by the later value.
func merge(dst *jsonout.Map, k string, v any) {
	cur, ok := dst.Get(k)
	cm, curIsMap := cur.(*jsonout.Map)
	vm, newIsMap := v.(*jsonout.Map)
	if ok && curIsMap && newIsMap {
		for _, kk := range vm.Keys() {
			vv, _ := vm.Get(kk)
			merge(cm, kk, vv)
		}
		return
	}
	dst.Set(k, v)
}

func isTemplated(b []byte) bool {
	s := string(b)
	return strings.Contains(s, "{{") || strings.Contains(s, "{%") || strings.Contains(s, "{#")
}
