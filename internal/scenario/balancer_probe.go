package scenario

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/nginxconf"
)

// ProbeOp names the recorded probe connections through the master balancer.
const ProbeOp = "balancer probe"

// probeLog is where the cluster balancer's stream sessions are logged
// inside its container (compose/cluster/nginx/nginx.conf, log_format
// peer): "$remote_addr $server_port -> $upstream_addr $status $session_time".
const probeLog = "/tmp/saltlab-stream.log"

// ProbesBeyond is how many probes a port gets beyond its max_fails: enough
// to see nginx skip the dead server once it stopped trying it.
const ProbesBeyond = 2

// ProbeSlack covers one probe's own cost (an exec in the balancer's
// container and nginx writing its log line).
const ProbeSlack = 3 * time.Second

// probeScript opens one TCP connection through the balancer on $1 from
// inside its container, closes it, and prints the dead peer's address
// ($2, as the balancer resolves it) and the log line nginx writes for that
// session once it ends (within $3 seconds): the upstream addresses it
// tried, in order, and the session's status. Probes run one at a time and
// are the only sessions from 127.0.0.1.
const probeScript = `log=` + probeLog + `
getent hosts "$2" | awk '{print $1; exit}'
n=$(wc -l <"$log" 2>/dev/null || echo 0)
timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null || true
end=$((SECONDS + $3))
while :; do
	line=$(tail -n +$((n + 1)) "$log" 2>/dev/null | grep -m1 "^127.0.0.1 $1 -> ") && { echo "$line"; exit 0; }
	[ "$SECONDS" -ge "$end" ] && { echo "no session of the probe logged in $3 s" >&2; exit 3; }
	sleep 0.1
done`

// ProbeBalancer records one probe connection through the balancer
// service on port (probeScript): which upstreams nginx tried, in order,
// and the session's status, with the dead peer's address as the balancer
// resolves it; wait is how many seconds the session may take to be logged.
func (w *World) ProbeBalancer(ctx context.Context, service string, port int, peer string, wait int) client.Outcome {
	target := fmt.Sprintf("%s:%d", service, port)
	return w.Op(ctx, ProbeOp, service, target, func(ctx context.Context) client.Outcome {
		out, err := w.Lab.Exec(ctx, service, []string{"bash", "-c", probeScript, "probe", strconv.Itoa(port), peer, strconv.Itoa(wait)})
		if err != nil {
			return client.Indeterminate(fmt.Sprintf("probe %s: %v", target, err))
		}
		if out.ExitCode != 0 {
			return client.Failed(nil, "probe %s exited %d: %s", target, out.ExitCode, strings.TrimSpace(out.Stderr))
		}
		p, err := parseProbe(out.Stdout)
		if err != nil {
			return client.Failed(nil, "%v", err)
		}
		return client.Succeeded(p)
	})
}

// AvoidanceBound: after a peer died, the balancer spends at most max_fails
// failed connects on it (each at most proxy_connect_timeout) before it
// skips it; then one probe completes.
func AvoidanceBound(fo nginxconf.Failover) checker.Bound {
	n := max(fo.MaxFails, 1)
	return checker.Bound{Limit: time.Duration(n)*fo.ConnectTimeout + ProbeSlack, Explain: fmt.Sprintf(
		"max_fails %d x %s + probe slack %s; %s", fo.MaxFails, fo.Explain(), ProbeSlack, fo.Avoidance())}
}

// parseProbe reads probeScript's output: the dead peer's address, then
// nginx's log line for the probe's session.
func parseProbe(out string) (history.Probe, error) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		return history.Probe{}, fmt.Errorf("read the probe: want the dead peer's address and one log line, got %q", out)
	}
	p := history.Probe{Dead: strings.TrimSpace(lines[0])}
	_, right, ok := strings.Cut(lines[1], " -> ")
	fields := strings.Fields(right)
	if !ok || len(fields) < 3 || p.Dead == "" {
		return p, fmt.Errorf("read the probe: %q is not \"<peer address>\" then \"<client> <port> -> <upstreams> <status> <time>\"", out)
	}
	status, err := strconv.Atoi(fields[len(fields)-2])
	if err != nil {
		return p, fmt.Errorf("read the probe: status %q is not a number", fields[len(fields)-2])
	}
	p.Status = status
	for _, a := range fields[:len(fields)-2] {
		if a = strings.TrimSuffix(a, ","); a != "" && a != "-" {
			p.Tried = append(p.Tried, a)
		}
	}
	return p, nil
}
