// Command saltlab runs the SaltStack HA lab: it builds the images, brings up
// a topology, runs the Gherkin scenarios against it, writes reports and
// always tears everything down.
//
// Usage:
//
//	saltlab run    [--topology failover] [--salt auto|real|sim] [--salt-version V] [--tags EXPR] [--keep] [knobs] [paths...]
//	saltlab up     [--topology failover] [--salt auto|real|sim] [--salt-version V] [--run-id ID] [knobs]
//	saltlab status [--run ID] [--json]
//	saltlab logs   [--run ID] [--tail N] [SERVICE...]
//	  knobs: [--minions N] [--set KEY=VALUE ...] [--states DIR] [--pillar DIR] [--master-config DIR] [--minion-config DIR]
//	saltlab images [--salt auto|real|sim] [--salt-version 3008|3007.8]
//	saltlab wheelhouse --dir DIR [--salt-version 3008] [--arch amd64]
//	saltlab down   (--run ID | --all)
//	saltlab chaos  <fault> <target> [options] [--for DURATION] [--run ID] | list
//	saltlab heal   [--run ID | --all]
//	saltlab doctor
//	saltlab version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // scenarios failed, or the run could not complete
	exitUsage  = 2
)

func main() {
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
}

// Main runs one command and returns the process exit code. The first
// SIGINT/SIGTERM cancels the run so cleanup can proceed; a second one is
// left to the default handler (immediate exit; `saltlab down --all` then
// removes what is left).
func Main(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // restore default handling for a second signal
		// A signal cancels with a cause naming it; stop() at a normal
		// return cancels with context.Canceled and must print nothing.
		if !errors.Is(context.Cause(ctx), context.Canceled) {
			fmt.Fprintln(stderr, "saltlab: interrupted: healing faults and removing the lab (Ctrl-C again aborts cleanup; then run `saltlab down --all`)")
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		return exitOK
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "saltlab: error: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	err := cmd.run(ctx, args[1:], stdout)
	return exitCode(err, stderr)
}

// version of saltlab itself.
const version = "0.1.0"

func exitCode(err error, stderr io.Writer) int {
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue), errors.Is(err, flag.ErrHelp):
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "saltlab: error: %v\n", err)
		}
		return exitUsage
	default:
		fmt.Fprintf(stderr, "saltlab: error: %v\n", err)
		return exitFailed
	}
}

type usageError struct{ error }

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, out io.Writer) error
}

// commands lists the subcommands; each lives in the file of its name.
func commands() map[string]command {
	return map[string]command{
		"run":        {"build images, bring the topology up, run the scenarios, write reports, tear down", cmdRun},
		"up":         {"build images and bring a lab up healthy, leaving it running", cmdUp},
		"status":     {"show a running lab: containers, master keys, minion connections", cmdStatus},
		"logs":       {"print the container logs of a run", cmdLogs},
		"images":     {"build the base image and the Salt image of a flavour", cmdImages},
		"down":       {"remove a run's containers, networks and volumes (--run ID) or every lab's (--all)", cmdDown},
		"version":    {"print saltlab's version", cmdVersion},
		"chaos":      {"inject one fault into a running lab (`chaos list` explains each)", cmdChaos},
		"heal":       {"undo every fault of a run (ledger replay plus label sweep)", cmdHeal},
		"doctor":     {"report engine, kernel features, memory and disk, and supported faults", cmdDoctor},
		"wheelhouse": {"download real Salt's wheels for the image into a folder (for SALTLAB_WHEELHOUSE on hosts without a package index)", cmdWheelhouse},
	}
}

func cmdVersion(_ context.Context, _ []string, out io.Writer) error {
	fmt.Fprintln(out, "saltlab", version)
	return nil
}

func usage(w io.Writer) {
	fmt.Fprint(w, "saltlab: a Docker Compose lab and chaos-testing suite for SaltStack high availability\n\nCommands:\n")
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprint(w, "\nRun 'saltlab <command> -h' for a command's flags.\n")
}
