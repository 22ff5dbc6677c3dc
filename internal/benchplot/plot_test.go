package benchplot

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSVG(t *testing.T) {
	out, err := SVG("fleet <sim>", []Curve{
		{Title: "time to healthy", Unit: "s", X: []float64{10, 100, 1000}, Y: []float64{4, 6, 15}},
		{Title: "memory", Unit: "MiB", X: []float64{10, 100, 1000}, Y: []float64{100, 150, 700}},
		{Title: "failover p95", Unit: "s", X: []float64{10, 100, 1000}, Y: []float64{3, 4, 22.4}},
	})
	require.NoError(t, err)
	var doc struct{ XMLName xml.Name }
	require.NoError(t, xml.Unmarshal(out, &doc), "well-formed SVG")
	assert.Equal(t, "svg", doc.XMLName.Local)
	s := string(out)
	assert.Contains(t, s, "fleet &lt;sim&gt;", "text is escaped")
	assert.Equal(t, 3, strings.Count(s, "<polyline"), "one curve a panel")
	assert.Equal(t, 9, strings.Count(s, "<circle"), "one point a size")
	assert.Contains(t, s, "<title>1000 minions: 22.4 s</title>")
	assert.NotContains(t, s, "<script")
	// the largest value sits highest in its panel, the x axis is logarithmic:
	// 100 lies midway between 10 and 1000
	assert.Contains(t, s, `points="48,158 166,142 284,70"`)
}

func TestLabel(t *testing.T) {
	for v, want := range map[float64]string{
		6494.3: "6494", 1739: "1739", 217.02: "217", 100: "100",
		72.7: "72.7", 15.628: "15.6", 0.49: "0.49", 3: "3", 2e6: "2e+06",
	} {
		assert.Equal(t, want, label(v), "%g", v)
	}
}

func TestSVGRefusesBadCurves(t *testing.T) {
	_, err := SVG("x", []Curve{{Title: "a", X: []float64{10, 100}, Y: []float64{1}}})
	assert.ErrorContains(t, err, `plot "a": 2 sizes and 1 values`)
	_, err = SVG("x", []Curve{{Title: "b", X: []float64{0}, Y: []float64{1}}})
	assert.ErrorContains(t, err, "not positive")
}
