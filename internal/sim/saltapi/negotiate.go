package saltapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	yamlout "go.yaml.in/yaml/v3"
	"gopkg.in/yaml.v3"
)

// httpError is cherrypy.HTTPError.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return fmt.Sprintf("%d %s", e.status, e.msg) }

func errStatus(status int, msg string) error { return &httpError{status: status, msg: msg} }

// outTypes is ct_out_map, in preference order.
var outTypes = []string{"application/json", "application/x-yaml"}

// bestType is cherrypy.lib.cptools.accept: highest q first, */* or a
// missing header pick the first type; nothing acceptable is 406.
func bestType(accept string) (string, error) {
	if strings.TrimSpace(accept) == "" {
		return outTypes[0], nil
	}
	type rng struct {
		media string
		q     float64
	}
	var rs []rng
	for _, part := range strings.Split(accept, ",") {
		media, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		rs = append(rs, rng{media, q})
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].q > rs[j].q })
	for _, r := range rs {
		if r.q <= 0 {
			continue
		}
		switch {
		case r.media == "*/*":
			return outTypes[0], nil
		case strings.HasSuffix(r.media, "/*"):
			for _, t := range outTypes {
				if strings.HasPrefix(t, strings.TrimSuffix(r.media, "*")) {
					return t, nil
				}
			}
		default:
			for _, t := range outTypes {
				if t == r.media {
					return t, nil
				}
			}
		}
	}
	return "", errStatus(http.StatusNotAcceptable, fmt.Sprintf("Your client sent this Accept header: %s. But this resource only emits these media types: %s.", accept, strings.Join(outTypes, ", ")))
}

// encode renders v as JSON (Python json.dumps spacing) or YAML
// (yaml.safe_dump, block style, sorted keys).
func encode(v any, ct string) ([]byte, error) {
	s, err := jsonout.Render(v, -1)
	if err != nil {
		return nil, err
	}
	if ct == "application/json" {
		return []byte(s), nil
	}
	// go.yaml.in/yaml/v3 (the maintained yaml.v3) can indent sequences
	// like PyYAML's safe_dump: "key:\n- item".
	var n yamlout.Node
	if err := yamlout.Unmarshal([]byte(s), &n); err != nil {
		return nil, fmt.Errorf("convert to yaml: %w", err)
	}
	blockStyle(&n)
	var b bytes.Buffer
	enc := yamlout.NewEncoder(&b)
	enc.SetIndent(2)
	enc.CompactSeqIndent()
	if err := enc.Encode(&n); err != nil {
		return nil, fmt.Errorf("encode yaml: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encode yaml: %w", err)
	}
	return b.Bytes(), nil
}

func blockStyle(n *yamlout.Node) {
	n.Style &^= yamlout.FlowStyle
	if n.Kind == yamlout.MappingNode {
		type kv struct{ k, v *yamlout.Node }
		var pairs []kv
		for i := 0; i+1 < len(n.Content); i += 2 {
			pairs = append(pairs, kv{n.Content[i], n.Content[i+1]})
		}
		sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].k.Value < pairs[j].k.Value })
		n.Content = n.Content[:0]
		for _, p := range pairs {
			n.Content = append(n.Content, p.k, p.v)
		}
	}
	if n.Kind == yamlout.ScalarNode && n.Style&yamlout.DoubleQuotedStyle != 0 {
		n.Style = 0
	}
	for _, c := range n.Content {
		blockStyle(c)
	}
}

// errorPage is CherryPy's default HTML error page (UNCONFIRMED exact body).
func errorPage(status int, msg string) string {
	title := fmt.Sprintf("%d %s", status, http.StatusText(status))
	return fmt.Sprintf(`<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html>
<head>
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8"></meta>
    <title>%s</title>
</head>
    <body>
        <h2>%s</h2>
        <p>%s</p>
        <pre id="traceback"></pre>
    <div id="powered_by">
      <span>
        Powered by <a href="http://www.cherrypy.dev">CherryPy 18.10.0</a> (saltlab sim)
      </span>
    </div>
    </body>
</html>
`, title, title, escapeText(msg))
}

// escapeText escapes &, < and > only (html.escape(quote=False)), so quotes
// in Salt's messages stay readable in the page.
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// readBody is hypermedia_in: no body (Content-Length 0) gives nil; the
// Content-Type picks the processor; anything else is 406.
func readBody(r *http.Request) (data any, raw string, err error) {
	if r.Method != http.MethodPost || r.ContentLength == 0 {
		return nil, "", nil
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, 1<<20+1))
	if err != nil {
		return nil, "", errStatus(http.StatusBadRequest, "Could not read the request body")
	}
	if len(b) > 1<<20 {
		return nil, "", errStatus(http.StatusRequestEntityTooLarge, "Request Entity Too Large")
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/x-www-form-urlencoded", "":
		// curl -d sends form data; CherryPy's default for a missing type is form too.
		q, err := url.ParseQuery(string(b))
		if err != nil {
			return nil, "", errStatus(http.StatusBadRequest, "Malformed form data")
		}
		m := map[string]any{}
		for k, vs := range q {
			if len(vs) == 1 {
				m[k] = vs[0]
			} else {
				l := make([]any, len(vs))
				for i, v := range vs {
					l[i] = v
				}
				m[k] = l
			}
		}
		return m, "", nil
	case "application/json":
		v, err := decodeJSON(b)
		if err != nil {
			return nil, "", errStatus(http.StatusBadRequest, "Invalid JSON document")
		}
		return v, string(b), nil
	case "application/x-yaml", "text/yaml":
		var v any
		if err := yaml.Unmarshal(b, &v); err != nil {
			return nil, "", errStatus(http.StatusBadRequest, "Invalid YAML document")
		}
		return v, string(b), nil
	case "text/plain":
		if v, err := decodeJSON(b); err == nil {
			return v, string(b), nil
		}
		return string(b), string(b), nil
	}
	return nil, "", errStatus(http.StatusNotAcceptable, "Content type not supported")
}

func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("trailing data")
	}
	return normNumbers(v), nil
}

// normNumbers turns json.Number into int64 or float64 like Python's json.
func normNumbers(v any) any {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	case []any:
		for i := range t {
			t[i] = normNumbers(t[i])
		}
	case map[string]any:
		for k := range t {
			t[k] = normNumbers(t[k])
		}
	}
	return v
}

// lowstate is lowdata_fmt: a mapping becomes a one-chunk list with "arg"
// wrapped in a list; anything else passes through for exec to judge.
func lowstate(data any) any {
	if m, ok := data.(map[string]any); ok && len(m) > 0 {
		if a, ok := m["arg"]; ok {
			if _, isList := a.([]any); !isList {
				m["arg"] = []any{a}
			}
		}
		return []any{m}
	}
	return data
}
