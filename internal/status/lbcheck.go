package status

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/saltapi"
)

// LB names the load balancer the topologies put in front of salt-api.
const (
	LBService = "nginx"
	lbPort    = "80/tcp"
	// lbHealthPath answers with the path the API lives under.
	lbHealthPath = "/saltlab-lb-health"
	// lbCheckTimeout bounds the whole check: a local job waits up to its
	// timeout plus Salt's find_job round for silent minions.
	lbCheckTimeout = 30 * time.Second
)

// LoadBalancerAPI checks the salt-api through the lab's load balancer from
// the host, as an operator's tools reach it: the published 127.0.0.1 port,
// GET / and test.ping to every minion with the run's credentials (/run).
type LoadBalancerAPI struct {
	Creds saltapi.Creds
}

// APICheck picks the check for a lab: through the load balancer when the
// lab has one, otherwise a visible skip.
func APICheck(services []string, topology string, creds saltapi.Creds) Check {
	for _, s := range services {
		if s == LBService {
			return LoadBalancerAPI{Creds: creds}
		}
	}
	return NoLoadBalancer{Topology: topology}
}

// Name implements Check.
func (LoadBalancerAPI) Name() string { return "API through load balancer" }

// Run implements Check.
func (c LoadBalancerAPI) Run(ctx context.Context, t Target) CheckResult {
	ctx, cancel := context.WithTimeout(ctx, lbCheckTimeout)
	defer cancel()
	st, err := t.State(ctx, LBService)
	if err != nil {
		return failed("inspect %s: %v", LBService, err)
	}
	addr, ok := st.Ports[lbPort]
	if !ok || !st.Running {
		return failed("%s is %s and publishes no %s", LBService, st.Status, lbPort)
	}
	hc := &http.Client{Timeout: lbCheckTimeout}
	path, err := apiPath(ctx, hc, "http://"+addr+lbHealthPath)
	if err != nil {
		return failed("%s at %s: %v", LBService, addr, err)
	}
	base := "http://" + addr + path
	api := saltapi.Client{Base: base, HTTP: hc}
	if err := api.Welcome(ctx); err != nil {
		return failed("%s: %v", base, err)
	}
	rets, err := api.Run(ctx, c.Creds, saltapi.Lowstate{"client": "local", "tgt": "*", "fun": "test.ping", "timeout": 3})
	if err != nil {
		return failed("%s answers, but test.ping through it failed: %v", base, err)
	}
	return pingResult(base, rets)
}

// pingResult reads a local test.ping return: salt-api reports a minion that
// did not return as false (salt-semantics §5.4).
func pingResult(base string, rets []json.RawMessage) CheckResult {
	if len(rets) == 0 {
		return failed("%s answered test.ping with an empty return list", base)
	}
	var byMinion map[string]any
	if err := json.Unmarshal(rets[0], &byMinion); err != nil {
		return failed("%s answered test.ping with %s: %v", base, rets[0], err)
	}
	var silent []string
	for id, v := range byMinion {
		if v != true {
			silent = append(silent, id)
		}
	}
	sort.Strings(silent)
	answered := len(byMinion) - len(silent)
	if len(byMinion) == 0 || len(silent) > 0 {
		return failed("%s answers; test.ping: %d of %d minion(s) true (not answering: %s)", base, answered, len(byMinion), strings.Join(silent, ", "))
	}
	return CheckResult{Status: StatusOK, Detail: fmt.Sprintf("%s answers; test.ping: %d of %d minion(s) true", base, answered, len(byMinion))}
}

// apiPath reads where the API lives from the load balancer's health probe.
func apiPath(ctx context.Context, hc *http.Client, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 256))
	if err != nil || resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("health probe answered %d %q", resp.StatusCode, b)
	}
	path := strings.TrimSpace(string(b))
	if !strings.HasPrefix(path, "/") {
		return "", fmt.Errorf("health probe answered %q, want the API path", path)
	}
	return path, nil
}

func failed(format string, args ...any) CheckResult {
	return CheckResult{Status: StatusFailed, Detail: fmt.Sprintf(format, args...)}
}
