package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/scenario"
)

// masterReachesEveryMinionThroughEverySyndic polls, after the last fault
// (typically its heal), `salt '*' test.ping` on a master of masters until
// every syndic node republished the job on its own bus and every minion
// answered, then asks the exactly-once checker over the last attempt:
// each minion answered once, its return lay on exactly one syndic's bus,
// and every syndic republished the job (both syndics active again,
// salt-semantics §6.2, §6.3).
//
// The bound (saltcfg.SyndicRelayBound) is, for the slowest minion, the
// longest ZeroMQ reconnect gap of that minion and every syndic node (from
// their recon_default, recon_max and recon_randomize), one syndic
// re-sign-in, and the minion's hot-mode bound: after the heal the syndics'
// subscriptions to the master of masters, and a minion's connection to a
// restarted syndic master, are existing sockets that reconnect on
// ZeroMQ's schedule. INFER, UNCONFIRMED on real Salt for the sum; each
// term is read from Salt's source (see saltcfg).
func masterReachesEveryMinionThroughEverySyndic(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	rs := w.Lab.Roles().Relays(master)
	if len(rs) == 0 {
		return fmt.Errorf("expected %s to be the master of masters of a topology with syndics; the roles declare none", master)
	}
	ms := scenario.Minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	ref, err := w.Reference(fmt.Sprintf("expected every syndic between %s and the minions to relay its jobs", master))
	if err != nil {
		return err
	}
	limit, explain, err := w.SyndicRelayBound(ctx, ms, rs)
	if err != nil {
		return err
	}
	// A job published before a syndic has re-subscribed is lost to it
	// (a publisher drops what no subscriber is connected for), so the poll
	// waits, within the bound, for every syndic node to hold a connection
	// to the master of masters' publish port again, and only then sends
	// the one job the checker judges.
	deadline := ref.Time.Add(limit)
	w.Waitf("every syndic of %s to subscribe to it again, until %s (%s)", master, deadline.Format("15:04:05"), explain)
	for _, syn := range rs {
		ok, err := poll.Run(ctx, poll.Until(deadline), func(ctx context.Context, _ time.Duration) bool { return w.syndicSubscribed(ctx, syn).OK() })
		if err != nil {
			return err
		}
		if !ok {
			w.Warnf("%s did not subscribe to %s again by %s; the job is sent anyway and judged", syn, master, deadline.Format("15:04:05"))
		}
	}
	// The master's own bus must be recorded again too (its stream ended
	// with the restart), or its job and returns go unseen.
	if dead, err := w.AwaitLive(ctx, []string{master}, deadline.Add(scenario.EventLag)); err != nil {
		return err
	} else if len(dead) > 0 {
		w.Logf("the event stream of %s is not live again; the checker will say what it could not see", master)
	}
	job := client.Salt("*", momCLITimeout, "test.ping")
	from := w.History.Next()
	_, docs, _ := w.Salt().Job(ctx, master, scenario.CallTimeout, job, anyReturns)
	w.Logf("salt '*' test.ping on %s: documents per id: %v", master, docs)
	w.relayedBy(ctx, from, master, job.Fun, rs) // let the watcher catch up
	once := scenario.OnceOf(w.Lab, from, master, job)
	once.Want, once.AllRelays = json.RawMessage("true"), true
	return w.Judge(checker.NameExactlyOnce, once, "", false)
}

// relayedBy waits (up to scenario.EventLag) until every relay's bus shows the fun
// job published on master since entry from, and returns the relays that
// did: the watcher appends events a little after they happen.
func (w *world) relayedBy(ctx context.Context, from int64, master, fun string, rs []string) map[string]int64 {
	var by map[string]int64
	_, _ = poll.Run(ctx, poll.Within(scenario.EventLag), func(context.Context, time.Duration) bool {
		h, err := w.History.Read()
		if err != nil {
			return false
		}
		jid, ok := checker.JobOn(h, from, master, fun)
		if !ok {
			return false
		}
		by = checker.RelayedBy(h, from, jid, rs)
		return len(by) == len(rs)
	})
	return by
}

// publishPort is the master of masters' publish_port
// (compose/syndic/config/mom.d); a syndic subscribes to it.
const publishPort = 4505

// subscriptionOp names the recorded reads of a syndic's subscription.
const subscriptionOp = "read syndic subscription"

// syndicSubscribed reads, in the syndic node, whether it holds an
// established TCP connection to a remote publish port (the syndic's
// subscription to the master of masters; the compose healthcheck makes
// the same test). After the master of masters restarted, every such
// connection is a new one: the old ones ended with its container.
func (w *world) syndicSubscribed(ctx context.Context, syndic string) client.Outcome {
	return w.Op(ctx, subscriptionOp, syndic, syndic, func(ctx context.Context) client.Outcome {
		out, err := w.Lab.Exec(ctx, syndic, []string{"ss", "-Htn", "state", "established", fmt.Sprintf("( dport = :%d )", publishPort)})
		if err != nil {
			return client.Indeterminate(fmt.Sprintf("read the connections of %s: %v", syndic, err))
		}
		for _, l := range strings.Split(out.Stdout, "\n") {
			if strings.TrimSpace(l) != "" && !strings.Contains(l, "127.0.0.1:") {
				return client.Succeeded(strings.TrimSpace(l))
			}
		}
		return client.Failed(nil, "no established connection to a remote port %d", publishPort)
	})
}
