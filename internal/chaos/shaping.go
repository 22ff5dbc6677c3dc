package chaos

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/shell"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// The kinds that shape traffic rather than drop it.
const (
	KindLatency   fault.Kind = "latency"
	KindBandwidth fault.Kind = "bandwidth"
)

// MinDelay is the smallest latency or jitter: netem counts in microseconds
// and the delay proxy sleeps once per chunk, where a loaded machine's
// scheduler wakes it about a millisecond late, so a shorter delay rounds
// to nothing or to noise.
const MinDelay = time.Millisecond

// DefaultSaltPorts are the ports latency applies to when none are given:
// the publisher and the request server.
var DefaultSaltPorts = []int{4505, 4506}

func init() {
	register(Def{Kind: KindLatency, Place: 330, Network: true,
		Args: []Arg{
			{Option: optDelay, Example: "200ms", Help: "added delay with its unit, e.g. 200ms"},
			{Option: optJitter, Example: "20ms", Optional: true, Help: "± random jitter with its unit, e.g. 20ms (at most --delay)"},
			{Option: optPorts, Example: "4505,4506", Optional: true, Help: "ports, comma-separated (default 4505,4506)"},
		},
		Check:     checkLatency,
		Mechanism: "tc netem (in a prio band filtered to the ports) where the kernel has netem; otherwise a userspace TCP delay proxy in the helper plus iptables REDIRECT, established flows reset to pass through it",
		Salt:      "slow masters: salt-call needs longer; timeouts under the delay (salt -t, auth_timeout) start to fail",
		Needs:     []Feature{FeatIPTables, FeatRedirect},
		inject:    latencyFault, undo: undoLatency,
		mechanismOn: latencyMechanism})
	register(Def{Kind: KindBandwidth, Place: 350, Network: true,
		Args: []Arg{{Option: optRate, Example: "1mbit", Help: "rate in tc syntax, e.g. 1mbit"}},
		Check: func(s Spec) error {
			if err := valid.Rate("--rate", s.Rate); err != nil {
				return fmt.Errorf("fault bandwidth: %w", err)
			}
			return nil
		},
		Mechanism: "TBF root qdisc (handle 5a17:) on each interface of the target",
		Salt:      "large file-server transfers (state.apply with big files) slow down; pings are unaffected",
		Needs:     []Feature{FeatTBF},
		inject:    bandwidthFault, undo: undoBandwidth})
}

func checkLatency(s Spec) error {
	if err := errors.Join(valid.Duration("--delay", s.Delay, ""), valid.Duration("--jitter", s.Jitter, "no jitter")); err != nil {
		return fmt.Errorf("fault latency: %w", err)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"--delay", s.Delay}, {"--jitter", s.Jitter}} {
		if d.v > 0 && d.v < MinDelay {
			return usage.Errorf("fault latency: %s %v is below %v: netem counts in microseconds and the delay proxy's sleep is about a millisecond late on a loaded machine, so it would round to nothing; want %v or more", d.name, d.v, MinDelay, MinDelay)
		}
	}
	if s.Jitter > s.Delay {
		return fmt.Errorf("fault latency: --jitter %v exceeds --delay %v: want 0 <= jitter <= delay", s.Jitter, s.Delay)
	}
	return nil
}

const (
	// proxyMark is the SO_MARK of the delay proxy's upstream connections;
	// the REDIRECT rules skip marked packets so they do not loop.
	proxyMark = "0x5a17"
	// qdiscHandle marks the root qdisc saltlab adds, so heal deletes only
	// its own.
	qdiscHandle = "5a17:"
	// proxyReadyTimeout bounds the wait for a started proxy to listen.
	proxyReadyTimeout = 10 * time.Second
)

// proxyPorts picks the listen ports of one latency fault from its token:
// inbound (PREROUTING) and outbound (OUTPUT) redirects get one each, in
// 15000-19999, below Linux's ephemeral range and clear of Salt's ports.
func proxyPorts(tok string) (in, out int) {
	n, _ := strconv.ParseUint(tok, 16, 32)
	in = 15000 + int(n%2500)*2
	return in, in + 1
}

// mechanismNetem marks a latency fault applied with tc netem (Data
// "mechanism"); without it the fault went through the delay proxy.
const mechanismNetem = "netem"

// latencyFault delays what the target sends on the given ports: with tc
// netem where the kernel has it (and prio, to confine the delay to those
// ports), otherwise — as on hosts without netem — through the userspace
// delay proxy.
func latencyFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	if netemUsable(e.hostFeatures()) {
		return netemLatencyFault(ctx, e, s)
	}
	return netFault(latencyRules, startProxies)(ctx, e, s)
}

// netemUsable says whether latency can use netem on this host.
func netemUsable(f Features) bool { return f[FeatNetem].OK && f[FeatPrio].OK }

// latencyMechanism describes how this host gets latency.
func latencyMechanism(f Features) string {
	if netemUsable(f) {
		return "tc netem in a prio band (handle 5a17:) that u32 filters fill with the target's traffic to and from the ports"
	}
	return "userspace TCP delay proxy in the helper plus iptables REDIRECT (this host has no usable netem); established flows are reset to pass through it"
}

// netemLatencyFault adds, on each interface of the target, a prio root
// qdisc under saltlab's handle whose fourth band holds netem, and u32
// filters that send the target's packets to or from the ports into it.
func netemLatencyFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc := s.Targets[0]
	info, err := e.target(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	ports := s.Ports
	if len(ports) == 0 {
		ports = DefaultSaltPorts
	}
	en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, dataHelper: e.helperName(svc),
		"mechanism": mechanismNetem, "ports": portList(ports), "delay": s.Delay.String(), "jitter": s.Jitter.String()})
	if err != nil {
		return en, err
	}
	helper, err := e.ensureHelper(ctx, svc, info)
	if err != nil {
		return en, err
	}
	if _, err := e.sh(ctx, helper, netemScript(ports, s.Delay, s.Jitter)); err != nil {
		return en, fmt.Errorf("add latency to %s: %w", svc, err)
	}
	e.logf("%s delays its traffic on ports %s by %s (netem, fault %d)", svc, portList(ports), s.Delay, en.ID)
	return en, nil
}

// netemScript builds the qdisc tree:
//
//	root 5a17: prio bands 4 ── 5a17:1..3  normal traffic (default priomap)
//	                        └─ 5a17:4 ── 5a18: netem delay D [J]
//	filters on 5a17: — ip dport/sport P → 5a17:4, for each port P
func netemScript(ports []int, delay, jitter time.Duration) string {
	netem := "netem delay " + tcTime(delay)
	if jitter > 0 {
		netem += " " + tcTime(jitter)
	}
	var b strings.Builder
	b.WriteString(`for i in $(ls /sys/class/net); do [ "$i" = lo ] && continue
  tc qdisc add dev "$i" root handle ` + qdiscHandle + ` prio bands 4
  tc qdisc add dev "$i" parent 5a17:4 handle 5a18: ` + netem + "\n")
	for _, p := range ports {
		for _, dir := range []string{"dport", "sport"} {
			fmt.Fprintf(&b, "  tc filter add dev \"$i\" parent %s protocol ip prio 1 u32 match ip %s %d 0xffff flowid 5a17:4\n", qdiscHandle, dir, p)
		}
	}
	b.WriteString("done")
	return b.String()
}

// tcTime writes a duration in tc's units (microseconds are exact).
func tcTime(d time.Duration) string { return strconv.FormatInt(d.Microseconds(), 10) + "us" }

// latencyRules redirect the target's TCP on the given ports through the
// delay proxy: connections to its servers (PREROUTING) and connections it
// opens (OUTPUT, except the proxy's own marked ones and loopback). It is
// the mechanism of hosts without netem (as the development machines); it
// delays TCP only.
func latencyRules(_ context.Context, _ *Engine, s Spec, _ container.InspectResponse) (ruleSet, map[string]string, error) {
	ports := s.Ports
	if len(ports) == 0 {
		ports = DefaultSaltPorts
	}
	tok := token()
	in, out := proxyPorts(tok)
	p := portList(ports)
	rs := ruleSet{
		NatPre: []string{fmt.Sprintf("-p tcp -m multiport --dports %s -j REDIRECT --to-ports %d", p, in)},
		NatOut: []string{fmt.Sprintf("-p tcp ! -d 127.0.0.0/8 -m mark ! --mark %s -m multiport --dports %s -j REDIRECT --to-ports %d", proxyMark, p, out)},
	}
	return rs, map[string]string{"proxy": tok, "ports": p, "in_port": strconv.Itoa(in), "out_port": strconv.Itoa(out),
		"delay": s.Delay.String(), "jitter": s.Jitter.String()}, nil
}

// startProxies starts the inbound and outbound delay proxies in the helper,
// waits until they listen, then resets the target's established
// connections on the ports: REDIRECT only catches new connections, and
// Salt's are long-lived, so they must reconnect through the proxy.
func startProxies(ctx context.Context, e *Engine, s Spec, helper string, data map[string]string) error {
	for _, l := range []struct{ port, dir string }{{data["in_port"], "upstream"}, {data["out_port"], "downstream"}} {
		argv := []string{"saltlab-netfault", "proxy", "--listen", ":" + l.port, "--delay", s.Delay.String(),
			"--jitter", s.Jitter.String(), "--mark", proxyMark, "--direction", l.dir, "--fault", data["proxy"]}
		created, err := e.docker.ContainerExecCreate(ctx, helper, container.ExecOptions{Cmd: argv})
		if err != nil {
			return fmt.Errorf("start delay proxy: %w", err)
		}
		if err := e.docker.ContainerExecStart(ctx, created.ID, container.ExecStartOptions{Detach: true}); err != nil {
			return fmt.Errorf("start delay proxy: %w", err)
		}
	}
	wait := fmt.Sprintf(`for i in $(seq 1 %d); do
  if ss -Hltn %s | grep -c LISTEN | grep -qx 2; then exit 0; fi
  sleep 0.1
done
echo "delay proxies did not listen within %s" >&2; exit 1`, int(proxyReadyTimeout/(100*time.Millisecond)), shell.Quote("( sport = :"+data["in_port"]+" or sport = :"+data["out_port"]+" )"), shell.Quote(proxyReadyTimeout.String()))
	if _, err := e.sh(ctx, helper, wait); err != nil {
		return err
	}
	var filter []string
	for _, p := range strings.Split(data["ports"], ",") {
		filter = append(filter, "sport = :"+p, "dport = :"+p)
	}
	// ss -K needs CONFIG_INET_DIAG_DESTROY; without it nothing is reset
	// and only new connections are delayed, which the log says.
	if _, err := e.sh(ctx, helper, "ss -K -t state established "+shell.Quote("( "+strings.Join(filter, " or ")+" )")+" >/dev/null"); err != nil {
		e.logf("could not reset established connections (only new ones are delayed): %v", err)
	}
	return nil
}

// undoLatency removes the redirects, then stops the proxies; connections
// through them break and reconnect directly.
func undoLatency(ctx context.Context, e *Engine, en fault.Entry) error {
	if en.Data["mechanism"] == mechanismNetem {
		if err := e.inNetns(ctx, en.Data, qdiscRemoveScript); err != nil {
			return fmt.Errorf("remove latency from %s: %w", en.Data[dataService], err)
		}
		return nil
	}
	script := removeScript(en.Data[dataChain]) + "\n" + killProxies(en.Data["proxy"])
	if err := e.inNetns(ctx, en.Data, script); err != nil {
		return fmt.Errorf("remove latency from %s: %w", en.Data[dataService], err)
	}
	return nil
}

// bandwidthFault limits every interface of the target with a token bucket
// (TBF is built into this kernel, netem is not) under saltlab's handle.
func bandwidthFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc := s.Targets[0]
	info, err := e.target(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, dataHelper: e.helperName(svc), "rate": s.Rate})
	if err != nil {
		return en, err
	}
	helper, err := e.ensureHelper(ctx, svc, info)
	if err != nil {
		return en, err
	}
	script := `for i in $(ls /sys/class/net); do [ "$i" = lo ] && continue
  tc qdisc add dev "$i" root handle ` + qdiscHandle + ` tbf rate ` + shell.Quote(s.Rate) + ` burst 32kbit latency 400ms
done`
	if _, err := e.sh(ctx, helper, script); err != nil {
		return en, fmt.Errorf("limit bandwidth of %s: %w", svc, err)
	}
	e.logf("bandwidth of %s limited to %s (fault %d)", svc, s.Rate, en.ID)
	return en, nil
}

// undoBandwidth deletes root qdiscs that carry saltlab's handle; the
// interface falls back to its default (noqueue on veth).
func undoBandwidth(ctx context.Context, e *Engine, en fault.Entry) error {
	if err := e.inNetns(ctx, en.Data, qdiscRemoveScript); err != nil {
		return fmt.Errorf("remove bandwidth limit of %s: %w", en.Data[dataService], err)
	}
	return nil
}

const qdiscRemoveScript = `for i in $(ls /sys/class/net); do
  if tc qdisc show dev "$i" root | grep -q " ` + qdiscHandle + ` "; then tc qdisc del dev "$i" root; fi
done`

// killProxies stops the delay proxies of one fault token, or all with "".
// The bracket keeps pkill's pattern from matching the shell running it.
func killProxies(tok string) string {
	pat := "[s]altlab-netfault proxy"
	if tok != "" {
		pat += " .*--fault " + tok
	}
	return "pkill -f -- " + shell.Quote(pat) + " || true\n"
}
