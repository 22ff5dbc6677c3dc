package saltout

import (
	"regexp"
	"strconv"
	"strings"
)

// RenderError is one of the errors Salt returns instead of states when an
// SLS file does not render (salt/state.py BaseHighState.render_state:
// "Rendering SLS '{saltenv}:{sls}' failed: {msg}"). The renderers put the
// line in the message: YAML's "line 6, column 1" (salt/renderers/yaml.py
// passes the scanner's mark on) or Jinja's "; line 5" (salt/utils/
// templates.py get_line_from_error).
type RenderError struct {
	Env  string // saltenv: base ("" in a pillar error)
	SLS  string // app, web.nginx
	Line int    // 0 when Salt gave none
	Text string // Salt's message, first line only
}

// Files are the files under the states directory the SLS can come from:
// Salt reads "a.b" from a/b.sls or a/b/init.sls (salt/state.py
// BaseHighState.render_state tries both).
func (e RenderError) Files() []string {
	p := strings.ReplaceAll(e.SLS, ".", "/")
	return []string{p + ".sls", p + "/init.sls"}
}

// Where names the file(s) and line for a user: "app.sls or app/init.sls, line 5".
func (e RenderError) Where() string {
	s := strings.Join(e.Files(), " or ")
	if e.Line > 0 {
		s += ", line " + strconv.Itoa(e.Line)
	}
	return s
}

var (
	// A pillar SLS has no saltenv: "Rendering SLS 'app' failed, render
	// error:\n{exc}", or, where the master keeps pillar_safe_render_error
	// (the default), "Rendering SLS 'app' failed. Please see master log
	// for details." (salt/pillar/__init__.py Pillar.render_pstate).
	renderRe = regexp.MustCompile(`(?s)Rendering SLS '(?:([^':]*):)?([^']*)' failed(?:: |\. |, render error:)(.*)`)
	// Jinja's "; line 5" or YAML's `line 6, column 1`.
	lineRe = regexp.MustCompile(`\bline (\d+)\b`)
)

// ParseRenderError reads one of Salt's state errors; ok is false for an
// error that is not a render error (a compile error, a missing SLS).
func ParseRenderError(s string) (RenderError, bool) {
	m := renderRe.FindStringSubmatch(s)
	if m == nil {
		return RenderError{}, false
	}
	e := RenderError{Env: m[1], SLS: m[2]}
	for _, l := range strings.Split(m[3], "\n") {
		if l = strings.TrimSpace(l); l != "" {
			e.Text = l
			break
		}
	}
	// The message before Salt's "---" context block holds the line; the
	// block quotes the file, whose text may say "line" too.
	msg, _, _ := strings.Cut(s, "\n---")
	if l := lineRe.FindAllStringSubmatch(msg, -1); len(l) > 0 {
		if n, err := strconv.Atoi(l[len(l)-1][1]); err == nil {
			e.Line = n
		}
	}
	return e, true
}
