package compare

// Flavour names as summary.json's run.flavor.name gives them.
const (
	FlavourReal = "real"
	FlavourSim  = "sim"
)

// Explain marks each differing row that a known difference accounts for,
// giving it the row's Salt source. The table speaks of real Salt and the
// double, so it applies only when one run is real and the other sim; two
// runs of one flavour have no explained differences.
func Explain(res Result, known []Known) Result {
	realIsA, ok := flavours(res)
	if !ok {
		return res
	}
	rows := make([]Row, len(res.Rows))
	for i, r := range res.Rows {
		if r.Differs() {
			real, sim := r.B, r.A
			if realIsA {
				real, sim = r.A, r.B
			}
			r.Source = sourceFor(known, r, value(real), value(sim))
		}
		rows[i] = r
	}
	res.Rows = rows
	return res
}

// flavours says which run is real Salt, and false unless one is real and
// the other sim.
func flavours(res Result) (realIsA, ok bool) {
	a, b := res.A.Flavor.Name, res.B.Flavor.Name
	switch {
	case a == FlavourReal && b == FlavourSim:
		return true, true
	case a == FlavourSim && b == FlavourReal:
		return false, true
	}
	return false, false
}

func value(s Side) string {
	if !s.Present {
		return Absent
	}
	return s.Value
}

// sourceFor is the Salt source of the first known difference matching
// the row's scenario, check and both values, or "".
func sourceFor(known []Known, r Row, real, sim string) string {
	check := AnyCheck
	if r.Kind == KindCheck {
		check = r.Item
	}
	for _, k := range known {
		if k.Scenario == r.Scenario && k.Check == check && k.Real == real && k.Sim == sim {
			return k.Source
		}
	}
	return ""
}
