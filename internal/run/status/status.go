// Package status inspects a running lab the way an operator would: the
// state of every container, each master's key-pair fingerprint and
// accepted keys, which master each minion daemon is connected to, and
// pluggable checks such as "the API answers through the load balancer".
// Every probe runs inside the containers through Salt's own CLIs and
// standard tools, so it works for real Salt and the Salt double alike. A
// probe that fails is reported on its row; the rest still runs.
package status

import (
	"context"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

// CallTimeout bounds each probe; a stopped or hung master must not stall
// the whole report.
const CallTimeout = 10 * time.Second

// Target is what status needs from a lab; *lab.Lab satisfies it.
type Target interface {
	Services() []string
	ContainerName(service string) string
	State(ctx context.Context, service string) (lab.State, error)
	Exec(ctx context.Context, service string, argv []string) (lab.ExecResult, error)
}

// Check is an extra line of the report, e.g. the API through the load
// balancer. Run must respect ctx.
type Check interface {
	Name() string
	Run(ctx context.Context, t Target) CheckResult
}

// CheckResult is the outcome of a Check. Skipped checks are not passes.
type CheckResult struct {
	Name   string `json:"name"`
	Status string `json:"status"` // "ok", "failed" or "skipped"
	Detail string `json:"detail"`
}

// Check statuses.
const (
	StatusOK      = "ok"
	StatusFailed  = "failed"
	StatusSkipped = "skipped"
)

// Report is the status of one lab.
type Report struct {
	RunID      string         `json:"run_id"`
	Project    string         `json:"project"`
	Topology   string         `json:"topology"`
	Flavor     string         `json:"flavor"`
	Containers []ContainerRow `json:"containers"`
	Masters    []MasterRow    `json:"masters"`
	// KeysAgree is true when at least one master reported a master.pub
	// fingerprint and all that reported one agree (the shared key pair of
	// an HA setup); KeysCompared says how many reported.
	KeysAgree    bool          `json:"keys_agree"`
	KeysCompared int           `json:"keys_compared"`
	Minions      []MinionRow   `json:"minions"`
	Checks       []CheckResult `json:"checks"`
}

// ContainerRow is one service's container.
type ContainerRow struct {
	Service   string            `json:"service"`
	Container string            `json:"container"`
	State     string            `json:"state"`
	Health    string            `json:"health,omitempty"`
	ExitCode  int               `json:"exit_code"`
	IPs       map[string]string `json:"ips,omitempty"`
	Error     string            `json:"error,omitempty"`
}

// MasterRow is one master: whether it answers, and its key material.
type MasterRow struct {
	Service string `json:"service"`
	// Answers is whether the master answered its function probe
	// (compose/lib/master-answers) within AnswerBound: AnswersYes,
	// AnswersNo, or AnswersUnknown when the probe could not run (a
	// stopped or paused container). Docker's health says what the
	// master's own health check thinks; this says what it does.
	Answers       string        `json:"answers"`
	AnswersDetail string        `json:"answers_detail"`
	AnswerBound   time.Duration `json:"answer_bound_ns"`
	Fingerprint   string        `json:"master_pub_fingerprint,omitempty"`
	Accepted      []string      `json:"accepted_keys"`
	Error         string        `json:"error,omitempty"`
}

// MinionRow says which masters a minion daemon holds a publish connection to.
type MinionRow struct {
	Service     string   `json:"service"`
	ConnectedTo []string `json:"connected_to"`
	Error       string   `json:"error,omitempty"`
}

// Answers values.
const (
	AnswersYes     = "yes"
	AnswersNo      = "no"
	AnswersUnknown = "unknown"
)

// Collect builds the report; probes of different services run concurrently.
// Which services are masters and minions comes from the lab's declared
// roles (x-saltlab), never from their names: a user's lab names them its
// own way. A master of masters and syndics are masters too (they hold key
// pairs and accept keys).
func Collect(ctx context.Context, t Target, rl roles.Roles, checks []Check) Report {
	var r Report
	services := t.Services()
	r.Containers = make([]ContainerRow, len(services))
	parallel(len(services), func(i int) { r.Containers[i] = containerRow(ctx, t, services[i]) })

	isMaster, isMinion := map[string]bool{}, map[string]bool{}
	for _, m := range rl.Masters {
		isMaster[m] = true
	}
	for _, m := range rl.Syndics {
		isMaster[m] = true
	}
	if rl.MasterOfMasters != "" {
		isMaster[rl.MasterOfMasters] = true
	}
	for _, m := range rl.Minions {
		isMinion[m] = true
	}
	masterIPs := map[string]string{} // IP -> master service
	var masters, minions []string
	for _, c := range r.Containers {
		switch {
		case isMaster[c.Service]:
			masters = append(masters, c.Service)
			for _, ip := range c.IPs {
				masterIPs[ip] = c.Service
			}
		case isMinion[c.Service]:
			minions = append(minions, c.Service)
		}
	}
	r.Masters = make([]MasterRow, len(masters))
	r.Minions = make([]MinionRow, len(minions))
	r.Checks = make([]CheckResult, len(checks))
	parallel(len(masters)+len(minions)+len(checks), func(i int) {
		switch {
		case i < len(masters):
			r.Masters[i] = masterRow(ctx, t, masters[i])
		case i < len(masters)+len(minions):
			j := i - len(masters)
			r.Minions[j] = minionRow(ctx, t, minions[j], masterIPs)
		default:
			c := checks[i-len(masters)-len(minions)]
			cctx, cancel := context.WithTimeout(ctx, CallTimeout)
			defer cancel()
			res := c.Run(cctx, t)
			res.Name = c.Name()
			r.Checks[i-len(masters)-len(minions)] = res
		}
	})
	// Only the declared masters share a key pair in an HA setup; syndic
	// nodes are masters of their own tier and are listed, not compared.
	var declared []MasterRow
	for _, m := range r.Masters {
		if slices.Contains(rl.Masters, m.Service) {
			declared = append(declared, m)
		}
	}
	r.KeysAgree, r.KeysCompared = keysAgree(declared)
	return r
}

// keysAgree compares the fingerprints of the masters that reported one.
func keysAgree(rows []MasterRow) (agree bool, compared int) {
	fps := map[string]bool{}
	for _, m := range rows {
		if m.Fingerprint != "" {
			fps[m.Fingerprint] = true
			compared++
		}
	}
	return len(fps) == 1, compared
}

func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
}

func sortedValues(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
