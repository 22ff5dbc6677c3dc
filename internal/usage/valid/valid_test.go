package valid

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

// refused asserts a usage error that names the input, the value and the
// rule; "" wants no error.
func refused(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		assert.NoError(t, err)
		return
	}
	require.Error(t, err)
	assert.True(t, usage.Is(err), "a usage error (exit 2): %v", err)
	assert.Contains(t, err.Error(), want)
	assert.Contains(t, err.Error(), "; want ", "the error says the fix")
}

func TestParsePercent(t *testing.T) {
	tests := []struct {
		raw    string
		zeroOK bool
		want   float64
		err    string
	}{
		{"10", false, 10, ""},
		{"2.5%", false, 2.5, ""},
		{"100", false, 100, ""},
		{"0", true, 0, ""},
		{"0", false, 0, `validate --percent 0: outside (0, 100]`},
		{"abc", false, 0, `validate --percent "abc": not a number`},
		{"NaN", false, 0, "not a finite number"},
		{"Inf", false, 0, "not a finite number"},
		{"100.5", false, 0, "outside (0, 100]"},
		{"-1", true, 0, "outside [0, 100]"},
		{"", false, 0, "not a number"},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) {
			got, err := ParsePercent("--percent", tc.raw, tc.zeroOK)
			refused(t, err, tc.err)
			if tc.err == "" {
				assert.Equal(t, tc.want, got)
			}
		})
	}
}

func TestParseDuration(t *testing.T) {
	tests := []struct {
		raw  string
		zero string
		want time.Duration
		err  string
	}{
		{"200ms", "", 200 * time.Millisecond, ""},
		{"0", "no limit", 0, ""},
		{"0s", "", 0, `validate --delay 0s: zero; want a positive duration`},
		{"200", "", 0, `validate --delay "200": no unit`},
		{"soon", "", 0, "not a duration"},
		{"-1s", "no limit", 0, "negative; want a duration with its unit, such as 200ms or 30s, or 0 for no limit"},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) {
			got, err := ParseDuration("--delay", tc.raw, tc.zero)
			refused(t, err, tc.err)
			if tc.err == "" {
				assert.Equal(t, tc.want, got)
			}
		})
	}
}

func TestParseIntAndPorts(t *testing.T) {
	n, err := ParseInt("--minions", "3", 1, 120, "want 1 to 120")
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	_, err = ParseInt("--minions", "three", 1, 120, "want 1 to 120")
	refused(t, err, `validate --minions "three": not a whole number`)
	refused(t, Int("--minions", 0, 1, 120, "want 1 to 120"), "validate --minions 0: out of range 1-120")
	refused(t, Port("--ports", 70000), "validate --ports 70000: out of range 1-65535")

	ports, err := ParsePorts("--ports", " 4505, 4506,")
	require.NoError(t, err)
	assert.Equal(t, []int{4505, 4506}, ports)
	_, err = ParsePorts("--ports", "4505,x")
	refused(t, err, `validate --ports "x": not a whole number`)
	_, err = ParsePorts("--ports", "0")
	refused(t, err, "validate --ports 0: out of range 1-65535")
}

func TestRate(t *testing.T) {
	tests := []struct{ raw, err string }{
		{"1mbit", ""},
		{"500kbit", ""},
		{"0mbit", `validate --rate "0mbit": zero`},
		{"1 mbit", "not a tc rate"},
		{"fast", "not a tc rate"},
		{"", "not a tc rate"},
		{"1bps", ""},
		{"8bit", ""},
		{"34gbit", ""},
		{"7bit", `validate --rate "7bit": below 8bit, one byte a second`},
		{"35gbit", "above 34gbit"},
		{"5000mbps", "above 34gbit"},
		{"1" + strings.Repeat("0", 400) + "bit", "above 34gbit"},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) { refused(t, Rate("--rate", tc.raw), tc.err) })
	}
}

// FuzzValidators: no input panics a validator, and every accepted value
// is in range and round-trips (formatted and parsed again, it is accepted
// as the same value).
func FuzzValidators(f *testing.F) {
	for _, s := range []string{"10", "0", "-1", "NaN", "Inf", "1e309", "200ms", "200", "4505,4506", "1mbit", "0kbit", "2.5%", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if p, err := ParsePercent("--percent", raw, false); err == nil {
			if math.IsNaN(p) || p <= 0 || p > 100 {
				t.Fatalf("accepted percent %v from %q", p, raw)
			}
			again, err := ParsePercent("--percent", strconv.FormatFloat(p, 'g', -1, 64), false)
			if err != nil || again != p {
				t.Fatalf("percent %v from %q does not round-trip: %v, %v", p, raw, again, err)
			}
		}
		if d, err := ParseDuration("--for", raw, "keep"); err == nil {
			if d < 0 {
				t.Fatalf("accepted negative duration %v from %q", d, raw)
			}
			if again, err := ParseDuration("--for", d.String(), "keep"); err != nil || again != d {
				t.Fatalf("duration %v from %q does not round-trip: %v, %v", d, raw, again, err)
			}
		}
		if ports, err := ParsePorts("--ports", raw); err == nil {
			for _, p := range ports {
				if p < 1 || p > 65535 {
					t.Fatalf("accepted port %d from %q", p, raw)
				}
			}
		}
		if n, err := ParseInt("--tail", raw, 0, math.MaxInt, "want 0 or more"); err == nil && n < 0 {
			t.Fatalf("accepted %d from %q", n, raw)
		}
		_ = Rate("--rate", raw)
	})
}
