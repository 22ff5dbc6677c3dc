package chaos

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Feature is a kernel or tool capability a fault may need.
type Feature string

// Features probed by ProbeHost.
const (
	FeatIPTables  Feature = "iptables-nft"
	FeatLegacy    Feature = "iptables-legacy"
	FeatNetem     Feature = "netem"
	FeatTBF       Feature = "tbf"
	FeatNFQueue   Feature = "nfqueue"
	FeatString    Feature = "xt-string"
	FeatStatistic Feature = "xt-statistic"
	FeatRedirect  Feature = "nat-redirect"
	FeatPrio      Feature = "prio"
)

// Probe is the outcome of one feature probe.
type Probe struct {
	OK     bool
	Detail string // the tool's error when not OK
}

// Features maps each probed feature to its outcome.
type Features map[Feature]Probe

// probeTimeout bounds the whole probe, container included.
const probeTimeout = 60 * time.Second

// probeScript tries each feature in the probe container's own namespace
// (network none: only lo) and prints "<feature> ok" or "<feature> missing
// <error>". Each probe undoes itself.
const probeScript = `probe() { n=$1; shift; if out=$(sh -c "$*" 2>&1); then echo "$n ok"; else echo "$n missing $(echo "$out" | tr '\n' ' ' | head -c 200)"; fi; }
probe iptables-nft 'iptables-nft -N SLPROBE && iptables-nft -X SLPROBE'
probe iptables-legacy 'iptables-legacy -N SLPROBE && iptables-legacy -X SLPROBE'
probe netem 'tc qdisc add dev lo root netem delay 1ms && tc qdisc del dev lo root'
probe tbf 'tc qdisc add dev lo root tbf rate 1mbit burst 32kbit latency 400ms && tc qdisc del dev lo root'
probe prio 'tc qdisc add dev lo root prio && tc qdisc del dev lo root'
probe nfqueue 'iptables -A OUTPUT -p icmp -j NFQUEUE --queue-num 0 --queue-bypass && iptables -D OUTPUT -p icmp -j NFQUEUE --queue-num 0 --queue-bypass'
probe xt-string 'iptables -A OUTPUT -p udp -m string --algo bm --hex-string "|01|x" -j DROP && iptables -D OUTPUT -p udp -m string --algo bm --hex-string "|01|x" -j DROP'
probe xt-statistic 'iptables -A OUTPUT -m statistic --mode random --probability 0.5 -j DROP && iptables -D OUTPUT -m statistic --mode random --probability 0.5 -j DROP'
probe nat-redirect 'iptables -t nat -A OUTPUT -p tcp --dport 1 -j REDIRECT --to-ports 2 && iptables -t nat -D OUTPUT -p tcp --dport 1 -j REDIRECT --to-ports 2'
`

// probeProject is the project label of the host probe's container: no
// lab's, so a lab's engine releasing its helpers leaves a probe another
// lab of the run is running alone; heal's Sweep takes it by run.
const probeProject = "saltlab-probe"

// ProbeHost measures the kernel features faults need, in a short-lived
// container of image (the base image has iptables and tc) with NET_ADMIN
// and no network, labelled with runID and removed on every path.
func ProbeHost(ctx context.Context, d Docker, image, runID string) (Features, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	lbl := labels.ForRun(runID, probeProject)
	maps.Copy(lbl, map[string]string{LabelHelper: "true"})
	created, err := d.ContainerCreate(ctx, &container.Config{Image: image, Labels: lbl, Cmd: []string{"sleep", "300"}},
		&container.HostConfig{NetworkMode: "none", CapAdd: []string{"NET_ADMIN"}, SecurityOpt: []string{"no-new-privileges"}, Resources: lab.DefaultResources()}, nil, nil, "")
	if err != nil {
		return nil, fmt.Errorf("create probe container: %w", err)
	}
	e := New(d, runID, "", nil) // an engine only to run the probe: its exec and helper removal
	defer func() { _ = e.removeHelper(context.WithoutCancel(ctx), created.ID) }()
	if err := d.ContainerStart(ctx, created.ID, container.StartOptions{}); err != nil {
		return nil, fmt.Errorf("start probe container: %w", err)
	}
	out, err := e.sh(ctx, created.ID, probeScript)
	if err != nil {
		return nil, fmt.Errorf("probe kernel features: %w", err)
	}
	return parseProbe(out), nil
}

func parseProbe(out string) Features {
	f := Features{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		name, rest, _ := strings.Cut(sc.Text(), " ")
		verdict, detail, _ := strings.Cut(rest, " ")
		f[Feature(name)] = Probe{OK: verdict == "ok", Detail: strings.TrimSpace(detail)}
	}
	return f
}
