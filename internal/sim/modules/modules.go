// Package modules implements the execution modules the double offers to both
// minion jobs and salt-call. Each function returns a value that is rendered
// as JSON and a retcode, like Salt's __context__["retcode"].
package modules

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// Env is what module functions may read.
type Env struct {
	Opts   config.Opts
	Grains *jsonout.Map
	// FindJob reports a running job by jid for saltutil.find_job; nil means none.
	FindJob func(jid string) *jsonout.Map
	// FireMaster sends an event to every connected master (event.send) and
	// reports what event.send returns; nil when no master connection exists
	// (salt-call --local).
	FireMaster func(ctx context.Context, tag string, data any) bool
	// Master serves pillar and files; nil means no master is reachable.
	Master MasterChannel
	// Release is the Salt line the minion behaves as (3008 masks pillar
	// output: pillarOutput); 0 is the double's default line.
	Release simver.Release
}

// Result is a function's return value and retcode.
type Result struct {
	Return  any
	Retcode int
}

type fn func(ctx context.Context, env Env, args []any) Result

// functions is the module table; a function rather than a package variable
// so there is no mutable global.
func functions() map[string]fn {
	return map[string]fn{
		"test.ping":          func(context.Context, Env, []any) Result { return Result{Return: true} },
		"test.true":          func(context.Context, Env, []any) Result { return Result{Return: true} },
		"test.false":         func(context.Context, Env, []any) Result { return Result{Return: false} },
		"test.version":       func(context.Context, Env, []any) Result { return Result{Return: simver.SaltVersion} },
		"test.echo":          testEcho,
		"test.sleep":         testSleep,
		"test.cross_test":    testCrossTest,
		"test.outputter":     testOutputter,
		"config.get":         configGet,
		"config.items":       configItems,
		"grains.items":       grainsItems,
		"grains.item":        grainsItem,
		"grains.get":         grainsGet,
		"pillar.items":       pillarItems,
		"pillar.get":         pillarGet,
		"pillar.item":        pillarItem,
		"cp.get_file_str":    cpGetFileStr,
		"cp.hash_file":       cpHashFile,
		"key.finger_master":  keyFingerMaster,
		"cmd.run":            cmdRun,
		"cmd.retcode":        cmdRetcode,
		"saltutil.find_job":  findJob,
		"sys.list_functions": listFunctions,
		"event.send":         eventSend,
	}
}

// Available reports whether fun exists in the double.
func Available(fun string) bool {
	_, ok := functions()[fun]
	return ok
}

// NotModelled is the error for a function real Salt has and the double
// does not (ok false: the double has it, or Salt lacks it too).
func NotModelled(fun string) (*notmodelled.Error, bool) {
	if Available(fun) {
		return nil, false
	}
	return notmodelled.Function(fun)
}

// MissingFunString is Salt's LazyLoader.missing_fun_string.
func MissingFunString(fun string) string { return fmt.Sprintf("'%s' is not available.", fun) }

// Run executes fun. A function real Salt has and the double does not
// (state.apply, pkg.install, test.arg ...) returns notmodelled's error,
// one Salt lacks too its missing-function string, both with retcode 1.
func Run(ctx context.Context, env Env, fun string, args []any) Result {
	if nm, ok := NotModelled(fun); ok {
		return Result{Return: nm.Error(), Retcode: 1}
	}
	f, ok := functions()[fun]
	if !ok {
		return Result{Return: MissingFunString(fun), Retcode: 1}
	}
	return f(ctx, env, args)
}

func argString(args []any, i int) (string, bool) {
	if i >= len(args) {
		return "", false
	}
	if s, ok := args[i].(string); ok {
		return s, true
	}
	return fmt.Sprint(args[i]), true
}

func testEcho(_ context.Context, _ Env, args []any) Result {
	s, _ := argString(args, 0)
	return Result{Return: s}
}

// testCrossTest is salt/modules/test.py cross_test(func, args=None):
// __salt__[func](*args). A list second argument is spread as the call's
// arguments and a string's characters are (Python's *str); any other value
// is the TypeError Salt's minion reports as "Passed invalid arguments to"
// (salt/minion.py _thread_return). INFER: an unknown func is a KeyError in
// Salt whose exact return text the double does not copy; it answers with
// the loader's missing-function string and retcode 1 instead.
func testCrossTest(ctx context.Context, env Env, args []any) Result {
	fun, ok := argString(args, 0)
	if !ok {
		return Result{Return: "Passed invalid arguments to test.cross_test: cross_test() missing 1 required positional argument: 'func'", Retcode: 1}
	}
	var inner []any
	if len(args) > 1 {
		switch a := args[1].(type) {
		case nil:
		case []any:
			inner = a
		case string:
			for _, r := range a {
				inner = append(inner, string(r))
			}
		default:
			return Result{Return: fmt.Sprintf("Passed invalid arguments to test.cross_test: %s() argument after * must be an iterable, not %s", fun, pyType(a)), Retcode: 1}
		}
	}
	return Run(ctx, env, fun, inner)
}

// pyType names a YAML-loaded scalar's Python type for TypeError texts.
func pyType(v any) string {
	switch v.(type) {
	case bool:
		return "bool"
	case float32, float64:
		return "float"
	case map[string]any, *jsonout.Map:
		return "dict"
	default:
		return "int"
	}
}

// testOutputter is salt/modules/test.py outputter(data): data unchanged.
func testOutputter(_ context.Context, _ Env, args []any) Result {
	if len(args) == 0 {
		return Result{Return: "Passed invalid arguments to test.outputter: outputter() missing 1 required positional argument: 'data'", Retcode: 1}
	}
	return Result{Return: args[0]}
}

func listFunctions(context.Context, Env, []any) Result {
	out := []string{}
	for k := range functions() {
		out = append(out, k)
	}
	sortStrings(out)
	return Result{Return: out}
}

func findJob(_ context.Context, env Env, args []any) Result {
	jid, _ := argString(args, 0)
	if env.FindJob != nil {
		if m := env.FindJob(jid); m != nil {
			return Result{Return: m}
		}
	}
	return Result{Return: jsonout.NewMap()}
}
