// Package cli implements the double's command-line programs (salt-master,
// salt-minion, salt-call, salt, salt-key, salt-run). Each returns its exit
// code; only cmd/saltsim calls os.Exit.
package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/notmodelled"
)

// exUsage is EX_USAGE, what Salt's OptionParser.error exits with.
const exUsage = 64

// flag declares one option; the first name is its key in parsed results.
type flag struct {
	names []string
	value bool // takes an argument
	// unmodelled is set for an option of real Salt the double does not
	// model: parse answers with it instead of "no such option".
	unmodelled *notmodelled.Error
}

// withUnmodelled puts prog's options that the double does not model
// (notmodelled.Options) before its own flags, which win a shared name.
func withUnmodelled(prog string, own ...flag) []flag {
	var out []flag
	for _, o := range notmodelled.Options(prog) {
		out = append(out, flag{names: o.Names, value: o.Value, unmodelled: o.Error()})
	}
	return append(out, own...)
}

// parsed is the result of parsing: options by key, then positionals.
type parsed struct {
	opts map[string]string
	pos  []string
}

func (p parsed) has(k string) bool { _, ok := p.opts[k]; return ok }
func (p parsed) str(k, def string) string {
	if v, ok := p.opts[k]; ok {
		return v
	}
	return def
}

func (p parsed) int(k string, def int) (int, error) {
	v, ok := p.opts[k]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("option %s: invalid integer value: '%s'", k, v)
	}
	return n, nil
}

// commonFlags are accepted by every program.
func commonFlags() []flag {
	return []flag{
		{names: []string{"--config-dir", "-c"}, value: true},
		{names: []string{"--log-level", "-l"}, value: true},
		{names: []string{"--log-file-level"}, value: true},
		{names: []string{"--log-file"}, value: true},
		{names: []string{"--version", "-V"}},
		{names: []string{"--versions-report"}},
		{names: []string{"--help", "-h"}},
		{names: []string{"--out", "--output"}, value: true},
		{names: []string{"--out-indent", "--output-indent"}, value: true},
		{names: []string{"--no-color", "--no-colour"}},
		{names: []string{"--force-color", "--force-colour"}},
	}
}

// parse handles optparse-style interspersed options: --name=value,
// --name value, -x value and -xvalue. Everything after "--" is positional.
// Like Salt's optparse parsers, options may follow positionals; function
// arguments that start with "-" must come after "--".
func parse(args []string, flags []flag) (parsed, error) {
	all := append(commonFlags(), flags...)
	byName := map[string]flag{}
	for _, f := range all {
		for _, n := range f.names {
			byName[n] = f
		}
	}
	p := parsed{opts: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			p.pos = append(p.pos, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			p.pos = append(p.pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "--") && len(a) > 2 {
			name, val, hasVal = a[:2], a[2:], true
			if f, ok := byName[name]; ok && !f.value {
				// bundled short booleans such as -Ay
				for _, c := range a[1:] {
					bf, ok := byName["-"+string(c)]
					if ok && bf.unmodelled != nil {
						return p, bf.unmodelled
					}
					if !ok || bf.value {
						return p, fmt.Errorf("no such option: -%c", c)
					}
					p.opts[bf.names[0]] = "1"
				}
				continue
			}
		}
		f, ok := byName[name]
		if !ok {
			return p, fmt.Errorf("no such option: %s", name)
		}
		if f.unmodelled != nil {
			return p, f.unmodelled
		}
		key := f.names[0]
		if !f.value {
			p.opts[key] = "1"
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return p, fmt.Errorf("%s option requires 1 argument", name)
			}
			i++
			val = args[i]
		}
		p.opts[key] = val
	}
	return p, nil
}

// usageError prints optparse's error format and returns EX_USAGE; a Salt
// feature the double does not model is no usage error: it gets its one
// line and notmodelled.Exit (notModelled).
func usageError(e *Env, prog string, err error) int {
	if nm, ok := notmodelled.As(err); ok {
		return notModelled(e, prog, nm)
	}
	fmt.Fprintf(e.Stderr, "Usage: %s [options]\n\n%s: error: %v\n", prog, prog, err)
	return exUsage
}

// notModelled is every CLI's answer to a Salt feature the double does not
// model: one line on stderr naming it and the flavour that has it.
func notModelled(e *Env, prog string, nm *notmodelled.Error) int {
	fmt.Fprintf(e.Stderr, "%s: %v\n", prog, nm)
	return notmodelled.Exit
}
