package status

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

const (
	// lbCheckTimeout bounds the whole check: a local job waits up to its
	// timeout plus Salt's find_job round for silent minions.
	lbCheckTimeout = 30 * time.Second
)

// LoadBalancerAPI checks the salt-api through the lab's load balancer from
// the host, as an operator's tools reach it: the published 127.0.0.1 port,
// GET <base path> and test.ping to every minion with the run's credentials
// (/run). API is the balancer as the lab's x-saltlab roles declare it.
type LoadBalancerAPI struct {
	Creds saltapi.Creds
	API   roles.API
}

// APICheck picks the check for a lab: through the load balancer its roles
// declare, otherwise a visible skip.
func APICheck(r roles.Roles, topology string, creds saltapi.Creds) Check {
	if r.API == nil {
		return NoLoadBalancer{Topology: topology}
	}
	return LoadBalancerAPI{Creds: creds, API: *r.API}
}

// Name implements Check.
func (LoadBalancerAPI) Name() string { return "API through load balancer" }

// Run implements Check.
func (c LoadBalancerAPI) Run(ctx context.Context, t Target) CheckResult {
	ctx, cancel := context.WithTimeout(ctx, lbCheckTimeout)
	defer cancel()
	lb, port := c.API.Service, c.API.PortSpec()
	st, err := t.State(ctx, lb)
	if err != nil {
		return failed("inspect %s: %v", lb, err)
	}
	addr, ok := st.Ports[port]
	if !ok || !st.Running {
		return failed("%s is %s and publishes no %s", lb, st.Status, port)
	}
	hc := &http.Client{Timeout: lbCheckTimeout}
	path := c.API.BasePath
	if path == "" {
		path = "/"
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
	byMinion, err := saltapi.LocalReturn(rets)
	if err != nil {
		return failed("%s answered test.ping: %v", base, err)
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

func failed(format string, args ...any) CheckResult {
	return CheckResult{Status: StatusFailed, Detail: fmt.Sprintf(format, args...)}
}
