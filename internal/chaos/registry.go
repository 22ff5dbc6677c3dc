package chaos

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/usage"
)

// Def is one fault kind whole: its names, the arguments it takes and its
// own checks of them, how it is explained to an operator, what the host
// must have for it, and how it acts and is undone. Each kind registers its
// Def from the file that holds its mechanism, so a new kind is one file in
// this package: the engine and heal (Inject, Undo), `saltlab chaos` (its
// flags, usage and list), the drill files (prepare.ChaosSpec, through Parse)
// and the scenarios' generic fault phrase (ParseWords) all read the
// registry, and the history takes its kind as a recorded string.
type Def struct {
	Kind fault.Kind
	// Aliases are other names `saltlab chaos`, drill files and the
	// generic phrase accept; the ledger and the history record Kind.
	Aliases []string
	// Place orders the kinds in `saltlab chaos list` and in docs/chaos.md's
	// table; the kinds leave gaps between theirs for new ones.
	Place int
	// Groups: the kind takes a comma-separated group of targets
	// (partition); every other kind takes exactly one.
	Groups bool
	// Args are the options the kind takes, in the order its usage shows
	// them.
	Args []Arg
	// Check refuses what is wrong with a spec of this kind in particular,
	// after the checks every kind shares (Spec.Validate); nil: nothing.
	Check func(Spec) error
	// Mechanism says how saltlab does it; Salt, what Salt does under it
	// and what the operator sees.
	Mechanism, Salt string
	// Needs are the host features it cannot work without (ProbeHost).
	Needs []Feature
	// StepsOnly marks a kind scenario steps and drill files inject but
	// `saltlab chaos` does not offer (key-action: a salt-key action is
	// the learner's or the scenario's own, not a drill by hand).
	StepsOnly bool
	// Network marks a kind whose rules or qdiscs live in the target's
	// network namespace, set from a helper sharing it: a restart of the
	// target, which gets a fresh namespace, leaves them behind in the old
	// one, and a drill's `reconnect` verb undoes it through the ledger.
	Network bool
	// Swarm marks a kind that acts on a Swarm node rather than a
	// container (node-pause): refused, exit 2, on a compose lab.
	Swarm bool

	inject func(ctx context.Context, e *Engine, s Spec) (fault.Entry, error)
	undo   func(ctx context.Context, e *Engine, en fault.Entry) error
	// mechanismOn, when set, is the mechanism on a host with the given
	// features (latency's depends on netem).
	mechanismOn func(Features) string
}

// registry holds every kind, in Place order. It is written only by
// register during package initialisation, as each mechanism file's init
// adds its kinds, and read-only from then on.
var registry []Def

// register adds d at package initialisation; a name used twice, or a kind
// without its inject and undo, is a programming error caught by the
// first test that loads the package.
func register(d Def) {
	if d.inject == nil || d.undo == nil {
		panic(fmt.Sprintf("chaos: fault %s registered without inject or undo", d.Kind))
	}
	for _, n := range append([]string{string(d.Kind)}, d.Aliases...) {
		if _, taken := find(n); taken {
			panic(fmt.Sprintf("chaos: fault name %q registered twice", n))
		}
	}
	registry = append(registry, d)
	slices.SortStableFunc(registry, func(a, b Def) int { return cmp.Compare(a.Place, b.Place) })
}

// find returns the kind named name or one of its aliases.
func find(name string) (Def, bool) {
	for _, d := range registry {
		if string(d.Kind) == name || slices.Contains(d.Aliases, name) {
			return d, true
		}
	}
	return Def{}, false
}

// Defs returns every registered kind, in Place order, key-action too.
func Defs() []Def { return slices.Clone(registry) }

// Catalog returns the kinds `saltlab chaos` offers, in the order
// `saltlab chaos list` prints them. The Salt texts follow salt-semantics
// §1.9 (dead-master detection) and §10; "alive check" is the minion's
// status.master job run every master_alive_interval seconds, which only
// looks for an ESTABLISHED TCP connection to the master's publish port
// after resolving its name.
func Catalog() []Def {
	var out []Def
	for _, d := range registry {
		if !d.StepsOnly {
			out = append(out, d)
		}
	}
	return out
}

// names lists the kinds of defs, for "want one of" messages.
func names(defs []Def) string {
	var n []string
	for _, d := range defs {
		n = append(n, string(d.Kind))
	}
	return strings.Join(n, ", ")
}

// Lookup returns the catalogue entry `saltlab chaos` offers under name (a
// kind or an alias).
func Lookup(name string) (Def, error) {
	if d, ok := find(name); ok && !d.StepsOnly {
		return d, nil
	}
	return Def{}, fmt.Errorf("unknown fault %q: want one of %s", name, names(Catalog()))
}

// IsNetwork reports whether kind k acts on its target's network namespace
// (Def.Network); an unknown kind is not.
func IsNetwork(k fault.Kind) bool {
	d, ok := find(string(k))
	return ok && d.Kind == k && d.Network
}

// NeedsHelper reports whether injecting a fault of the kind named name
// (a kind or an alias, steps-only kinds too) runs the chaos helper image:
// a network kind sets its rules from a helper in the target's namespace,
// and a kind that needs host features probes them from one. A run whose
// scenarios inject such a fault builds the helper with its images, not
// in the middle of the first scenario that needs it. An unknown name
// does not.
func NeedsHelper(name string) bool {
	d, ok := find(name)
	return ok && (d.Network || len(d.Needs) > 0)
}

// defOf returns the registered kind k, steps-only kinds too.
func defOf(k fault.Kind) (Def, error) {
	d, ok := find(string(k))
	if !ok || d.Kind != k {
		return Def{}, fmt.Errorf("unknown kind %q (see `saltlab chaos list`)", k)
	}
	return d, nil
}

// Usage is the kind's arguments as `saltlab chaos` takes them, made from
// Groups and Args: "SERVICE --delay 200ms [--jitter 20ms]".
func (d Def) Usage() string {
	parts := []string{"SERVICE"}
	if d.Groups {
		parts[0] = "SERVICE[,SERVICE]"
	}
	for _, a := range d.Args {
		p := "--" + a.Name
		if !a.Switch {
			p += " " + a.Example
		}
		if a.Optional {
			p = "[" + p + "]"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

// Takes reports whether the kind takes the option name.
func (d Def) Takes(name string) bool {
	_, ok := d.arg(name)
	return ok
}

func (d Def) arg(name string) (Arg, bool) {
	for _, a := range d.Args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// MechanismOn is how this host gets the fault: the registered text, except
// for a kind whose mechanism depends on the host (nil features: unknown,
// the general text).
func (d Def) MechanismOn(f Features) string {
	if d.mechanismOn != nil && f != nil {
		return d.mechanismOn(f)
	}
	return d.Mechanism
}

// Supported says whether the host's features allow the fault, and if not,
// why.
func (d Def) Supported(f Features) (bool, string) {
	var missing []string
	for _, need := range d.Needs {
		if r, ok := f[need]; !ok || !r.OK {
			missing = append(missing, string(need)+": "+f[need].Detail)
		}
	}
	if len(missing) > 0 {
		return false, "host lacks " + strings.Join(missing, "; ")
	}
	return true, ""
}

// Parse is the one reading of a fault given in words, as `saltlab chaos`
// flags, a drill file's keys and the generic scenario phrase give it: the
// kind (or an alias, steps-only kinds too), its targets and its options
// by name in their text form. An option the kind does not take is
// refused, each value is read by its option, the defaults of the options
// not given are filled in, and the spec is validated.
func Parse(kind string, targets []string, given map[string]string) (Spec, error) {
	d, ok := find(kind)
	if !ok {
		return Spec{}, usage.Errorf("unknown fault %q: want one of %s", kind, names(registry))
	}
	s := Spec{Kind: d.Kind, Targets: targets}
	for _, name := range slices.Sorted(maps.Keys(given)) {
		a, ok := d.arg(name)
		if !ok {
			return s, usage.Errorf("fault %s: --%s does not apply to this fault (usage: %s %s)", d.Kind, name, d.Kind, d.Usage())
		}
		if err := a.set(&s, given[name]); err != nil {
			return s, fmt.Errorf("fault %s: %w", d.Kind, err)
		}
	}
	for _, a := range d.Args {
		if _, set := given[a.Name]; !set && a.Default != "" {
			if err := a.set(&s, a.Default); err != nil {
				return s, fmt.Errorf("fault %s: default --%s %s: %w", d.Kind, a.Name, a.Default, err)
			}
		}
	}
	return s, usage.Wrap(s.Validate())
}

// ParseWords is Parse for options written as on the command line:
// "--delay", "200ms", "--one-way".
func ParseWords(kind string, targets, words []string) (Spec, error) {
	given := map[string]string{}
	for i := 0; i < len(words); i++ {
		name, ok := strings.CutPrefix(words[i], "--")
		o := optionNamed(name)
		switch {
		case !ok || o == nil:
			return Spec{}, usage.Errorf("fault %s: %q is not an option of a fault (options: --%s)", kind, words[i], strings.Join(OptionNames(), ", --"))
		case o.Switch:
			given[name] = "true"
		case i+1 == len(words):
			return Spec{}, usage.Errorf("fault %s: --%s wants a value", kind, name)
		default:
			i++
			given[name] = words[i]
		}
	}
	return Parse(kind, targets, given)
}
