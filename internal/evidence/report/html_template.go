package report

// pageTemplate is report.html. Styles are inline (no external asset) and
// nothing needs a script: details/summary folds, SVG <title> tooltips.
const pageTemplate = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>saltlab {{.Run.Topology}} {{.Run.ID}}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5em;max-width:72em;color:#222}
.banner{padding:.8em 1em;border-radius:6px;margin-bottom:1em;font-size:1.05em}
.sim{background:#fff3cd;border:2px solid #e0b000}.real{background:#d1ecf1;border:2px solid #0c7a8a}
table{border-collapse:collapse;width:100%;margin:.5em 0}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}
.passed,.valid{color:#176317;font-weight:bold}.failed,.undefined,.pending,.ambiguous,.interrupted,.invalid{color:#a40000;font-weight:bold}.skipped,.unknown{color:#7a5b00;font-weight:bold}
pre{white-space:pre-wrap;margin:0}svg.timeline{max-width:100%;height:auto;border:1px solid #ddd}
.legend span{display:inline-block;margin-right:1.2em}.sw{display:inline-block;width:1em;height:.8em;margin-right:.3em;vertical-align:middle}
.note{background:#f4f4f4;padding:.5em .8em;border-left:4px solid #999}
section{margin-top:2em;border-top:1px solid #ccc}figure{margin:.5em 0}figcaption{color:#444;font-size:.9em}
</style></head><body>
<h1>saltlab: {{.Run.Topology}} <small>run {{.Run.ID}}</small></h1>
<div id="flavour" class="banner {{.Run.Flavor.Name}}"><strong>Salt flavour: {{.Run.Flavor.Name}} ({{.Run.Flavor.Version}})</strong><br>{{.Note}}{{if .Run.Flavor.Route}}<br>Installed by route: {{.Run.Flavor.Route}}{{end}}{{if .Run.Flavor.Reason}}<br>Flavour choice: {{.Run.Flavor.Reason}}{{end}}{{if .Run.Flavor.VersionsReport}}<details><summary>salt --versions-report (first master)</summary><pre>{{.Run.Flavor.VersionsReport}}</pre></details>{{end}}</div>
<p>Started {{time .Run.Started}} on {{.Run.Host}}, took {{dur .Run.Duration}}; Docker Engine {{if .Run.Engine}}{{.Run.Engine}}{{else}}unknown{{end}}; {{if .Run.Labs}}{{len .Run.Labs}} labs in parallel:{{range .Run.Labs}} {{.Name}} (compose project <code>{{.Project}}</code>, bring-up {{dur .BringUp}}){{end}}{{else}}compose project <code>{{.Run.Project}}</code>{{end}}.<br>
Overall: <span class="{{if .Passed}}passed">PASSED{{else}}failed">FAILED{{end}}</span> &mdash; {{.Counts.Passed}} passed, {{.Counts.Failed}} failed, {{.Counts.Errors}} errors, {{.Counts.Skipped}} skipped of {{.Counts.Total}}.</p>
{{if .Error}}<p><strong>Run error:</strong></p><pre>{{.Error}}</pre>{{end}}
<p id="evidence">Evidence in this folder:
{{with .Evidence}}{{if .History}}<a href="{{.History}}">history</a> &middot; {{end}}{{if .Verdicts}}<a href="{{.Verdicts}}">verdicts</a> &middot; {{end}}{{if .Ledger}}<a href="{{.Ledger}}">fault ledger</a> &middot; {{end}}{{range .Logs}}<a href="{{.}}">{{.}}</a> &middot; {{end}}{{end}}<a href="junit.xml">junit.xml</a> &middot; <a href="summary.json">summary.json</a>{{if not .Evidence.Logs}}<br><small>Container logs were not saved with this run.</small>{{end}}</p>
{{if not .HasHist}}<p class="note" id="nohistory">No history was recorded for this run (no history.jsonl): each timeline is drawn from the fault ledger and the measurements only, without operations or Salt events.</p>{{end}}
<h2>Scenarios</h2>
<table id="summary"><tr><th>scenario</th><th>feature</th><th>status</th><th>time</th><th>checkers</th><th>measurements</th></tr>
{{range .Scenarios}}<tr><td><a href="#{{.Anchor}}">{{.Name}}</a></td><td>{{.Feature}}{{if .Lab}}<br><small>on {{.Lab}}</small>{{end}}</td><td class="{{.Status}}">{{.Status}}</td><td>{{secs .Time}} s</td><td>{{range .Verdicts}}<span class="{{.Verdict.Verdict}}">{{.Checker}}: {{.Verdict.Verdict}}</span><br>{{else}}none{{end}}</td><td>{{.Failover}}</td></tr>
{{else}}<tr><td colspan="6">No scenario ran.</td></tr>{{end}}</table>
<p class="legend">{{range .Legend}}<span><i class="sw" style="background:{{.Colour}}"></i>{{.Text}}</span>{{end}}<span><i class="sw" style="border-left:2px dashed #c62828"></i>a measurement's bound, after the last fault</span></p>
{{range .Scenarios}}
<section id="{{.Anchor}}">
<h2><span class="{{.Status}}">{{.Status}}</span> {{.Name}}</h2>
<p>Feature: {{.Feature}};{{if .Lab}} lab {{.Lab}};{{end}} {{secs .Time}} s{{if .Step}}; step: <code>{{.Step}}</code>{{end}}</p>
{{if .Message}}<pre>{{.Message}}</pre>{{end}}{{if .SkipReason}}<p>Skipped: {{.SkipReason}}</p>{{end}}
{{if .Timeline}}<figure class="timeline"><figcaption>Timeline{{if eq .Source "ledger"}} from the fault ledger and the measurements (no history recorded){{end}}: time runs left to right; hover a mark for details.</figcaption>
{{.Timeline}}</figure>{{else}}<p class="note">No timeline: nothing timed was recorded for this scenario (no history and no fault).</p>{{end}}
{{with .Comparison}}<div class="comparison" id="{{.Anchor}}"><h3>{{.Title}}</h3>
{{range .Notes}}<p class="note">{{.}}</p>
{{end}}{{if .Lanes}}<figure class="timeline"><figcaption>Time since {{.Origin}}, the same axis for every lane: hover a mark for details.</figcaption>
{{.SVG}}</figure>
{{range .Lists}}<details class="lane"><summary>{{.Label}}: {{len .Lines}} mark(s){{if .More}} (+{{.More}} more){{end}}</summary><pre>{{range .Lines}}{{.}}
{{end}}</pre></details>
{{end}}{{end}}</div>
{{end}}<h3>Checkers</h3>
{{if .Verdicts}}<table class="verdicts"><tr><th>checker</th><th>verdict</th><th>explanation</th><th>evidence (history entries)</th></tr>
{{range .Verdicts}}<tr><td>{{.Checker}}</td><td class="{{.Verdict.Verdict}}">{{.Verdict.Verdict}}</td><td>{{.Explanation}}{{if .Cause}}<p class="cause"><b>Cause:</b> {{.Cause}}</p><p class="fix"><b>Fix:</b> {{.Fix}}</p>{{end}}</td><td><pre>{{range .Lines}}{{.}}
{{end}}</pre></td></tr>
{{end}}</table>{{else}}<p>No checker verdict for this scenario (no verdicts.json, or none about it).</p>{{end}}
{{if .Measurements}}<h3>Measurements</h3><table><tr><th>measurement</th><th>subject</th><th>observed</th><th>bound</th><th>met</th><th>how the bound was derived</th></tr>
{{range .Measurements}}<tr><td>{{.Name}}</td><td>{{.Subject}}</td><td>{{.ObservedText}}</td><td>{{dur .Bound}}</td><td class="{{if .Met}}passed">yes{{else}}failed">NO{{end}}</td><td>{{.BoundExplain}}{{if .Detail}}<br>{{.Detail}}{{end}}</td></tr>
{{end}}</table>{{end}}{{if .CIDiff}}<h3>CI diff: what <code>state.apply test=True</code> would change</h3><table class="cidiff"><tr><th>minion</th><th>state id</th><th>state</th><th>comment</th><th>changes</th></tr>
{{range .CIDiff}}<tr><td>{{.Minion}}</td><td>{{.ID}}</td><td><code>{{.Key}}</code></td><td><pre>{{.Comment}}</pre></td><td><pre>{{printf "%s" .Changes}}</pre></td></tr>
{{end}}</table>
{{end}}{{if .States}}<h3>States (last highstate of each minion)</h3><table class="states"><tr><th>minion</th><th>state id</th><th>result</th><th>served by</th><th>comment</th></tr>
{{range .States}}<tr><td>{{.Minion}}</td><td>{{.ID}}</td><td class="{{if .Failed}}failed{{else}}passed{{end}}">{{.Result}}</td><td>{{.Master}}</td><td><pre>{{.Comment}}</pre>{{if .Failed}}<pre>changes: {{printf "%s" .Changes}}</pre>{{end}}</td></tr>
{{end}}</table>
{{end}}
</section>
{{end}}
</body></html>
`
