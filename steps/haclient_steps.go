package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/saltlab/saltlab/haclient"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/scenario"
)

// The HA client's stream: test.ping to '*' through haclient, one request
// after another, each recorded, from its start step until the step that
// judges it (or the scenario's end).
const (
	haPingOp  = "api ha test.ping"
	haSubject = "ha-client"
	// haStreamInterval paces the stream: a rate, not a wait for a state.
	haStreamInterval = 500 * time.Millisecond
	// haAttemptSlack covers HTTP, login and the double's scheduling on a
	// loaded 2-core host.
	haAttemptSlack = 5 * time.Second
	// haStopMargin is added to a request's budget when waiting for it to
	// end: the recording's own time.
	haStopMargin = 5 * time.Second
	// haConfigTimeout bounds one salt-run config.get on a master.
	haConfigTimeout = 30 * time.Second
)

// haTimings bound the HA client's requests; they come from the masters'
// gather_job_timeout (haTimingsFor).
type haTimings struct {
	// attempt bounds one attempt: the job's lowstate timeout
	// (apiJobTimeout) plus gather_job_timeout (the find_job round for
	// silent minions) plus haAttemptSlack. A paused master answers
	// nothing, so this is what it costs before the client moves on; the
	// surviving master needs as long when minions are silent (failover
	// minions stay on a paused master).
	attempt time.Duration
	// budget bounds one request of the stream: one attempt on each of two
	// endpoints plus a health check and a login.
	budget time.Duration
	// stop bounds waiting for the request in flight when the stream is
	// stopped.
	stop time.Duration
}

func haTimingsFor(gather time.Duration) haTimings {
	attempt := apiJobTimeout*time.Second + gather + haAttemptSlack
	budget := 2*attempt + haAttemptSlack
	return haTimings{attempt: attempt, budget: budget, stop: budget + haStopMargin}
}

// haStream is a running stream.
type haStream struct {
	from   int64
	limits haTimings
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	lastSent time.Time // when the last completed request was sent
}

func (st *haStream) completed(sent time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.lastSent = sent
}

// coveredSince says whether a request sent after t has completed.
func (st *haStream) coveredSince(t time.Time) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.lastSent.After(t)
}

// startHAStream starts the stream through the HA client. "the load
// balancer" gives it the balancer alone; "every master's salt-api" each
// master's salt-api by container address, so the client itself moves.
func startHAStream(ctx context.Context, via string) error {
	w := worldFrom(ctx)
	eps, err := haEndpoints(ctx, w, via)
	if err != nil {
		return err
	}
	gather, err := longestGather(ctx, w)
	if err != nil {
		return err
	}
	limits := haTimingsFor(gather)
	w.Logf("HA client: %s per attempt, %s per request (gather_job_timeout %s)", limits.attempt, limits.budget, gather)
	c, err := haclient.New(haclient.Config{Endpoints: eps, Username: w.API.Username, Password: w.API.Password,
		Eauth: w.API.EAuth, HTTPClient: &http.Client{}, RequestTimeout: limits.attempt, RetryBudget: limits.budget})
	if err != nil {
		return err
	}
	if err := c.Login(ctx); err != nil {
		return err
	}
	// Stopping the stream ends it between requests: the request in flight
	// finishes (bounded by the client's RetryBudget), so stopping never
	// records a failure of its own making.
	rctx := context.WithoutCancel(ctx)
	sctx, cancel := context.WithCancel(rctx)
	st := &haStream{from: w.History.Next(), limits: limits, cancel: cancel, done: make(chan struct{})}
	w.mu.Lock()
	w.haStream = st
	w.mu.Unlock()
	go func() {
		defer close(st.done)
		t := time.NewTicker(haStreamInterval)
		defer t.Stop()
		for sctx.Err() == nil {
			sent := time.Now()
			w.APIOp(rctx, haPingOp, haSubject, func(ctx context.Context) (any, error) {
				// The request succeeds when salt-api answers; which
				// minions answered true depends on where they are
				// connected (a failover minion still on the stopped
				// master is false for a while) and is recorded, not judged.
				res, err := c.Run(ctx, haclient.Lowstate{"client": "local", "tgt": "*", "fun": "test.ping", "timeout": apiJobTimeout})
				if err != nil {
					return nil, err
				}
				got, err := res.Minions()
				if err != nil {
					return nil, err
				}
				return map[string]any{"endpoint": res.Endpoint, "attempts": len(res.Attempts), "maybe_repeated": res.MaybeRepeated, "minions": got}, nil
			})
			st.completed(sent)
			select {
			case <-sctx.Done():
			case <-t.C:
			}
		}
	}()
	return nil
}

func haEndpoints(ctx context.Context, w *world, via string) ([]string, error) {
	switch via {
	case "the load balancer":
		c, err := apiClient(ctx, w, "")
		if err != nil {
			return nil, err
		}
		return []string{c.Base}, nil
	case "every master's salt-api":
		var eps []string
		for _, m := range scenario.Masters(w.Lab) {
			ip, err := serviceIP(ctx, w.Lab, m)
			if err != nil {
				return nil, err
			}
			port, err := apiPort(ctx, w, m)
			if err != nil {
				return nil, err
			}
			eps = append(eps, fmt.Sprintf("http://%s/", net.JoinHostPort(ip, strconv.Itoa(port))))
		}
		return eps, nil
	}
	return nil, fmt.Errorf("start the HA client stream: %q is neither \"the load balancer\" nor \"every master's salt-api\"", via)
}

// stopHAStream ends w's stream and waits for its request in flight.
func stopHAStream(w *world) (*haStream, error) {
	w.mu.Lock()
	st := w.haStream
	w.haStream = nil
	w.mu.Unlock()
	if st == nil {
		return nil, errors.New("no HA client stream: start one earlier in the scenario")
	}
	st.cancel()
	select {
	case <-st.done:
		return st, nil
	case <-time.After(st.limits.stop):
		return st, fmt.Errorf("stop the HA client stream: its request did not end within %s", st.limits.stop)
	}
}

// everyHARequestSucceeded stops the stream and judges it: every request
// through the HA client succeeded, including those during the fault.
func everyHARequestSucceeded(ctx context.Context) error {
	w := worldFrom(ctx)
	// The stream must have sent a request after the fault took effect and
	// seen it answered, or it proves nothing about the fault: wait for one,
	// within one request's budget.
	ref, err := w.Reference("expected the HA client's stream to run through a fault")
	if err != nil {
		return err
	}
	w.mu.Lock()
	st := w.haStream
	w.mu.Unlock()
	if st != nil {
		if _, err := poll.Run(ctx, poll.Within(st.limits.stop), func(context.Context, time.Duration) bool {
			return st.coveredSince(ref.Time)
		}); err != nil {
			return err
		}
	}
	st, err = stopHAStream(w)
	if st == nil {
		return err
	}
	if err != nil {
		w.Warnf("%v", err)
	}
	return w.Judge(checker.NameEveryRequest, checker.EveryRequestParams{From: st.from, To: w.History.Next(), F: haPingOp, Target: haSubject}, "", false)
}

// stopLeftoverHAStream is for the After hook: a scenario that failed before
// its judging step must not leave its stream running.
func stopLeftoverHAStream(w *world) {
	w.mu.Lock()
	running := w.haStream != nil
	w.mu.Unlock()
	if running {
		if _, err := stopHAStream(w); err != nil {
			w.Warnf("%v", err)
		}
	}
}

// longestGather is the longest gather_job_timeout among the masters, read
// with salt-run config.get (recorded): any master may end up answering.
func longestGather(ctx context.Context, w *world) (time.Duration, error) {
	var longest time.Duration
	for _, m := range scenario.Masters(w.Lab) {
		raw, o := w.MasterOption(ctx, m, "gather_job_timeout", haConfigTimeout)
		if !o.OK() {
			return 0, fmt.Errorf("read gather_job_timeout on %s: %s", m, o.Err)
		}
		secs, err := optionNumber(raw)
		if err != nil || secs <= 0 {
			return 0, fmt.Errorf("read gather_job_timeout on %s: expected a positive number of seconds; observed %s", m, raw)
		}
		longest = max(longest, time.Duration(secs*float64(time.Second)))
	}
	return longest, nil
}

// apiPort is the port of master's salt-api: rest_cherrypy:port in its
// configuration (salt-run config.get, recorded).
func apiPort(ctx context.Context, w *world, master string) (int, error) {
	raw, o := w.MasterOption(ctx, master, "rest_cherrypy:port", haConfigTimeout)
	if !o.OK() {
		return 0, fmt.Errorf("read rest_cherrypy:port on %s: %s", master, o.Err)
	}
	p, err := optionNumber(raw)
	if err != nil || p < 1 || p > 65535 || p != float64(int(p)) {
		return 0, fmt.Errorf("read rest_cherrypy:port on %s: expected a port; observed %s (is salt-api configured on that master?)", master, raw)
	}
	return int(p), nil
}

// optionNumber reads a config.get value that is a number or a string
// holding one (YAML lets either through).
func optionNumber(raw json.RawMessage) (float64, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return 0, fmt.Errorf("decode option: %w", err)
	}
	switch n := v.(type) {
	case float64:
		return n, nil
	case string:
		f, err := strconv.ParseFloat(n, 64)
		if err != nil {
			return 0, fmt.Errorf("decode option %q: %w", n, err)
		}
		return f, nil
	}
	return 0, fmt.Errorf("decode option: %s is not a number", raw)
}
