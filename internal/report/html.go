package report

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"time"
)

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"dur":  func(d time.Duration) string { return d.Round(time.Millisecond).String() },
	"time": func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"secs": func(s string) string {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return strconv.FormatFloat(f, 'f', 1, 64)
		}
		return s
	},
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>saltlab {{.Run.Topology}} {{.Run.ID}}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}
.banner{padding:.8em 1em;border-radius:6px;margin-bottom:1em}
.sim{background:#fff3cd;border:1px solid #e0b000}.real{background:#d1ecf1;border:1px solid #0c7a8a}
table{border-collapse:collapse;width:100%;margin:.5em 0}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}
.passed{color:#176317;font-weight:bold}.failed,.undefined,.pending{color:#a40000;font-weight:bold}.skipped{color:#777}
pre{white-space:pre-wrap;margin:0}
</style></head><body>
<h1>saltlab: {{.Run.Topology}} <small>run {{.Run.ID}}</small></h1>
<div class="banner {{.Run.Flavor.Name}}"><strong>Salt flavour: {{.Run.Flavor.Name}} ({{.Run.Flavor.Version}})</strong><br>{{.Note}}{{if .Run.Flavor.Reason}}<br>Flavour choice: {{.Run.Flavor.Reason}}{{end}}{{if .Run.Flavor.VersionsReport}}<details><summary>salt --versions-report (first master)</summary><pre>{{.Run.Flavor.VersionsReport}}</pre></details>{{end}}</div>
<p>Started {{time .Run.Started}} on {{.Run.Host}}, took {{dur .Run.Duration}}. Compose project <code>{{.Run.Project}}</code>.
Overall: <span class="{{if .Passed}}passed">PASSED{{else}}failed">FAILED{{end}}</span></p>
{{if .Error}}<p><strong>Run error:</strong></p><pre>{{.Error}}</pre>{{end}}
{{range .Scenarios}}
<h2><span class="{{.Status}}">{{.Status}}</span> {{.Name}}</h2>
<p>Feature: {{.Feature}}; {{secs .Time}} s</p>
{{if .Message}}<pre>{{.Message}}</pre>{{end}}
{{if .Measurements}}<table><tr><th>measurement</th><th>subject</th><th>observed</th><th>bound</th><th>met</th><th>how the bound was derived</th></tr>
{{range .Measurements}}<tr><td>{{.Name}}</td><td>{{.Subject}}</td><td>{{.ObservedText}}</td><td>{{dur .Bound}}</td><td class="{{if .Met}}passed">yes{{else}}failed">NO{{end}}</td><td>{{.BoundExplain}}{{if .Detail}}<br>{{.Detail}}{{end}}</td></tr>
{{end}}</table>{{end}}
{{else}}<p>No scenario ran.</p>{{end}}
</body></html>
`))

// WriteHTML renders a single static page (no server, no scripts).
func WriteHTML(w io.Writer, s Summary) error {
	if err := page.Execute(w, s); err != nil {
		return fmt.Errorf("render html report: %w", err)
	}
	return nil
}
