package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/report"
	"github.com/saltlab/saltlab/internal/saltapi"
	"github.com/saltlab/saltlab/internal/saltcfg"
)

// The load balancer is the service named lbService; its container port
// lbPort is published on 127.0.0.1, and the steps use it from the host the
// way an operator's tools do.
const (
	lbService = "nginx"
	lbPort    = "80/tcp"
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
// path ("/" unless the topology routes the API under a prefix).
func apiClient(ctx context.Context, w *world, path string) (saltapi.Client, error) {
	addr, err := w.Lab.Published(ctx, lbService, lbPort)
	if err != nil {
		return saltapi.Client{}, fmt.Errorf("find the load balancer's published port: %w", err)
	}
	if path == "" {
		path = "/"
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
	return decodeLocal(rets)
}

func decodeLocal(rets []json.RawMessage) (map[string]any, error) {
	if len(rets) == 0 {
		return nil, errors.New("the salt-api answered an empty return list")
	}
	var byMinion map[string]any
	if err := json.Unmarshal(rets[0], &byMinion); err != nil {
		return nil, fmt.Errorf("decode local return %s: %w", rets[0], err)
	}
	return byMinion, nil
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
	got, err := apiPing(ctx, w, c, "*")
	if err != nil {
		return fmt.Errorf("expected test.ping through the load balancer to reach every minion; observed: %w", err)
	}
	var missing []string
	for _, m := range minions(w.Lab) {
		if got[m] != true {
			missing = append(missing, fmt.Sprintf("%s: %v", m, got[m]))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("expected test.ping through the load balancer to return true for every minion; observed: %s (whole return: %v)", strings.Join(missing, ", "), got)
	}
	w.logf("salt-api through the load balancer: %d minion(s) answered test.ping", len(got))
	return nil
}

// apiAnswersWithinReachBound polls each minion's test.ping through the load
// balancer until it returns true, within the bound the minion's own config
// gives a surviving master to reach it (saltcfg.ReachBound), measured from
// the last fault: the load balancer must route around the stopped master
// and the daemons must be reachable through the remaining one.
func apiAnswersWithinReachBound(ctx context.Context, path string) error {
	w := worldFrom(ctx)
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	try := func(ctx context.Context, minion string, budget time.Duration) (bool, string) {
		ctx, cancel := context.WithTimeout(ctx, budget)
		defer cancel()
		got, err := apiPing(ctx, w, c, minion)
		if err != nil {
			return false, err.Error()
		}
		if got[minion] != true {
			return false, fmt.Sprintf("the salt-api returned %v", got)
		}
		return true, "answered true"
	}
	return pollMinions(ctx, pollSpec{name: "salt-api through the load balancer reaches minion",
		expectation: "test.ping through the load balancer to return true for every minion within its reach bound",
		boundOf:     saltcfg.Minion.ReachBound, try: try})
}

// loginTimeout bounds logging in to one particular master through the load
// balancer: after that master was down the balancer avoids it for its
// fail_timeout (5 to 10 s in the topologies).
const loginTimeout = 60 * time.Second

// apiLogin logs in through the load balancer and keeps the session. With a
// master named, it logs in again until that master's salt-api issued the
// session (told by the balancer's upstream header), so the scenario knows
// which process holds it.
func apiLogin(ctx context.Context, master, path string) error {
	w := worldFrom(ctx)
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
	deadline := time.Now().Add(loginTimeout)
	for {
		sess, err := c.Login(ctx, w.API)
		if err != nil {
			return fmt.Errorf("expected a login through the load balancer to succeed; observed: %w", err)
		}
		if want == "" || strings.HasPrefix(sess.Upstream, want+":") {
			if _, err := c.Session(ctx, sess.Token, saltapi.Lowstate{"client": "local", "tgt": "*", "fun": "test.ping", "timeout": apiJobTimeout}); err != nil {
				return fmt.Errorf("expected the new session to be accepted right after login; observed: %w", err)
			}
			w.mu.Lock()
			w.apiToken, w.apiPath = sess.Token, path
			w.mu.Unlock()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("expected the load balancer to send a login to %s (%s) within %s; observed: the last one was served by %q", master, want, loginTimeout, sess.Upstream)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(attemptPause):
		}
	}
}

// serviceIP asks a container for its address, which works the same for
// both Salt flavours.
func serviceIP(ctx context.Context, l Lab, service string) (string, error) {
	out, err := l.Exec(ctx, service, []string{"hostname", "-i"})
	if err != nil {
		return "", fmt.Errorf("ask %s for its address: %w", service, err)
	}
	fields := strings.Fields(out.Stdout)
	if out.ExitCode != 0 || len(fields) == 0 {
		return "", fmt.Errorf("ask %s for its address: hostname -i exited %d: %s", service, out.ExitCode, lastLine(out.Stderr, out.Stdout))
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
	_, err = c.Session(ctx, tok, saltapi.Lowstate{"client": "local", "tgt": "*", "fun": "test.ping", "timeout": apiJobTimeout})
	var se *saltapi.StatusError
	switch {
	case err == nil:
		return errors.New("expected the session from the earlier login to be refused with 401 by the other master's salt-api; observed: it was accepted")
	case errors.As(err, &se) && se.Code == http.StatusUnauthorized:
		w.logf("the session from the earlier login was refused: %v", err)
		return nil
	default:
		return fmt.Errorf("expected the session from the earlier login to be refused with 401; observed: %w", err)
	}
}

// apiLoginWithin polls a login through the load balancer until one succeeds,
// within the given number of seconds from the last fault, and records how
// long the load balancer took to move to a working salt-api.
func apiLoginWithin(ctx context.Context, seconds int, path string) error {
	w := worldFrom(ctx)
	start, desc, err := faultWindow(w, "a login through the load balancer")
	if err != nil {
		return err
	}
	c, err := apiClient(ctx, w, path)
	if err != nil {
		return err
	}
	limit := time.Duration(seconds) * time.Second
	deadline := start.Add(limit)
	attempts, last := 0, "no attempt finished"
	for time.Now().Before(deadline) {
		attempts++
		actx, cancel := context.WithDeadline(ctx, deadline)
		_, err := c.Login(actx, w.API)
		cancel()
		if err == nil {
			took := time.Since(start)
			w.Measurements.Add(report.Measurement{Scenario: w.scenario, Name: "salt-api login through the load balancer", Subject: lbService,
				Observed: took, Bound: limit, BoundExplain: "from the feature", Met: true,
				Detail: fmt.Sprintf("measured from %s; %d attempt(s)", desc, attempts)})
			w.logf("login through the load balancer succeeded after %s (%d attempt(s))", took.Round(time.Millisecond), attempts)
			return nil
		}
		last = err.Error()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(attemptPause):
		}
	}
	w.Measurements.Add(report.Measurement{Scenario: w.scenario, Name: "salt-api login through the load balancer", Subject: lbService,
		Bound: limit, BoundExplain: "from the feature", Detail: fmt.Sprintf("measured from %s; %d attempt(s)", desc, attempts)})
	return fmt.Errorf("expected a login through the load balancer to succeed within %s, measured from %s; observed after %d attempt(s): %s", limit, desc, attempts, last)
}
