package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/run/ops"
)

// cmdDoctor reports what this host offers the lab: the Engine and its API
// version, kernel features the faults need (probed in a short-lived
// labelled container), memory and disk, and which faults work here.
func cmdDoctor(ctx context.Context, args []string, out, errOut io.Writer) error {
	if _, err := parseFlags(newFlags("doctor", "doctor", errOut), args, 0); err != nil {
		return err
	}
	h, err := ops.Doctor(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "engine:  Docker %s, API %s (client uses %s), kernel %s, %s\n", h.Engine, h.API, h.ClientAPI, h.Kernel, h.OS)
	fmt.Fprintf(out, "cpus:    %d\n", h.CPUs)
	fmt.Fprintf(out, "memory:  %s total (engine), %s available (host)\n", h.MemTotal, h.MemAvailable)
	fmt.Fprintf(out, "disk:    %s\n", h.Disk)

	feats, perr := h.Features, h.ProbeErr
	fmt.Fprintln(out, "\nkernel features (probed in a helper container with NET_ADMIN):")
	if perr != nil {
		fmt.Fprintf(out, "  unknown: %v\n", perr)
	}
	names := make([]string, 0, len(feats))
	for n := range feats {
		names = append(names, string(n))
	}
	sort.Strings(names)
	for _, n := range names {
		p := feats[chaos.Feature(n)]
		if p.OK {
			fmt.Fprintf(out, "  %-16s yes\n", n)
		} else {
			fmt.Fprintf(out, "  %-16s no: %s\n", n, p.Detail)
		}
	}
	if p, ok := feats[chaos.FeatNetem]; ok && !p.OK {
		fmt.Fprintln(out, "  (no netem: latency uses saltlab's userspace TCP delay proxy, bandwidth uses TBF)")
	}
	fmt.Fprintln(out, "\nfaults:")
	for _, in := range chaos.Catalog() {
		fmt.Fprintf(out, "  %-12s %s\n", in.Kind, supportLine(in, feats, perr))
	}
	return nil
}
