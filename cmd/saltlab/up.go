package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/saltlab/saltlab/internal/run/runner"
	"github.com/saltlab/saltlab/internal/run/settings"
)

func cmdUp(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("up", "up [flags]: bring a lab up healthy and leave it running", errOut)
	cfg := settings.Config{Log: out}
	labFlags(fs, &cfg)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := cfg.Complete(); err != nil {
		return err
	}
	if err := checkSwarm(&cfg); err != nil {
		return err
	}
	res, err := runner.Up(ctx, cfg)
	if err != nil {
		return err
	}
	printUp(out, res)
	return nil
}

func printUp(out io.Writer, res runner.UpResult) {
	st := res.State
	fmt.Fprintf(out, "\nrun id:   %s\nproject:  %s\ntopology: %s (flavour %s)\nstate:    %s/run.json\n\n", st.RunID, st.Project, st.Topology, st.Flavor, res.RunDir)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SERVICE\tCONTAINER\tADDRESS")
	master := ""
	for _, s := range res.Services {
		addrs := make([]string, 0, len(s.IPs))
		for _, ip := range s.IPs {
			addrs = append(addrs, ip)
		}
		sort.Strings(addrs)
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Service, s.Container, strings.Join(addrs, " "))
		if master == "" && strings.HasPrefix(s.Service, "salt-master-") {
			master = s.Container
		}
	}
	tw.Flush()
	fmt.Fprintf(out, "\nUse it:\n  saltlab status --run %s\n  saltlab logs --run %s [SERVICE...]\n", st.RunID, st.RunID)
	if master != "" && st.Engine == "" {
		// A swarm lab's containers run in the nodes' engines, which
		// `docker` on the host does not reach.
		fmt.Fprintf(out, "  docker exec %s salt '*' test.ping\n", master)
	}
	fmt.Fprintf(out, "  saltlab down --run %s\n", st.RunID)
}
