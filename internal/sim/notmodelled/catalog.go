package notmodelled

import (
	"fmt"
	"strings"
)

// target is a targeting type: its tgt_type and the salt CLI's switch for it
// (salt/utils/parsers.py TargetOptionsMixIn, ExtendedTargetOptionsMixIn).
type target struct{ tgtType, short, long, what string }

// targets the double does not model; it matches glob and list (-L) only.
func targets() []target {
	return []target{
		{"pcre", "-E", "--pcre", "PCRE targeting"},
		{"grain", "-G", "--grain", "grain targeting"},
		{"grain_pcre", "-P", "--grain-pcre", "grain PCRE targeting"},
		{"nodegroup", "-N", "--nodegroup", "nodegroup targeting"},
		{"range", "-R", "--range", "range targeting"},
		{"compound", "-C", "--compound", "compound targeting"},
		{"pillar", "-I", "--pillar", "pillar targeting"},
		{"pillar_pcre", "-J", "--pillar-pcre", "pillar PCRE targeting"},
		{"ipcidr", "-S", "--ipcidr", "IP/CIDR targeting"},
		{"pillar_exact", "", "", "exact pillar targeting"},
	}
}

func (t target) feature() string {
	if t.short == "" {
		return fmt.Sprintf("%s (tgt_type %s)", t.what, t.tgtType)
	}
	return fmt.Sprintf("%s (%s/%s, tgt_type %s)", t.what, t.short, t.long, t.tgtType)
}

// Target is the error for a targeting type the double does not model
// (ok false: glob, list, or no Salt targeting type at all).
func Target(tgtType string) (*Error, bool) {
	for _, t := range targets() {
		if t.tgtType == tgtType {
			return New(t.feature()), true
		}
	}
	return nil, false
}

// Option is a command-line option of a Salt program the double does not
// model.
type Option struct {
	Names   []string
	Value   bool // it takes an argument
	Feature string
}

// Error is the option's error.
func (o Option) Error() *Error { return New(o.Feature) }

func option(value bool, feature string, names ...string) Option {
	return Option{Names: names, Value: value, Feature: feature}
}

// Options are the options of program (salt, salt-call, salt-run,
// salt-key) that real Salt has and the double does not model, from Salt's
// option parsers (salt/utils/parsers.py).
func Options(program string) []Option {
	switch program {
	case "salt":
		out := []Option{
			option(true, "batch mode (-b/--batch)", "-b", "--batch", "--batch-size"),
			option(true, "batch mode (--batch-wait)", "--batch-wait"),
			option(true, "batch mode (--batch-safe-limit)", "--batch-safe-limit"),
			option(true, "batch mode (--batch-safe-size)", "--batch-safe-size"),
			option(true, "subset targeting (--subset)", "--subset"),
			option(true, "returners (--return)", "--return"),
			option(true, "returners (--return_config)", "--return_config"),
			option(true, "returners (--return_kwargs)", "--return_kwargs"),
			option(false, "progress bars (-p/--progress)", "-p", "--progress"),
			option(false, "--failhard", "--failhard"),
			option(false, "function documentation (-d/--doc)", "-d", "--doc", "--documentation"),
			option(true, "--args-separator", "--args-separator"),
			option(false, "job summaries (--summary)", "--summary"),
			option(true, "job metadata (--metadata)", "--metadata"),
			option(false, "--output-diff", "--output-diff"),
			option(false, "--config-dump", "--config-dump"),
			option(false, "--preview-target", "--preview-target"),
			option(false, "listing the roster's hosts (-H/--hosts)", "-H", "--hosts"),
			option(true, "the target delimiter (--delimiter)", "--delimiter"),
		}
		for _, t := range targets() {
			if t.short != "" {
				out = append(out, option(false, t.feature(), t.short, t.long))
			}
		}
		return out
	case "salt-call":
		return []Option{
			option(false, "printing grains (-g/--grains)", "-g", "--grains"),
			option(true, "extra module directories (-m/--module-dirs)", "-m", "--module-dirs"),
			option(false, "function documentation (-d/--doc)", "-d", "--doc", "--documentation"),
			option(true, "returners (--return)", "--return"),
			option(true, "--states-dir", "--states-dir"),
			option(true, "job metadata (--set-metadata)", "--set-metadata"),
			option(false, "--skip-grains", "--skip-grains"),
			option(false, "--refresh-grains-cache", "--refresh-grains-cache"),
			option(false, "--no-return-event", "--no-return-event"),
			option(true, "salt-call's timeout (-t/--timeout)", "-t", "--timeout"),
			option(false, "--output-diff", "--output-diff"),
		}
	case "salt-run":
		return []Option{
			option(false, "function documentation (-d/--doc)", "-d", "--doc", "--documentation"),
			option(false, "asynchronous runners (--async)", "--async"),
			option(false, "--skip-grains", "--skip-grains"),
			option(false, "--quiet", "--quiet"),
		}
	case "salt-key":
		return []Option{
			option(true, "printing a public key (-p/--print)", "-p", "--print"),
			option(false, "printing every public key (-P/--print-all)", "-P", "--print-all"),
			option(true, "AES key rotation (--rotate-aes-key)", "--rotate-aes-key"),
			option(false, "--preserve-minions", "--preserve-minions"),
			option(true, "key sizes (--keysize)", "--keysize"),
			option(true, "signing with another key (--priv)", "--priv"),
			option(true, "--signature-path", "--signature-path"),
			option(true, "signing another public key (--pub)", "--pub"),
		}
	}
	return nil
}

// Programs are the programs Options knows.
func Programs() []string { return []string{"salt", "salt-call", "salt-run", "salt-key"} }

// clients are salt.netapi.CLIENTS the double does not model; it has
// local, local_async, runner and wheel.
func clients() []string {
	return []string{"local_batch", "local_subset", "runner_async", "ssh", "wheel_async"}
}

// Client is the error for a salt-api client the double does not model.
func Client(name string) (*Error, bool) {
	for _, c := range clients() {
		if c == name {
			return New(fmt.Sprintf("the salt-api client %s", name)), true
		}
	}
	return nil, false
}

// outputters are Salt's outputters (salt/output) the double does not
// render; json is rendered, and nested stands in for highstate, txt, yaml
// and key.
func outputters() []string { return []string{"no_return", "pprint", "progress", "raw", "table"} }

// Outputter is the error for an outputter the double does not model.
func Outputter(name string) (*Error, bool) {
	for _, o := range outputters() {
		if o == name {
			return New(fmt.Sprintf("the %s outputter (--out=%s)", name, name)), true
		}
	}
	return nil, false
}

// Function is the error for an execution function the double does not
// have and real Salt does: a function of a Salt execution module the
// double lacks, or one real Salt has in a module the double has in part.
// ok is false for a name Salt lacks as well: that answers Salt's own
// "'<fun>' is not available.".
func Function(fun string) (*Error, bool) {
	return lookup(fun, "execution function", executionModules(), executionFunctions())
}

// Runner is Function for salt-run and the runner client.
func Runner(fun string) (*Error, bool) {
	return lookup(fun, "runner", runnerModules(), runnerFunctions())
}

// Wheel is Function for the wheel client.
func Wheel(fun string) (*Error, bool) {
	return lookup(fun, "wheel function", wheelModules(), wheelFunctions())
}

// lookup says whether Salt has fun: its module is one of Salt's, and, for a
// module whose functions are listed, fun is one of them.
func lookup(fun, kind, mods string, fns map[string]string) (*Error, bool) {
	mod, name, ok := strings.Cut(fun, ".")
	if !ok || !has(mods, mod) {
		return nil, false
	}
	if listed, partly := fns[mod]; partly && !has(listed, name) {
		return nil, false
	}
	return New(fmt.Sprintf("the %s %s", kind, fun)), true
}

// has says whether the space-separated list holds word.
func has(list, word string) bool {
	for _, w := range strings.Fields(list) {
		if w == word {
			return true
		}
	}
	return false
}

// Jinja is the error for Jinja in a pillar SLS file: the double's pillar
// renders plain YAML only.
func Jinja() *Error {
	return &Error{Feature: "Jinja templates in pillar SLS files", Else: "write pillar SLS files as plain YAML"}
}
