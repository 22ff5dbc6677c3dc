package cli

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/outputter"
	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// Env is the process environment of a program; tests substitute all of it.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Resolver       resolve.Resolver
	ProcNet        string
	Hostname       func() (string, error)
	RejectDelay    func() time.Duration
	Probe          time.Duration
	// Getenv reads the double's own SALTSIM_* settings; nil reads nothing.
	Getenv func(string) string
}

// DefaultEnv is the real process environment.
func DefaultEnv() *Env {
	return &Env{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Resolver: net.DefaultResolver, ProcNet: "/proc/net", Hostname: os.Hostname, Getenv: os.Getenv,
		RejectDelay: func() time.Duration { return time.Duration(10+time.Now().UnixNano()%11) * time.Second },
	}
}

// Programs lists the names the binary answers to (and installs symlinks for).
func Programs() []string {
	return []string{"salt-master", "salt-minion", "salt-call", "salt", "salt-key", "salt-run", "salt-syndic", "salt-api"}
}

// Main runs program name with args (without the program name).
func Main(ctx context.Context, name string, args []string, e *Env) int {
	switch name {
	case "salt-master":
		return runMaster(ctx, e, args)
	case "salt-minion":
		return runMinion(ctx, e, args)
	case "salt-call":
		return runCall(ctx, e, args)
	case "salt":
		return runSalt(ctx, e, args)
	case "salt-key":
		return runKey(ctx, e, args)
	case "salt-run":
		return runRun(ctx, e, args)
	case "salt-syndic":
		return runSyndic(ctx, e, args)
	case "salt-api":
		return runAPI(ctx, e, args)
	}
	fmt.Fprintf(e.Stderr, "saltsim: unknown program %q (want one of %s)\n", name, strings.Join(Programs(), ", "))
	return exUsage
}

// preamble handles --version/--help and loads the configuration. done is
// true when the program should exit with code right away.
func preamble(e *Env, prog string, p parsed, kind config.Kind) (opts config.Opts, code int, done bool) {
	if p.has("--version") {
		rel, err := e.release()
		if err != nil {
			fmt.Fprintln(e.Stderr, err)
			return nil, 1, true
		}
		fmt.Fprintln(e.Stdout, rel.VersionLine(prog))
		return nil, 0, true
	}
	if p.has("--versions-report") {
		fmt.Fprintf(e.Stdout, "Salt Version:\n          Salt: %s\n\nSalt double:\n       saltsim: %s\n", simver.SaltVersion, simver.SimVersion)
		return nil, 0, true
	}
	if p.has("--help") {
		fmt.Fprintf(e.Stdout, "Usage: %s [options]\n\n%s of the saltlab Salt double (%s).\n", prog, prog, simver.Line(prog))
		return nil, 0, true
	}
	opts, err := config.Load(kind, p.str("--config-dir", config.DefaultDir))
	if err != nil {
		fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
		return nil, 1, true
	}
	if kind == config.Minion && !opts.Has("zmq_monitor") {
		// Salt's minion default changed with the monitor it enables
		// (simver.Release.MonitorsPubDisconnect): False in 3006, True from
		// 3007.15 (salt/config/__init__.py DEFAULT_MINION_OPTS).
		rel, err := e.release()
		if err != nil {
			fmt.Fprintln(e.Stderr, err)
			return nil, 1, true
		}
		opts["zmq_monitor"] = rel.MonitorsPubDisconnect()
	}
	return opts, 0, false
}

// consoleLogger honours -l over the config's log_level.
func consoleLogger(e *Env, p parsed, opts config.Opts, name string) *saltlog.Logger {
	lvl := p.str("--log-level", opts.Str("log_level"))
	return saltlog.New(name, e.Stderr, saltlog.ParseLevel(lvl))
}

func outOptions(p parsed) (outputter.Options, error) {
	ind, err := p.int("--out-indent", 4)
	out := p.str("--out", "")
	if nm, ok := notmodelled.Outputter(out); ok {
		return outputter.Options{}, nm
	}
	return outputter.Options{Out: out, Indent: ind}, err
}

func printDoc(e *Env, v any, o outputter.Options) {
	s, err := outputter.Render(v, o)
	if err != nil {
		fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
		return
	}
	fmt.Fprintln(e.Stdout, s)
}

// release is the Salt line the double behaves as, from SALTSIM_RELEASE
// (unset: simver.DefaultRelease).
func (e *Env) release() (simver.Release, error) {
	if e.Getenv == nil {
		return simver.DefaultRelease, nil
	}
	r, err := simver.ParseRelease(e.Getenv(simver.EnvRelease))
	if err != nil {
		return 0, fmt.Errorf("read release: %w", err)
	}
	return r, nil
}
