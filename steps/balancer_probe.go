package steps

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/nginxconf"
)

// probeOp names the recorded probe connections through the master balancer.
const probeOp = "balancer probe"

// probeLog is where the cluster balancer's stream sessions are logged
// inside its container (compose/cluster/nginx/nginx.conf, log_format
// peer): "$remote_addr $server_port -> $upstream_addr $status $session_time".
const probeLog = "/tmp/saltlab-stream.log"

// probesBeyond is how many probes a port gets beyond its max_fails: enough
// to see nginx skip the dead server once it stopped trying it.
const probesBeyond = 2

// probeSlack covers one probe's own cost (an exec in the balancer's
// container and nginx writing its log line).
const probeSlack = 3 * time.Second

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

// balancerAvoidsPeer probes every port the master balancer balances, one
// connection after another, right after a fault on peer, and asks the
// avoidance checker whether nginx kept new connections away from the dead
// peer as its own max_fails, fail_timeout and proxy_connect_timeout say.
func balancerAvoidsPeer(ctx context.Context, peer string) error {
	w := worldFrom(ctx)
	peer, err := resolveOne(w.Lab, peer)
	if err != nil {
		return err
	}
	b := w.Lab.Roles().MasterBalancer
	if b == nil {
		return errors.New("probe the master balancer: the topology declares no master_balancer in x-saltlab")
	}
	if _, err := w.reference("expected the master balancer to keep new connections away from " + peer); err != nil {
		return err
	}
	// Each port's bound runs from the start of its own probes, once the
	// fault step has returned and the peer is dead, not from the fault's
	// first entry: a docker stop gives the peer its stop_grace_period (5 s)
	// to shut down, and until it exits it still accepts connections
	// (measured on 3008.4: ports refused 2 s into the stop, the container
	// gone after 4.8 s, which alone outran the 5 s bound). nginx's checks
	// are passive and kept per upstream, so each port's balancer learns of
	// the dead peer from its own first probe, not from the previous port's.
	// The first port's reference is the first entry from here on (the
	// nginx -T below, or a probe of the masters running meanwhile); a later
	// port's is the last entry before its probes.
	since := w.History.Next()
	fos, err := w.balancerFailovers(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for i, port := range b.Ports {
		fo := fos[i]
		target := fmt.Sprintf("%s:%d", b.Service, port)
		wait := int((time.Duration(len(w.Lab.Roles().Masters))*fo.ConnectTimeout + probeSlack).Seconds())
		if i > 0 {
			since = w.History.Next() - 1
		}
		for n := 0; n < fo.MaxFails+probesBeyond; n++ {
			w.op(ctx, probeOp, b.Service, target, func(ctx context.Context) client.Outcome {
				out, err := w.Lab.Exec(ctx, b.Service, []string{"bash", "-c", probeScript, "probe", strconv.Itoa(port), peer, strconv.Itoa(wait)})
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
		errs = append(errs, w.judge(checker.NameAvoidance, checker.AvoidanceParams{Since: since, F: probeOp, MaxFails: fo.MaxFails, FailTimeout: fo.FailTimeout,
			Bounds: map[string]checker.Bound{target: avoidanceBound(fo)}}, "master balancer avoids "+peer, false))
	}
	return errors.Join(errs...)
}

// avoidanceBound: after a peer died, the balancer spends at most max_fails
// failed connects on it (each at most proxy_connect_timeout) before it
// skips it; then one probe completes.
func avoidanceBound(fo nginxconf.Failover) checker.Bound {
	n := max(fo.MaxFails, 1)
	return checker.Bound{Limit: time.Duration(n)*fo.ConnectTimeout + probeSlack, Explain: fmt.Sprintf(
		"max_fails %d x %s + probe slack %s; %s", fo.MaxFails, fo.Explain(), probeSlack, fo.Avoidance())}
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
