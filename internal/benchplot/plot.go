// Package benchplot draws a benchmark's cost curves as one static SVG: a
// small panel per measured quantity, each a line over the sizes measured
// (10, 100, 1000 minions) on a logarithmic axis. The README shows it, so
// it has no script and no external asset, like the run reports.
package benchplot

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
)

// Curve is one quantity measured at several sizes.
type Curve struct {
	Title string    // "time to healthy"
	Unit  string    // "s", "MiB"
	X     []float64 // the sizes, ascending, all > 0
	Y     []float64 // one value per size
}

// Panel geometry, in SVG user units.
const (
	panelW, panelH = 300.0, 200.0
	padL, padR     = 48.0, 16.0
	padT, padB     = 28.0, 34.0
	perRow         = 2
)

// SVG draws the curves, perRow panels a row, under title.
func SVG(title string, curves []Curve) ([]byte, error) {
	for _, c := range curves {
		if len(c.X) == 0 || len(c.X) != len(c.Y) {
			return nil, fmt.Errorf("plot %q: %d sizes and %d values", c.Title, len(c.X), len(c.Y))
		}
		for _, x := range c.X {
			if x <= 0 {
				return nil, fmt.Errorf("plot %q: size %g is not positive (the axis is logarithmic)", c.Title, x)
			}
		}
	}
	rows := (len(curves) + perRow - 1) / perRow
	w, h := perRow*panelW, 24+float64(rows)*panelH
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="11">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/><text x="8" y="16" font-size="13" font-weight="bold">%s</text>`+"\n", html.EscapeString(title))
	for i, c := range curves {
		panel(&b, c, float64(i%perRow)*panelW, 24+float64(i/perRow)*panelH)
	}
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

// panel draws one curve with its origin at (ox, oy).
func panel(b *bytes.Buffer, c Curve, ox, oy float64) {
	lo, hi := math.Log10(c.X[0]), math.Log10(c.X[len(c.X)-1])
	if hi == lo {
		hi = lo + 1
	}
	top := 0.0
	for _, y := range c.Y {
		top = math.Max(top, y)
	}
	if top == 0 {
		top = 1
	}
	top *= 1.15
	x0, x1 := ox+padL, ox+panelW-padR
	y0, y1 := oy+panelH-padB, oy+padT
	px := func(x float64) float64 { return x0 + (math.Log10(x)-lo)/(hi-lo)*(x1-x0) }
	py := func(y float64) float64 { return y0 - y/top*(y0-y1) }
	fmt.Fprintf(b, `<text x="%g" y="%g" font-weight="bold">%s (%s)</text>`+"\n", x0, oy+16, html.EscapeString(c.Title), html.EscapeString(c.Unit))
	fmt.Fprintf(b, `<path d="M%g %gV%gH%g" stroke="#555" fill="none"/>`+"\n", x0, y1, y0, x1)
	fmt.Fprintf(b, `<text x="%g" y="%g" text-anchor="end">%s</text>`+"\n", x0-4, y1+4, label(top/1.15))
	fmt.Fprintf(b, `<text x="%g" y="%g" text-anchor="end">0</text>`+"\n", x0-4, y0+4)
	var pts bytes.Buffer
	for i := range c.X {
		fmt.Fprintf(&pts, "%g,%g ", round(px(c.X[i])), round(py(c.Y[i])))
	}
	fmt.Fprintf(b, `<polyline points="%s" stroke="#1f77b4" stroke-width="2" fill="none"/>`+"\n", bytes.TrimSpace(pts.Bytes()))
	for i := range c.X {
		x, y := round(px(c.X[i])), round(py(c.Y[i]))
		fmt.Fprintf(b, `<circle cx="%g" cy="%g" r="3" fill="#1f77b4"><title>%s minions: %s %s</title></circle>`+"\n", x, y, label(c.X[i]), label(c.Y[i]), html.EscapeString(c.Unit))
		fmt.Fprintf(b, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", x, y-6, label(c.Y[i]))
		fmt.Fprintf(b, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", x, y0+14, label(c.X[i]))
	}
	fmt.Fprintf(b, `<text x="%g" y="%g" text-anchor="middle">minions</text>`+"\n", (x0+x1)/2, y0+28)
}

func round(v float64) float64 { return math.Round(v*10) / 10 }

// label prints a whole number, or any value from 100 up, in whole units,
// and any other value with three significant digits.
func label(v float64) string {
	// Whole units from 100 up: "6494", not "6.49e+03", which the panel's
	// left margin clipped (a real fleet's MiB, 2026-11-28).
	if (v == math.Trunc(v) || math.Abs(v) >= 100) && math.Abs(v) < 1e6 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}
