// Package haclient is a salt-api (rest_cherrypy) client for Salt masters in
// high availability: it knows several salt-api endpoints (a load balancer,
// each master's salt-api, or both), keeps one session per endpoint, and
// keeps a request succeeding while one master is stopped, killed, paused or
// partitioned.
//
// What it does, and why:
//
//   - A salt-api session lives only in the memory of the salt-api process
//     that issued it (CherryPy's default session storage). A load balancer
//     that moves to the other master therefore answers an old token with
//     401. On 401 the client logs in again on the same endpoint and retries
//     the request once.
//   - On a connection error, a 5xx answer or a timeout it moves to the next
//     endpoint, checks it (Health, logging in first when it has no session
//     there) and sends the request there. Rounds over all endpoints repeat,
//     Backoff apart, until RetryBudget or the context ends.
//   - Delivery is at least once. A request whose connection was refused
//     never reached salt-api and is retried silently. A request that timed
//     out or got a 5xx may have run on the master before the failure; the
//     client retries it too, and says so in Result.MaybeRepeated. test.ping
//     and other read-only calls are safe; for calls that change a minion
//     (state.apply, cmd.run appending to a file), check MaybeRepeated, or
//     set Config.NoAmbiguousRetry to get the error instead of a retry.
//
// The package builds on the lab's own salt-api client, so it has one HTTP,
// login and error implementation with the rest of saltlab.
package haclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/salt/saltapi"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Defaults of the Config bounds.
const (
	// DefaultRequestTimeout bounds one attempt: a local job waits its
	// lowstate timeout plus Salt's gather_job_timeout (10 s) for silent
	// minions, so 30 s leaves room for a job with the default 5 s timeout.
	DefaultRequestTimeout = 30 * time.Second
	// DefaultRetryBudget bounds a whole call across endpoints and rounds.
	DefaultRetryBudget = 2 * time.Minute
	// DefaultBackoff is the pause after a round in which every endpoint
	// failed, before the next round.
	DefaultBackoff = 500 * time.Millisecond
)

// Config configures a Client.
type Config struct {
	// Endpoints are salt-api base URLs, tried in this order, e.g.
	// "http://lb.example:8080/" or "https://master-1:8000/".
	Endpoints []string
	// Username and Password (or PasswordFile, whose content is the
	// password, trailing newline ignored) are eauth credentials for Eauth
	// ("pam", "file", "sharedsecret", ...).
	Username     string
	Password     string
	PasswordFile string
	Eauth        string
	// HTTPClient sends the requests (nil: a client without its own timeout;
	// RequestTimeout bounds each attempt).
	HTTPClient *http.Client
	// RequestTimeout bounds one attempt on one endpoint (0: the default).
	RequestTimeout time.Duration
	// RetryBudget bounds a call across all its attempts (0: the default).
	RetryBudget time.Duration
	// Backoff is the pause between rounds over all endpoints (0: the
	// default).
	Backoff time.Duration
	// NoAmbiguousRetry makes a call fail instead of retrying after a
	// failure that may have left the request executed (timeout, 5xx).
	NoAmbiguousRetry bool
}

// Lowstate is one chunk of a salt-api request: client, tgt, fun, arg, ...
type Lowstate = map[string]any

// Attempt is one try of a call on one endpoint.
type Attempt struct {
	Endpoint string
	Err      error // nil: this attempt succeeded
	// MayHaveRun is true when the request reached salt-api and failed in
	// a way that does not tell whether the master ran it.
	MayHaveRun bool
	// CutShort is true when the retry budget or the caller's context
	// ended this attempt: its error says when the client gave up, not
	// what is wrong with the endpoint.
	CutShort bool
}

// Result is the answer of a call.
type Result struct {
	// Return is salt-api's "return" list, one entry per lowstate chunk.
	Return []json.RawMessage
	// Endpoint answered the call.
	Endpoint string
	// Attempts are every try in order, the successful one last.
	Attempts []Attempt
	// MaybeRepeated is true when an earlier attempt may have run the
	// request too: the call was delivered at least once, perhaps twice.
	MaybeRepeated bool
}

// Minions decodes the first return of a "local" call: minion id to result.
// salt-api reports a targeted minion that did not answer as false.
func (r Result) Minions() (map[string]any, error) {
	return saltapi.LocalReturn(r.Return)
}

// Client is safe for concurrent use.
type Client struct {
	cfg   Config
	creds saltapi.Creds
	apis  []saltapi.Client

	mu     sync.Mutex
	cur    int            // the endpoint that answered last
	tokens map[int]string // session per endpoint: valid only there
}

// New checks cfg and returns a client. It does not contact salt-api.
func New(cfg Config) (*Client, error) {
	if len(cfg.Endpoints) == 0 {
		return nil, errors.New("new salt-api client: no endpoints")
	}
	if cfg.Username == "" || cfg.Eauth == "" {
		return nil, errors.New("new salt-api client: Username and Eauth are required")
	}
	if cfg.PasswordFile != "" {
		b, err := userfile.ReadFile(cfg.PasswordFile, userfile.Text)
		if err != nil {
			return nil, fmt.Errorf("read salt-api password file: %w", err)
		}
		cfg.Password = strings.TrimRight(string(b), "\r\n")
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.RetryBudget <= 0 {
		cfg.RetryBudget = DefaultRetryBudget
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	c := &Client{cfg: cfg, creds: saltapi.Creds{Username: cfg.Username, Password: cfg.Password, EAuth: cfg.Eauth},
		tokens: map[int]string{}}
	for _, e := range cfg.Endpoints {
		c.apis = append(c.apis, saltapi.Client{Base: e, HTTP: hc})
	}
	return c, nil
}

// Login logs in on the first endpoint that accepts the credentials,
// starting with the one that answered last.
func (c *Client) Login(ctx context.Context) error {
	_, err := c.each(ctx, func(ctx context.Context, i int) error { return c.login(ctx, i) })
	if err != nil {
		return fmt.Errorf("log in to salt-api: %w", err)
	}
	return nil
}

// Health is an authenticated check of the endpoint that answered last (or
// the first healthy one after it): GET /stats with its session, logging in
// first when there is none or it was refused. /stats needs a valid session
// (unless the master sets stats_disable_auth) and is answered by the
// salt-api process without asking the master; a dead salt-master behind a
// live salt-api shows up as a failed Login or Run, not here.
func (c *Client) Health(ctx context.Context) error {
	_, err := c.each(ctx, c.healthy)
	if err != nil {
		return fmt.Errorf("check salt-api health: %w", err)
	}
	return nil
}

// Local runs fun on the minions tgt matches through the "local" client.
func (c *Client) Local(ctx context.Context, tgt, fun string, args ...any) (Result, error) {
	low := Lowstate{"client": "local", "tgt": tgt, "fun": fun}
	if len(args) > 0 {
		low["arg"] = args
	}
	return c.Run(ctx, low)
}

// Run posts lowstate chunks with the endpoint's session, moving between
// endpoints as the package documentation describes.
func (c *Client) Run(ctx context.Context, chunks ...Lowstate) (Result, error) {
	low := make([]saltapi.Lowstate, len(chunks))
	for i, ch := range chunks {
		low[i] = saltapi.Lowstate(ch)
	}
	var res Result
	rets, err := c.eachAttempts(ctx, &res, func(ctx context.Context, i int) error {
		if err := c.ensureSession(ctx, i); err != nil {
			return err
		}
		rets, err := c.apis[i].Session(ctx, c.token(i), low...)
		if isUnauthorized(err) {
			// The session is unknown to this salt-api process (it
			// restarted, or the balancer moved): log in again, once.
			// salt-api checks the session before it runs anything, so
			// the 401 attempt did not run.
			if lerr := c.login(ctx, i); lerr != nil {
				return lerr
			}
			rets, err = c.apis[i].Session(ctx, c.token(i), low...)
		}
		res.Return = rets
		if err != nil {
			return &sentError{err}
		}
		return nil
	})
	if err != nil {
		return res, fmt.Errorf("run lowstate on salt-api: %w", err)
	}
	res.Return = rets
	return res, nil
}

func (c *Client) token(i int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tokens[i]
}

func (c *Client) login(ctx context.Context, i int) error {
	s, err := c.apis[i].Login(ctx, c.creds)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		delete(c.tokens, i)
		return err
	}
	c.tokens[i] = s.Token
	return nil
}

// ensureSession logs in on endpoint i when the client has no session there.
func (c *Client) ensureSession(ctx context.Context, i int) error {
	if c.token(i) != "" {
		return nil
	}
	return c.login(ctx, i)
}

// healthy checks endpoint i with its session, logging in when needed.
func (c *Client) healthy(ctx context.Context, i int) error {
	if err := c.ensureSession(ctx, i); err != nil {
		return err
	}
	err := c.apis[i].Stats(ctx, c.token(i))
	if !isUnauthorized(err) {
		return err
	}
	if err := c.login(ctx, i); err != nil {
		return err
	}
	return c.apis[i].Stats(ctx, c.token(i))
}

func (c *Client) each(ctx context.Context, try func(context.Context, int) error) (Result, error) {
	var res Result
	_, err := c.eachAttempts(ctx, &res, try)
	return res, err
}

// eachAttempts runs try on endpoints, starting with the one that answered
// last, until one succeeds, a failure is final, or the budget or ctx ends.
// On moving to another endpoint it first checks that endpoint's health.
func (c *Client) eachAttempts(ctx context.Context, res *Result, try func(context.Context, int) error) ([]json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.RetryBudget)
	defer cancel()
	c.mu.Lock()
	start := c.cur
	c.mu.Unlock()
	n := len(c.apis)
	for round := 0; ; round++ {
		for k := 0; k < n; k++ {
			i := (start + k) % n
			err := c.attempt(ctx, i, round > 0 || k > 0, try)
			a := Attempt{Endpoint: c.cfg.Endpoints[i], Err: err, MayHaveRun: sentAndAmbiguous(err),
				CutShort: err != nil && ctx.Err() != nil}
			res.Attempts = append(res.Attempts, a)
			if err == nil {
				for _, p := range res.Attempts {
					res.MaybeRepeated = res.MaybeRepeated || p.MayHaveRun
				}
				res.Endpoint = a.Endpoint
				c.mu.Lock()
				c.cur = i
				c.mu.Unlock()
				return res.Return, nil
			}
			switch {
			case ctx.Err() != nil:
				return nil, &AllFailedError{Attempts: res.Attempts, Cause: ctx.Err()}
			case final(err):
				return nil, &AllFailedError{Attempts: res.Attempts, Cause: err}
			case a.MayHaveRun && c.cfg.NoAmbiguousRetry:
				return nil, &AllFailedError{Attempts: res.Attempts, Cause: errors.New("the request may have run; NoAmbiguousRetry forbids a retry")}
			}
		}
		t := time.NewTimer(c.cfg.Backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, &AllFailedError{Attempts: res.Attempts, Cause: ctx.Err()}
		case <-t.C:
		}
	}
}

// attempt runs try on endpoint i within RequestTimeout; moved says the
// client comes from another endpoint (or an earlier round), so endpoint i
// is checked first.
func (c *Client) attempt(ctx context.Context, i int, moved bool, try func(context.Context, int) error) error {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.RequestTimeout)
	defer cancel()
	if moved {
		if err := c.healthy(ctx, i); err != nil {
			return err
		}
	}
	return try(ctx, i)
}

// AllFailedError is a call that no endpoint served; it names each
// endpoint's last failure.
type AllFailedError struct {
	Attempts []Attempt
	Cause    error // why the client stopped trying
}

// Error names each endpoint's last failure that the endpoint caused: an
// attempt the budget cut short only repeats the Cause, so it stands in
// for an endpoint only when that endpoint has no other failure.
func (e *AllFailedError) Error() string {
	last := map[string]string{}
	cut := map[string]bool{}
	var order []string
	for _, a := range e.Attempts {
		_, seen := last[a.Endpoint]
		if !seen {
			order = append(order, a.Endpoint)
		}
		if seen && a.CutShort && !cut[a.Endpoint] {
			continue
		}
		last[a.Endpoint] = fmt.Sprint(a.Err)
		cut[a.Endpoint] = a.CutShort
	}
	parts := make([]string, 0, len(order))
	for _, ep := range order {
		parts = append(parts, ep+": "+last[ep])
	}
	return fmt.Sprintf("every endpoint failed (%s) after %d attempt(s): %s", e.Cause, len(e.Attempts), strings.Join(parts, "; "))
}

func (e *AllFailedError) Unwrap() error { return e.Cause }

func isUnauthorized(err error) bool {
	var se *saltapi.StatusError
	return errors.As(err, &se) && se.Code == http.StatusUnauthorized
}

// final is a failure another endpoint or round cannot cure: a 4xx answer
// (bad request, refused credentials after a fresh login, not permitted).
func final(err error) bool {
	var se *saltapi.StatusError
	return errors.As(err, &se) && se.Code >= 400 && se.Code < 500
}
