// Command saltlab-netfault runs inside saltlab's chaos helper containers,
// which share a lab container's network namespace:
//
//	saltlab-netfault idle
//	saltlab-netfault proxy --listen :15505 --delay 200ms [--jitter 20ms] [--mark 0x5a17] [--direction upstream|downstream] [--fault TOKEN]
//
// idle keeps the helper alive until it is removed; proxy is the userspace
// delay used where the kernel has no netem (see internal/chaos/netfault).
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/saltlab/saltlab/internal/chaos/netfault"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "saltlab-netfault:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: saltlab-netfault idle | proxy --listen ADDR --delay D")
	}
	switch args[0] {
	case "idle":
		<-ctx.Done()
		return nil
	case "proxy":
		return proxy(ctx, args[1:])
	default:
		return fmt.Errorf("unknown command %q: want idle or proxy", args[0])
	}
}

func proxy(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("proxy", flag.ContinueOnError)
	listen := fs.String("listen", "", "address to listen on, e.g. :15505")
	delay := fs.Duration("delay", 0, "delay added to the delayed direction")
	jitter := fs.Duration("jitter", 0, "uniform random jitter (±) per chunk")
	mark := fs.Int("mark", 0x5a17, "SO_MARK of upstream connections (the REDIRECT rule skips it)")
	dir := fs.String("direction", "upstream", "upstream: delay what the local server sends; downstream: what the local client sends")
	_ = fs.String("fault", "", "fault token, so heal can find this process")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *listen == "" || *delay <= 0 || *jitter < 0 || *jitter > *delay {
		return fmt.Errorf("proxy: need --listen and --delay > 0, with 0 <= --jitter <= --delay")
	}
	p := &netfault.Proxy{Delay: *delay, Jitter: *jitter, Mark: *mark}
	switch *dir {
	case "upstream":
		p.Direction = netfault.DelayUpstream
	case "downstream":
		p.Direction = netfault.DelayDownstream
	default:
		return fmt.Errorf("proxy: unknown --direction %q: want upstream or downstream", *dir)
	}
	ln, err := net.Listen("tcp4", *listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	return p.Serve(ctx, ln)
}
