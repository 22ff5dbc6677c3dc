package ops

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Host is what this host offers the lab, as `saltlab doctor` reports it.
type Host struct {
	Engine, API, ClientAPI, Kernel, OS string // Docker and its host
	CPUs                               int
	MemTotal, MemAvailable             string // "1.9 GiB"; "unknown" if unreadable
	Disk                               string // free space where the engine keeps its data
	Features                           chaos.Features
	ProbeErr                           error // why Features is incomplete, if it is
}

// Doctor asks the engine about itself and probes the kernel features the
// faults need in a short-lived labelled container. A failed probe is in
// Host.ProbeErr, not an error.
func Doctor(ctx context.Context) (Host, error) {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return Host{}, err
	}
	defer cli.Close()
	v, err := cli.ServerVersion(ctx)
	if err != nil {
		return Host{}, fmt.Errorf("ask engine version: %w", err)
	}
	info, err := cli.Info(ctx)
	if err != nil {
		return Host{}, fmt.Errorf("ask engine info: %w", err)
	}
	h := Host{Engine: v.Version, API: v.APIVersion, ClientAPI: cli.ClientVersion(), Kernel: v.KernelVersion, OS: info.OperatingSystem,
		CPUs: info.NCPU, MemTotal: gib(info.MemTotal), MemAvailable: memAvailable(), Disk: diskFree(info.DockerRootDir)}
	h.Features, h.ProbeErr = probeWith(ctx, cli)
	return h, nil
}

// HostFeatures probes the kernel through a short-lived helper container.
func HostFeatures(ctx context.Context) (chaos.Features, error) {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return nil, err
	}
	defer cli.Close()
	return probeWith(ctx, cli)
}

func probeWith(ctx context.Context, cli *client.Client) (chaos.Features, error) {
	if _, err := cli.ImageInspect(ctx, images.BaseRef); err != nil {
		return nil, fmt.Errorf("probe needs the base image %s (build it with `saltlab images`): %w", images.BaseRef, err)
	}
	return chaos.ProbeHost(ctx, cli, images.BaseRef, "doctor-"+labels.NewRunID(time.Now()))
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
