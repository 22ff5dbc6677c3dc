package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"syscall"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
)

// cmdDoctor reports what this host offers the lab: the Engine and its API
// version, kernel features the faults need (probed in a short-lived
// labelled container), memory and disk, and which faults work here.
func cmdDoctor(ctx context.Context, args []string, out, errOut io.Writer) error {
	if _, err := parseFlags(newFlags("doctor", "doctor", errOut), args, 0); err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	v, err := cli.ServerVersion(ctx)
	if err != nil {
		return fmt.Errorf("ask engine version: %w", err)
	}
	info, err := cli.Info(ctx)
	if err != nil {
		return fmt.Errorf("ask engine info: %w", err)
	}
	fmt.Fprintf(out, "engine:  Docker %s, API %s (client uses %s), kernel %s, %s\n", v.Version, v.APIVersion, cli.ClientVersion(), v.KernelVersion, info.OperatingSystem)
	fmt.Fprintf(out, "cpus:    %d\n", info.NCPU)
	fmt.Fprintf(out, "memory:  %s total (engine), %s available (host)\n", gib(info.MemTotal), memAvailable())
	fmt.Fprintf(out, "disk:    %s\n", diskFree(info.DockerRootDir))

	feats, perr := probeWith(ctx, cli)
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
	for _, in := range chaos.Catalog {
		fmt.Fprintf(out, "  %-12s %s\n", in.Kind, supportLine(in, feats, perr))
	}
	return nil
}

func gib(b int64) string { return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30)) }

// memAvailable reads MemAvailable from /proc/meminfo.
func memAvailable() string {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb int64
		if n, _ := fmt.Sscanf(sc.Text(), "MemAvailable: %d kB", &kb); n == 1 {
			return gib(kb << 10)
		}
	}
	return "unknown"
}

// diskFree reports free space where the engine keeps images and
// containers, or on / when that directory cannot be read by this user.
func diskFree(root string) string {
	for _, p := range []string{root, "/"} {
		var st syscall.Statfs_t
		if p == "" || syscall.Statfs(p, &st) != nil {
			continue
		}
		note := ""
		if p != root {
			note = fmt.Sprintf(" (of /; %s is not readable)", root)
		}
		return fmt.Sprintf("%s free of %s at %s%s", gib(int64(st.Bavail)*st.Bsize), gib(int64(st.Blocks)*st.Bsize), p, note)
	}
	return "unknown"
}
