package status

import (
	"context"
	"fmt"
	"net"
	"strings"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// establishedToPublish lists the minion's ESTABLISHED TCP connections to a
// publish port (4505): Salt's own notion of "connected" (salt-semantics
// §1.9). Cheaper and bounded, unlike `salt-call config.get master`, which
// hangs on a dead master.
var establishedToPublish = []string{"ss", "-Htn", "state", "established", "( dport = :4505 )"}

func containerRow(ctx context.Context, t Target, service string) ContainerRow {
	row := ContainerRow{Service: service, Container: t.ContainerName(service)}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	st, err := t.State(ctx, service)
	if err != nil {
		row.State, row.Error = "unknown", err.Error()
		return row
	}
	row.State, row.ExitCode, row.IPs = st.Status, st.ExitCode, st.IPs
	if st.Running {
		row.Health = st.Health // a stopped container's last health is stale
	}
	return row
}

func masterRow(ctx context.Context, t Target, service string) MasterRow {
	row := MasterRow{Service: service, AnswerBound: lib.AnswerBound}
	row.Answers, row.AnswersDetail = answers(ctx, t, service)
	var errs []string
	out, err := run(ctx, t, service, client.SaltKey("-F").Line())
	if err == nil {
		var fingers map[string]string
		if fingers, err = saltout.ParseLocalFingers(out); err == nil {
			_, row.Fingerprint, err = saltout.OwnPublicKey(service, fingers)
		}
	}
	if err != nil {
		errs = append(errs, "fingerprint: "+err.Error())
	}
	out, err = run(ctx, t, service, client.SaltKey("-L").Line())
	if err == nil {
		var keys saltout.KeyList
		if keys, err = saltout.ParseKeyList(out); err == nil {
			row.Accepted = keys.Accepted
		}
	}
	if err != nil {
		errs = append(errs, "accepted keys: "+err.Error())
	}
	row.Error = strings.Join(errs, "; ")
	return row
}

// answers runs the master's function probe, the one its health check
// (built-in topologies) and the run's honest-health evidence use, inline.
func answers(ctx context.Context, t Target, service string) (answer, detail string) {
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	r, err := t.Exec(ctx, service, client.Bounded(CallTimeout, lib.AnswersArgv()...))
	o := client.AnswersOutcome(client.Output{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode}, err)
	switch o.Type {
	case history.OK:
		line, _ := o.Value.(string)
		return AnswersYes, line
	case history.Fail:
		return AnswersNo, o.Err
	}
	return AnswersUnknown, o.Err
}

func minionRow(ctx context.Context, t Target, service string, masterIPs map[string]string) MinionRow {
	row := MinionRow{Service: service, ConnectedTo: []string{}}
	out, err := run(ctx, t, service, establishedToPublish)
	if err != nil {
		row.Error = err.Error()
		return row
	}
	row.ConnectedTo = connectedMasters(out, masterIPs)
	return row
}

// connectedMasters maps the peer addresses of `ss -Htn` lines to master
// services; peers that are no master of the lab are listed as addresses.
func connectedMasters(ssOut string, masterIPs map[string]string) []string {
	seen := map[string]bool{}
	for _, line := range strings.Split(ssOut, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		host, _, err := net.SplitHostPort(f[3])
		if err != nil {
			continue
		}
		if m, ok := masterIPs[host]; ok {
			seen[m] = true
		} else {
			seen[host] = true
		}
	}
	return sortedValues(seen)
}

// run executes line in service bounded by CallTimeout, both the exec and
// (client.Bounded) the process in the container, which a cancelled exec
// leaves running; a non-zero exit is an error carrying the command's
// stderr.
func run(ctx context.Context, t Target, service string, line []string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	r, err := t.Exec(ctx, service, client.Bounded(CallTimeout, line...))
	if err != nil {
		return "", err
	}
	if r.ExitCode != 0 {
		return "", fmt.Errorf("%s exited %d: %s", strings.Join(line, " "), r.ExitCode, strings.TrimSpace(r.Stderr+" "+r.Stdout))
	}
	return r.Stdout, nil
}

// NoLoadBalancer is the API check of topologies without a load balancer in
// front of salt-api (see APICheck).
type NoLoadBalancer struct{ Topology string }

// Name implements Check.
func (NoLoadBalancer) Name() string { return "API through load balancer" }

// Run implements Check.
func (n NoLoadBalancer) Run(context.Context, Target) CheckResult {
	return CheckResult{Status: StatusSkipped, Detail: fmt.Sprintf("no load balancer in topology %s", n.Topology)}
}
