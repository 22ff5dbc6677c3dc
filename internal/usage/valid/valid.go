// Package valid holds one validation rule per kind of user input (whole
// numbers, percentages, durations, ports, rates), so that every flag and
// chaos argument is checked by the same rule and refused in the same
// words: a usage error naming the input, the value, the rule broken and
// the fix ("validate --percent abc: not a number; want ..."). It imports
// only the standard library and internal/usage, so cmd, chaos, knobs and
// the runner can all use it.
package valid

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/usage"
)

// refuse is the one shape of every refusal here.
func refuse(name, value, rule, fix string) error {
	return usage.Errorf("validate %s %s: %s; %s", name, value, rule, fix)
}

// Int checks that n lies in [lo, hi]; fix says what to give instead.
func Int(name string, n, lo, hi int, fix string) error {
	if n < lo || n > hi {
		return refuse(name, strconv.Itoa(n), fmt.Sprintf("out of range %d-%d", lo, hi), fix)
	}
	return nil
}

// ParseInt reads a whole number and checks it with Int.
func ParseInt(name, raw string, lo, hi int, fix string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil {
		return 0, refuse(name, strconv.Quote(raw), "not a whole number", fix)
	}
	return n, Int(name, n, lo, hi, fix)
}

// Port checks a TCP/UDP port number.
func Port(name string, p int) error {
	return Int(name, p, 1, 65535, "want a port such as 4505")
}

// ParsePorts reads a comma-separated list of ports; empty is none.
func ParsePorts(name, raw string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(raw, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		p, err := ParseInt(name, f, 1, 65535, "want ports such as 4505,4506")
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Percent checks a percentage: finite, at most 100, and above 0 unless
// zeroOK (for a drop rate, 0 would be no fault at all).
func Percent(name string, p float64, zeroOK bool) error {
	lo, rule := "0 < p <= 100", "outside (0, 100]"
	if zeroOK {
		lo, rule = "0 <= p <= 100", "outside [0, 100]"
	}
	value := strconv.FormatFloat(p, 'g', -1, 64)
	switch {
	case math.IsNaN(p) || math.IsInf(p, 0):
		return refuse(name, value, "not a finite number", "want a percentage "+lo+", such as 10 or 2.5")
	case p > 100 || p < 0 || (p == 0 && !zeroOK):
		return refuse(name, value, rule, "want a percentage "+lo+", such as 10 or 2.5")
	}
	return nil
}

// ParsePercent reads a percentage ("10", "2.5"; a trailing % is allowed)
// and checks it with Percent.
func ParsePercent(name, raw string, zeroOK bool) (float64, error) {
	p, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(raw), "%"), 64)
	if err != nil {
		return 0, refuse(name, strconv.Quote(raw), "not a number", "want a percentage such as 10 or 2.5")
	}
	return p, Percent(name, p, zeroOK)
}

// Duration checks a duration: never negative, and above zero unless zero
// means something, which zero then names ("no limit"); "" makes 0 wrong.
func Duration(name string, d time.Duration, zero string) error {
	switch {
	case d < 0:
		return refuse(name, d.String(), "negative", durationFix(zero))
	case d == 0 && zero == "":
		return refuse(name, d.String(), "zero", durationFix(zero))
	}
	return nil
}

// ParseDuration reads a duration with its unit ("200ms", "30s"; a bare
// number other than 0 is refused: 200 could mean ms or s) and checks it
// with Duration.
func ParseDuration(name, raw string, zero string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(raw))
	if err != nil {
		rule := "not a duration"
		if _, nerr := strconv.ParseFloat(strings.TrimSpace(raw), 64); nerr == nil {
			rule = "no unit"
		}
		return 0, refuse(name, strconv.Quote(raw), rule, durationFix(zero))
	}
	return d, Duration(name, d, zero)
}

func durationFix(zero string) string {
	if zero == "" {
		return "want a positive duration with its unit, such as 200ms or 30s"
	}
	return "want a duration with its unit, such as 200ms or 30s, or 0 for " + zero
}

// rateRe is tc's rate syntax for a TBF qdisc, as the bandwidth fault uses.
var rateRe = regexp.MustCompile(`^([0-9]+)(bit|kbit|mbit|gbit|bps|kbps|mbps)$`)

// rateUnits are tc's units in bits a second: "bit" is bits, "bps" is
// bytes (tc-7's units; k, m, g are powers of 1000).
var rateUnits = map[string]float64{"bit": 1, "kbit": 1e3, "mbit": 1e6, "gbit": 1e9, "bps": 8, "kbps": 8e3, "mbps": 8e6}

// Rate limits the bandwidth fault's TBF can hold: tc keeps a rate in
// whole bytes a second, so one under 8 bit/s is 0 (no limit at all, or tc
// refusing it after the fault is recorded), and the 32-bit rate of the
// TBF parameters holds at most 2^32-1 bytes a second (about 34 gbit).
const (
	MinRateBits = 8
	MaxRateBits = float64(1<<32-1) * 8
)

// Rate checks a rate in tc syntax (1mbit, 500kbit) within what tc's TBF
// holds (MinRateBits to MaxRateBits).
func Rate(name, raw string) error {
	m := rateRe.FindStringSubmatch(raw)
	if m == nil {
		return refuse(name, strconv.Quote(raw), "not a tc rate", "want a number and a unit such as 1mbit or 500kbit")
	}
	if strings.TrimLeft(m[1], "0") == "" {
		return refuse(name, strconv.Quote(raw), "zero", "want a rate above zero, such as 1mbit or 500kbit")
	}
	n, err := strconv.ParseFloat(m[1], 64)
	bits := n * rateUnits[m[2]]
	switch {
	case err != nil || bits > MaxRateBits:
		return refuse(name, strconv.Quote(raw), "above 34gbit, the most tc's token bucket holds (a 32-bit count of bytes a second)", "want a rate such as 1mbit or 500kbit")
	case bits < MinRateBits:
		return refuse(name, strconv.Quote(raw), "below 8bit, one byte a second: tc keeps rates in whole bytes a second, so it would round to 0", "want a rate of at least 8bit (1bps), such as 1mbit or 500kbit")
	}
	return nil
}
