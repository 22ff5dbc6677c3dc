package chaos

import (
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// Option is one named argument of the faults, in one text form for every
// way a fault is given: the flag --NAME of `saltlab chaos`, the key of a
// drill file's fault (NAME with "_" for "-"), and "--NAME VALUE" in the
// generic scenario phrase. Each reads its text into its field of Spec
// with the one rule of internal/usage/valid for that kind of value. The
// kinds say which options they take (Def.Args); a kind with an argument
// none of these holds adds an Option here and its field to Spec.
type Option struct {
	Name   string
	Switch bool // takes no value: given means true (--one-way)
	set    func(s *Spec, v string) error
}

// The options, in the order `saltlab chaos` help lists them.
var (
	optFrom = &Option{Name: "from", set: func(s *Spec, v string) error {
		s.Peers = SplitList(v)
		return nil
	}}
	optOneWay = &Option{Name: "one-way", Switch: true, set: func(s *Spec, v string) (err error) {
		if s.OneWay, err = strconv.ParseBool(v); err != nil {
			return usage.Errorf("validate --one-way %q: not true or false; leave it out for both ways", v)
		}
		return nil
	}}
	optPorts = &Option{Name: "ports", set: func(s *Spec, v string) (err error) {
		s.Ports, err = valid.ParsePorts("--ports", v)
		return err
	}}
	optSignal  = &Option{Name: "signal", set: func(s *Spec, v string) error { s.Signal = v; return nil }}
	optProcess = &Option{Name: "process", set: func(s *Spec, v string) error { s.Process = v; return nil }}
	optDelay   = &Option{Name: "delay", set: func(s *Spec, v string) (err error) {
		s.Delay, err = valid.ParseDuration("--delay", v, "")
		return err
	}}
	optJitter = &Option{Name: "jitter", set: func(s *Spec, v string) (err error) {
		s.Jitter, err = valid.ParseDuration("--jitter", v, "no jitter")
		return err
	}}
	optPercent = &Option{Name: "percent", set: func(s *Spec, v string) (err error) {
		s.Percent, err = valid.ParsePercent("--percent", v, false)
		return err
	}}
	optRate   = &Option{Name: "rate", set: func(s *Spec, v string) error { s.Rate = v; return nil }}
	optName   = &Option{Name: "name", set: func(s *Spec, v string) error { s.Name = v; return nil }}
	optPath   = &Option{Name: "path", set: func(s *Spec, v string) error { s.Path = v; return nil }}
	optMinion = &Option{Name: "minion", set: func(s *Spec, v string) error { s.Minion = v; return nil }}
	optKeyOp  = &Option{Name: "key-op", set: func(s *Spec, v string) error { s.KeyOp = v; return nil }}

	options = []*Option{optFrom, optOneWay, optPorts, optSignal, optProcess, optDelay, optJitter, optPercent, optRate, optName, optPath, optMinion, optKeyOp}
)

// Arg is an option as one kind takes it.
type Arg struct {
	*Option
	// Example is the value the kind's usage shows; it is a value the
	// option reads (a test parses every kind's usage).
	Example string
	// Help says what the option means for this kind.
	Help string
	// Optional marks an option the kind does without (shown in brackets).
	Optional bool
	// Default is the text the option gets when it is not given.
	Default string
}

// Options returns the options some kind of `saltlab chaos` takes, each
// with its help: "KIND: help" for the kinds that take it, kinds meaning
// the same by it sharing one ("proc-kill, proc-stop: program name").
func Options() []OptionHelp {
	var out []OptionHelp
	for _, o := range options {
		var helps []string
		kinds := map[string][]string{}
		for _, d := range Catalog() {
			if a, ok := d.arg(o.Name); ok {
				if kinds[a.Help] == nil {
					helps = append(helps, a.Help)
				}
				kinds[a.Help] = append(kinds[a.Help], string(d.Kind))
			}
		}
		var help []string
		for _, h := range helps {
			help = append(help, strings.Join(kinds[h], ", ")+": "+h)
		}
		if len(help) > 0 {
			out = append(out, OptionHelp{Name: o.Name, Switch: o.Switch, Help: strings.Join(help, "; ")})
		}
	}
	return out
}

// OptionHelp is an option of `saltlab chaos` as its flag shows it.
type OptionHelp struct {
	Name   string
	Switch bool
	Help   string
}

// OptionNames are the names of every option, key-action's too: the keys
// a drill file's fault may hold besides its kind and target.
func OptionNames() []string {
	var n []string
	for _, o := range options {
		n = append(n, o.Name)
	}
	return n
}

func optionNamed(name string) *Option {
	for _, o := range options {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// SplitList reads a comma-separated list of services ("a, b"), dropping
// empty items.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
