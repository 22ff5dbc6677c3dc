package steps

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/scenario"
)

// The load balancer is the topology's declared api service; its container
// port is published on 127.0.0.1, and the steps use it from the host the
// way an operator's tools do.
const (
	// apiRequestTimeout bounds one HTTP request through the load balancer:
	// a local job waits up to its lowstate timeout plus Salt's find_job
	// round (gather_job_timeout, 10 s) for silent minions.
	apiRequestTimeout = 30 * time.Second
	// apiJobTimeout is the lowstate `timeout` of test.ping jobs, so that a
	// minion that is not connected to the answering master costs seconds,
	// not the master's default.
	apiJobTimeout = 3
)

// apiClient returns a client for the salt-api behind the load balancer at
// path, or at the topology's declared base path when the feature names none.
func apiClient(ctx context.Context, w *world, path string) (saltapi.Client, error) {
	api := w.Lab.Roles().API
	if api == nil {
		return saltapi.Client{}, errors.New("the topology declares no load balancer: add api (service, port, base_path) to its x-saltlab block")
	}
	addr, err := w.Lab.Published(ctx, api.Service, api.PortSpec())
	if err != nil {
		return saltapi.Client{}, fmt.Errorf("find the load balancer's published port: %w", err)
	}
	if path == "" {
		path = api.BasePath
	}
	return saltapi.Client{Base: "http://" + addr + path, HTTP: &http.Client{Timeout: apiRequestTimeout}}, nil
}

// apiPing runs test.ping on target through /run with per-request eauth and
// returns each minion's answer.
func apiPing(ctx context.Context, w *world, c saltapi.Client, target string) (map[string]any, error) {
	rets, err := c.Run(ctx, w.API, saltapi.Lowstate{"client": "local", "tgt": target, "fun": "test.ping", "timeout": apiJobTimeout})
	if err != nil {
		return nil, err
	}
	return saltapi.LocalReturn(rets)
}

// API operations, as the history names them.
const (
	apiPingOp    = "api /run test.ping"
	apiLoginOp   = "api /login"
	apiSessionOp = "api session"
	lbSubject    = "lb" // the target of calls about the balancer itself
)

// apiPingOnce is one recorded test.ping on target through the load
// balancer; it succeeded when every minion in want answered true.
func (w *world) apiPingOnce(ctx context.Context, c saltapi.Client, target string, want []string) client.Outcome {
	return w.APIOp(ctx, apiPingOp, target, func(ctx context.Context) (any, error) {
		got, err := apiPing(ctx, w, c, target)
		if err != nil {
			return nil, err
		}
		var missing []string
		for _, m := range want {
			if got[m] != true {
				missing = append(missing, fmt.Sprintf("%s: %v", m, got[m]))
			}
		}
		if len(missing) > 0 {
			return got, fmt.Errorf("the salt-api returned no true for %s", strings.Join(missing, ", "))
		}
		return got, nil
	})
}

// apiAnswersEveryMinion: one test.ping to '*' through the load balancer
// returns true for every minion of the lab. salt-api reports a minion that
// did not return as false (salt-semantics §5.4), so false and missing both
// fail.
func apiAnswersEveryMinion(ctx context.Context, path string) error {
	w := worldFrom(ctx)
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	from := w.History.Next()
	w.apiPingOnce(ctx, c, "*", scenario.Minions(w.Lab))
	return w.Judge(checker.NameAvailability, checker.OutcomeParams{From: from, To: w.History.Next(), F: apiPingOp, Targets: []string{"*"}}, "", false)
}

// apiAnswersWithinReachBound polls each minion's test.ping through the load
// balancer until it returns true, within the bound the minion's own config
// gives a surviving master to reach it (saltcfg.ReachBound), measured from
// the last fault: the load balancer must route around the stopped master
// and the daemons must be reachable through the remaining one. The checker
// judges how many requests failed during the fault and when they recovered.
func apiAnswersWithinReachBound(ctx context.Context, path string) error {
	w := worldFrom(ctx)
	ref, err := w.Reference("expected test.ping through the load balancer to recover")
	if err != nil {
		return err
	}
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	fo, err := w.LBFailover(ctx, path)
	if err != nil {
		return err
	}
	minionReach := func(m saltcfg.Minion) (saltcfg.Bound, error) { return m.ReachBound() }
	if w.Lab.Roles().MasterBalancer != nil { // a master cluster: its minions know only the balancer
		if minionReach, err = w.clusterBound(ctx); err != nil {
			return err
		}
	}
	reach := func(m saltcfg.Minion) (saltcfg.Bound, error) {
		b, err := minionReach(m)
		return scenario.WithDetour(fo, b), err
	}
	bounds, err := w.PollMinions(ctx, ref.Time, scenario.MinionPoll{BoundOf: reach, Try: func(ctx context.Context, m string, left time.Duration) bool {
		ctx, cancel := context.WithTimeout(ctx, left)
		defer cancel()
		return w.apiPingOnce(ctx, c, m, []string{m}).OK()
	}})
	if err != nil {
		return err
	}
	return w.Judge(checker.NameRecovery, checker.RecoveryParams{Since: ref.Index, F: apiPingOp, Bounds: bounds},
		"salt-api through the load balancer reaches minion", false)
}

// loginTimeout bounds logging in to one particular master through the load
// balancer: after that master was down the balancer avoids it for its
// fail_timeout (5 to 10 s in the topologies).
const loginTimeout = 60 * time.Second

// apiLoginOnce is one recorded login through the load balancer.
func (w *world) apiLoginOnce(ctx context.Context, c saltapi.Client) (saltapi.Session, client.Outcome) {
	var sess saltapi.Session
	o := w.APIOp(ctx, apiLoginOp, lbSubject, func(ctx context.Context) (any, error) {
		var err error
		sess, err = c.Login(ctx, w.API)
		return map[string]string{"upstream": sess.Upstream}, err
	})
	return sess, o
}

// apiSessionOnce is one recorded call with a session token.
func (w *world) apiSessionOnce(ctx context.Context, c saltapi.Client, token string) client.Outcome {
	return w.APIOp(ctx, apiSessionOp, lbSubject, func(ctx context.Context) (any, error) {
		_, err := c.Session(ctx, token, saltapi.Lowstate{"client": "local", "tgt": "*", "fun": "test.ping", "timeout": apiJobTimeout})
		return nil, err
	})
}

// apiLogin logs in through the load balancer and keeps the session. With a
// master named, it logs in again until that master's salt-api issued the
// session (told by the balancer's upstream header), so the scenario knows
// which process holds it.
func apiLogin(ctx context.Context, master, path string) error {
	w := worldFrom(ctx)
	if master != "" {
		m, rerr := w.Lab.Roles().ServiceNamed(master)
		if rerr != nil {
			return rerr
		}
		master = m
	}
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	want := ""
	if master != "" {
		if want, err = serviceIP(ctx, w.Lab, master); err != nil {
			return err
		}
	}
	var sess saltapi.Session
	var last client.Outcome
	done, err := poll.Run(ctx, poll.Within(loginTimeout), func(ctx context.Context, _ time.Duration) bool {
		sess, last = w.apiLoginOnce(ctx, c)
		return !last.OK() || want == "" || strings.HasPrefix(sess.Upstream, want+":")
	})
	switch {
	case err != nil:
		return err
	case !last.OK():
		return fmt.Errorf("expected a login through the load balancer to succeed; observed: %s", last.Err)
	case !done:
		return fmt.Errorf("expected the load balancer to send a login to %s (%s) within %s; observed: the last one was served by %q", master, want, loginTimeout, sess.Upstream)
	}
	if o := w.apiSessionOnce(ctx, c, sess.Token); !o.OK() {
		return fmt.Errorf("expected the new session to be accepted right after login; observed: %s", o.Err)
	}
	w.mu.Lock()
	w.apiToken, w.apiPath = sess.Token, path
	w.mu.Unlock()
	return nil
}

// serviceIP asks a container for its address, which works the same for
// both Salt flavours.
func serviceIP(ctx context.Context, l scenario.Lab, service string) (string, error) {
	out, err := l.Exec(ctx, service, []string{"hostname", "-i"})
	if err != nil {
		return "", fmt.Errorf("ask %s for its address: %w", service, err)
	}
	fields := strings.Fields(out.Stdout)
	if out.ExitCode != 0 || len(fields) == 0 {
		return "", fmt.Errorf("ask %s for its address: hostname -i exited %d: %s", service, out.ExitCode, client.LastLine(out.Stderr, out.Stdout))
	}
	return fields[0], nil
}

// apiSessionRefused: the session token from the earlier login is refused
// with 401 through the load balancer. salt-api keeps sessions in the memory
// of the process that issued them (salt-semantics §5.3, §10 surprise 6), so
// once the load balancer sends the request to the other master the token
// is unknown there.
func apiSessionRefused(ctx context.Context) error {
	w := worldFrom(ctx)
	w.mu.Lock()
	tok, path := w.apiToken, w.apiPath
	w.mu.Unlock()
	if tok == "" {
		return errors.New("no salt-api session: log in through the load balancer earlier in the scenario")
	}
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	from := w.History.Next()
	w.apiSessionOnce(ctx, c, tok)
	return w.Judge(checker.NameRefusal, checker.OutcomeParams{From: from, To: w.History.Next(), F: apiSessionOp,
		Targets: []string{lbSubject}, ErrorContains: fmt.Sprintf("answered %d", http.StatusUnauthorized)}, "", false)
}

// apiLoginWithin polls a login through the load balancer until one succeeds,
// within the given number of seconds from the last fault; the checker
// judges how many failed and how long the balancer took to move to a
// working salt-api.
func apiLoginWithin(ctx context.Context, seconds int, path string) error {
	return loginWithin(ctx, path, func(context.Context, *world) (saltcfg.Bound, error) {
		return saltcfg.Bound{Limit: time.Duration(seconds) * time.Second, Explain: "from the feature"}, nil
	})
}

// apiLoginWithinDetour is apiLoginWithin bounded by the balancer's own
// config: one request's detour around the dead server (its
// proxy_connect_timeout) plus process slack.
func apiLoginWithinDetour(ctx context.Context, path string) error {
	return loginWithin(ctx, path, func(ctx context.Context, w *world) (saltcfg.Bound, error) {
		fo, err := w.LBFailover(ctx, path)
		slack := saltcfg.ProcessSlack
		if w.ProcessSlack > 0 {
			slack = w.ProcessSlack
		}
		return scenario.DetourBound(fo, slack), err
	})
}

func loginWithin(ctx context.Context, path string, boundOf func(context.Context, *world) (saltcfg.Bound, error)) error {
	w := worldFrom(ctx)
	ref, err := w.Reference("expected a login through the load balancer")
	if err != nil {
		return err
	}
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	b, err := boundOf(ctx, w)
	if err != nil {
		return err
	}
	limit := b.Limit
	w.Waitf("a login through the load balancer up to %s, until %s (%s)", limit, ref.Time.Add(limit).Format("15:04:05"), b.Explain)
	deadline := ref.Time.Add(limit)
	if _, err := poll.Run(ctx, poll.Until(deadline), func(ctx context.Context, _ time.Duration) bool {
		actx, cancel := context.WithDeadline(ctx, deadline)
		defer cancel()
		_, o := w.apiLoginOnce(actx, c)
		return o.OK()
	}); err != nil {
		return err
	}
	return w.Judge(checker.NameRecovery, checker.RecoveryParams{Since: ref.Index, F: apiLoginOp,
		Bounds: map[string]checker.Bound{lbSubject: {Limit: limit, Explain: b.Explain}}},
		"salt-api login through the load balancer", false)
}
