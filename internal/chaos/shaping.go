package chaos

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/fault"
)

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

// latencyRules redirect the target's TCP on the given ports through the
// delay proxy: connections to its servers (PREROUTING) and connections it
// opens (OUTPUT, except the proxy's own marked ones and loopback). The
// kernel has no netem, and even where it has, the proxy is used so results
// compare across hosts; it delays TCP only.
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
  if ss -Hltn "( sport = :%s or sport = :%s )" | grep -c LISTEN | grep -qx 2; then exit 0; fi
  sleep 0.1
done
echo "delay proxies did not listen within %s" >&2; exit 1`, int(proxyReadyTimeout/(100*time.Millisecond)), data["in_port"], data["out_port"], proxyReadyTimeout)
	if _, err := e.sh(ctx, helper, wait); err != nil {
		return err
	}
	var filter []string
	for _, p := range strings.Split(data["ports"], ",") {
		filter = append(filter, "sport = :"+p, "dport = :"+p)
	}
	// ss -K needs CONFIG_INET_DIAG_DESTROY; without it nothing is reset
	// and only new connections are delayed, which the log says.
	if _, err := e.sh(ctx, helper, "ss -K -t state established '( "+strings.Join(filter, " or ")+" )' >/dev/null"); err != nil {
		e.logf("could not reset established connections (only new ones are delayed): %v", err)
	}
	return nil
}

// undoLatency removes the redirects, then stops the proxies; connections
// through them break and reconnect directly.
func undoLatency(ctx context.Context, e *Engine, en fault.Entry) error {
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
  tc qdisc add dev "$i" root handle ` + qdiscHandle + ` tbf rate ` + s.Rate + ` burst 32kbit latency 400ms
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
	return "pkill -f -- '" + pat + "' || true\n"
}
