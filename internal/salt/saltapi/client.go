// Package saltapi is a small client of Salt's rest_cherrypy salt-api. The
// steps and `saltlab status` use it to reach the API through the lab's load
// balancer the way an operator's tools do: real HTTP to the published
// 127.0.0.1 port, JSON lowstate, session tokens or per-request eauth.
package saltapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/saltlab/saltlab/internal/textclip"
)

// maxAnswerQuote is how many runes of an answer's body an error quotes:
// an HTML error page is long, and its first line names the problem.
const maxAnswerQuote = 200

// Creds are eauth credentials (salt-semantics §5.2).
type Creds struct {
	Username string
	Password string
	EAuth    string
}

// Lowstate is one chunk of a salt-api request: client, tgt, fun, arg, ...
type Lowstate map[string]any

// Client talks to one salt-api base URL, e.g. "http://127.0.0.1:49153/".
type Client struct {
	Base string
	HTTP *http.Client
}

// StatusError is a non-2xx answer. salt-api reports auth failures as 401
// and a stopped master as 503 (salt-semantics §5.4), so callers branch on
// Code.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("salt-api answered %d %s: %s", e.Code, http.StatusText(e.Code), firstLine(e.Body))
}

// Welcome checks GET / answers 200 with "Welcome", which needs no login.
func (c Client) Welcome(ctx context.Context) error {
	var out struct {
		Return string `json:"return"`
	}
	if _, err := c.do(ctx, http.MethodGet, "", nil, "", &out); err != nil {
		return fmt.Errorf("get salt-api root: %w", err)
	}
	if out.Return != "Welcome" {
		return fmt.Errorf("get salt-api root: return is %q, want \"Welcome\"", out.Return)
	}
	return nil
}

// Stats is GET /stats with a session token: salt-api's cheapest endpoint
// that still demands a valid session (rest_cherrypy's Stats handler has
// tools.salt_auth on unless stats_disable_auth; salt-semantics §5.4). It
// answers from the salt-api process alone, without a round trip to the
// master, so it proves the process is up and knows the session, nothing
// more.
func (c Client) Stats(ctx context.Context, token string) error {
	var out map[string]any
	if _, err := c.do(ctx, http.MethodGet, "stats", nil, token, &out); err != nil {
		return fmt.Errorf("get salt-api /stats: %w", err)
	}
	return nil
}

// UpstreamHeader is set by the lab's load balancer to the backend address
// that served a request, so a scenario can tell which master issued a
// session.
const UpstreamHeader = "X-Saltlab-Upstream"

// Session is the result of a login.
type Session struct {
	// Token is a CherryPy session id, valid only in the salt-api process
	// that issued it (salt-semantics §5.3).
	Token string
	// Upstream is the UpstreamHeader of the answer ("" without one).
	Upstream string
}

// Login posts credentials to /login and returns the session.
func (c Client) Login(ctx context.Context, cr Creds) (Session, error) {
	body := map[string]string{"username": cr.Username, "password": cr.Password, "eauth": cr.EAuth}
	var out struct {
		Return []struct {
			Token string `json:"token"`
		} `json:"return"`
	}
	h, err := c.do(ctx, http.MethodPost, "login", body, "", &out)
	if err != nil {
		return Session{}, fmt.Errorf("log in to salt-api: %w", err)
	}
	if len(out.Return) == 0 || out.Return[0].Token == "" {
		return Session{}, fmt.Errorf("log in to salt-api: no token in the answer")
	}
	return Session{Token: out.Return[0].Token, Upstream: h.Get(UpstreamHeader)}, nil
}

// Run posts lowstate chunks to /run with the credentials in every chunk, so
// no session is needed and any backend behind a load balancer can answer.
// It returns the "return" list, one entry per chunk.
func (c Client) Run(ctx context.Context, cr Creds, chunks ...Lowstate) ([]json.RawMessage, error) {
	low := make([]Lowstate, 0, len(chunks))
	for _, ch := range chunks {
		withCreds := Lowstate{"username": cr.Username, "password": cr.Password, "eauth": cr.EAuth}
		for k, v := range ch {
			withCreds[k] = v
		}
		low = append(low, withCreds)
	}
	return c.returns(ctx, "run", low, "")
}

// Session posts lowstate chunks to / with a session token from Login.
func (c Client) Session(ctx context.Context, token string, chunks ...Lowstate) ([]json.RawMessage, error) {
	return c.returns(ctx, "", chunks, token)
}

func (c Client) returns(ctx context.Context, path string, low []Lowstate, token string) ([]json.RawMessage, error) {
	var out struct {
		Return []json.RawMessage `json:"return"`
	}
	if _, err := c.do(ctx, http.MethodPost, path, low, token, &out); err != nil {
		return nil, fmt.Errorf("post lowstate to salt-api /%s: %w", path, err)
	}
	return out.Return, nil
}

func (c Client) do(ctx context.Context, method, path string, body any, token string, out any) (http.Header, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(c.Base, "/")+"/"+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, fmt.Errorf("read answer: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.Header, &StatusError{Code: resp.StatusCode, Body: string(b)}
	}
	if err := json.Unmarshal(b, out); err != nil {
		return resp.Header, fmt.Errorf("decode answer %q: %w", firstLine(string(b)), err)
	}
	return resp.Header, nil
}

// firstLine quotes an answer's body in an error: its first line, marked
// when more lines followed, clipped.
func firstLine(s string) string {
	line, more := textclip.FirstLine(s)
	if more {
		line += " " + textclip.Marker
	}
	return textclip.Clip(line, maxAnswerQuote)
}

// LocalReturn decodes the first return of a local client call (`/run` or
// `/` with client "local"): each targeted minion's answer by id. salt-api
// reports a minion that did not return as false (salt-semantics §5.4).
func LocalReturn(rets []json.RawMessage) (map[string]any, error) {
	if len(rets) == 0 {
		return nil, errors.New("decode local return: the salt-api answered an empty return list")
	}
	var byMinion map[string]any
	if err := json.Unmarshal(rets[0], &byMinion); err != nil {
		return nil, fmt.Errorf("decode local return %s: %w", rets[0], err)
	}
	return byMinion, nil
}
