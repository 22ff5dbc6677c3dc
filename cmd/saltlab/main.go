// Command saltlab runs the SaltStack HA lab: it builds the images, brings up
// a topology, runs the Gherkin scenarios against it, writes reports and
// always tears everything down.
//
// Usage:
//
//	saltlab run    [--topology failover] [--compose FILE] [--salt auto|real|sim] [--salt-version V] [--tags EXPR] [--keep] [knobs] [paths...]
//	saltlab up     [--topology failover] [--compose FILE] [--salt auto|real|sim] [--salt-version V] [--run-id ID] [knobs]
//	saltlab status [--run ID] [--json]
//	saltlab logs   [--run ID] [--tail N] [SERVICE...]
//	  knobs: [--minions N [--keep-fleet-keys]] [--set KEY=VALUE ...] [--states DIR] [--pillar DIR] [--master-config DIR] [--minion-config DIR]
//	saltlab images [--salt auto|real|sim] [--salt-version 3008|3007.8] [--swarm]
//	saltlab wheelhouse --dir DIR [--salt-version 3008] [--arch amd64]
//	saltlab down   (--run ID | --all)
//	saltlab swarm  up [--nodes 3] [--name lab] | status [--name lab] | down [--name lab] | load [--name lab] [IMAGE...]
//	saltlab chaos  <fault> <target> [options] [--for DURATION] [--run ID] | list
//	saltlab heal   [--run ID | --all]
//	saltlab report <run dir>
//	saltlab check  RUN-DIR
//	saltlab compare [--explained FILE] [--allow-different] [--json] RUN_A RUN_B
//	saltlab matrix [--out FILE] [--ledger FILE] [RUN_DIR...]
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

	"github.com/saltlab/saltlab/internal/usage"
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

// Main runs one command and returns the process exit code. SIGINT and
// SIGTERM end every command promptly: the first cancels the command's
// context; a command with cleanup to do (command.cleanup: heal faults,
// remove a lab) does it and returns, and one with none is left at once
// (runCommand). A second signal is left to the default handler
// (immediate exit; `saltlab down --all` then removes what is left).
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout)
		return exitOK
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "saltlab: error: unknown command %q\n", args[0])
		printUsage(stderr)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	noticed := interruptNotice(ctx, stop, cmd.cleanup, stderr)
	defer func() {
		stop()
		<-noticed // the notice, if any, is out before Main returns
	}()
	err := runCommand(ctx, cmd, args[1:], stdout, stderr)
	return exitCode(err, stderr)
}

// runCommand runs c. A command with cleanup to do owns its return: it
// takes ctx and returns once it has cleaned up. One with nothing to clean
// up is left as soon as ctx is done, whatever it is doing (reading a
// large history, say), with the signal as its error; its goroutine ends
// with the process.
func runCommand(ctx context.Context, c command, args []string, out, errOut io.Writer) error {
	if c.cleanup != "" {
		return c.run(ctx, args, out, errOut)
	}
	done := make(chan error, 1)
	go func() { done <- c.run(ctx, args, out, errOut) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		select {
		case err := <-done: // it ended as the signal came: its own answer
			return err
		default:
		}
		return fmt.Errorf("interrupted: %w (nothing was left to clean up)", context.Cause(ctx))
	}
}

// interruptNotice tells the user, the moment a signal arrives, that the
// command stops and what cleanup (if any) still runs, and restores
// default handling so a second signal aborts. The returned channel closes
// once ctx is done and the notice (if any) is written.
func interruptNotice(ctx context.Context, stop context.CancelFunc, cleanup string, stderr io.Writer) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
		stop()
		// A signal cancels with a cause naming it (which errors.Is treats
		// as context.Canceled, so compare identity); stop() at a normal
		// return leaves exactly context.Canceled and must print nothing.
		if context.Cause(ctx) == context.Canceled {
			return
		}
		if cleanup == "" {
			fmt.Fprintf(stderr, "saltlab: interrupted (%v): stopping\n", context.Cause(ctx))
			return
		}
		fmt.Fprintf(stderr, "saltlab: interrupted (%v): %s (Ctrl-C again aborts cleanup; then run `saltlab down --all`)\n", context.Cause(ctx), cleanup)
	}()
	return done
}

// version of saltlab itself.
const version = "0.1.0"

// exitCode maps an error to the exit code: 0, 2 for usage errors (bad
// flags, arguments, run ids, tag expressions: the user's input), 1 for
// everything else. -h is not an error.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case usage.Is(err):
		fmt.Fprintf(stderr, "saltlab: error: %v\n", err)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "saltlab: error: %v\n", err)
		return exitFailed
	}
}

// command is one subcommand. out receives results, errOut diagnostics and
// usage text.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, out, errOut io.Writer) error
	// cleanup says what the command still does once SIGINT or SIGTERM
	// cancelled its context, before it returns; "" for a command that
	// leaves nothing to undo, which Main leaves at once (runCommand).
	cleanup string
}

// What the commands that clean up do when interrupted.
const (
	cleanupLab   = "healing faults and removing the lab"
	cleanupBuild = "stopping the build"
)

// commands lists the subcommands; each lives in the file of its name.
func commands() map[string]command {
	return map[string]command{
		"run":        {"build images, bring the topology up, run the scenarios, write reports, tear down", cmdRun, cleanupLab},
		"up":         {"build images and bring a lab up healthy, leaving it running", cmdUp, cleanupLab},
		"status":     {"show a running lab: containers, master keys, minion connections", cmdStatus, ""},
		"logs":       {"print the container logs of a run", cmdLogs, ""},
		"images":     {"build the base image and the Salt image of a flavour", cmdImages, cleanupBuild},
		"down":       {"remove a run's containers, networks and volumes (--run ID) or every lab's (--all)", cmdDown, "finishing the removal"},
		"version":    {"print saltlab's version", cmdVersion, ""},
		"chaos":      {"inject one fault into a running lab (`chaos list` explains each)", cmdChaos, "healing the fault"},
		"heal":       {"undo every fault of a run (ledger replay plus label sweep)", cmdHeal, "finishing the heal"},
		"report":     {"render a saved run's junit.xml, report.html and summary.json again, offline", cmdReport, ""},
		"check":      {"judge a finished run again from its history and saved checks alone (no Docker)", cmdCheck, ""},
		"compare":    {"put two finished runs side by side (statuses, verdicts, times) and fail on an unexplained difference", cmdCompare, ""},
		"matrix":     {"tabulate finished runs by Salt release and topology into Markdown (make matrix: docs/release-matrix.md)", cmdMatrix, ""},
		"doctor":     {"report engine, kernel features, memory and disk, and supported faults", cmdDoctor, "removing its probe container"},
		"drill":      {"the training sandbox: incident drills on a live lab, judged from what happened (`drill list`)", cmdDrill, "saving the drill's progress"},
		"swarm":      {"a Docker Swarm of node containers on this machine: up, status, down, load images into it (docs/swarm.md)", cmdSwarm, "removing what swarm up made, or finishing swarm down"},
		"wheelhouse": {"download real Salt's wheels for the image into a folder (for SALTLAB_WHEELHOUSE on hosts without a package index)", cmdWheelhouse, cleanupBuild + " and removing its work folders"},
	}
}

func cmdVersion(_ context.Context, args []string, out, errOut io.Writer) error {
	if _, err := parseFlags(newFlags("version", "version", errOut), args, 0); err != nil {
		return err
	}
	fmt.Fprintln(out, "saltlab", version)
	return nil
}

func printUsage(w io.Writer) {
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
