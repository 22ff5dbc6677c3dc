package checker

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// Checker names, as verdicts.json records them.
const (
	NameAvailability = "availability"
	NameRefusal      = "refusal"
	NameFailover     = "failover-time"
	NameStartEvent   = "start-event"
	NameRecovery     = "api-recovery"
	NameExactlyOnce  = "exactly-once"
	NameDelivery     = "returns-delivered"
	NameNoSignIn     = "no-sign-in"
	NameUnchanged    = "unchanged"
	NameEveryRequest = "every-request-succeeded"
	NameMasterKeys   = "master-keys"
	NameKeyAction    = "key-action"
	NameKeyState     = "key-state"
	NameParity       = "config-parity"
	NameEventReached = "event-reached"
	NameRejectedKey  = "rejected-key"
	NameHonestHealth = "honest-health"
	NameConverged    = "highstate-converged"
	NameSameState    = "highstate-same"
	NamePillarSame   = "pillar-same"
)

// Check is one request to judge: which checker, for which scenario and
// step, with which parameters (bounds included, so a saved check needs
// nothing but the history to be judged again).
type Check struct {
	Name     string          `json:"check"`
	Scenario string          `json:"scenario,omitempty"`
	Step     string          `json:"step,omitempty"`
	Params   json.RawMessage `json:"params"`
	// Upto is how many entries the history held when the check was made
	// (0: all): the check judges exactly that prefix, so entries recorded
	// later (the next step's) cannot change a saved verdict.
	Upto int64 `json:"upto,omitempty"`
	// Lab is the lab whose entries the check judges, in a run with
	// several (saltlab run --parallel): each lab has its own masters and
	// minions under the same names. Empty: the whole history.
	Lab string `json:"lab,omitempty"`
}

// New builds a Check with params encoded.
func New(name, scenario, step string, params any) (Check, error) {
	b, err := json.Marshal(params)
	if err != nil {
		return Check{}, fmt.Errorf("encode %s params: %w", name, err)
	}
	return Check{Name: name, Scenario: scenario, Step: step, Params: b}, nil
}

// Names lists every checker Run knows.
func Names() []string {
	out := []string{NameAvailability, NameRefusal, NameFailover, NameStartEvent, NameRecovery,
		NameExactlyOnce, NameDelivery, NameNoSignIn, NameUnchanged, NameMasterKeys, NameKeyAction, NameKeyState, NameParity,
		NameEventReached, NameEveryRequest, NameRejectedKey, NameHonestHealth, NameConverged, NameSameState, NamePillarSame, NameAvoidance, NameFleet}
	sort.Strings(out)
	return out
}

// Run judges h with the check's checker. Like Jepsen's check-safe, a
// checker that panics or a check it cannot read is Unknown, not a crash.
func Run(c Check, h []history.Entry) (r Result) {
	defer func() {
		if p := recover(); p != nil {
			r = Result{Verdict: Unknown, Expected: c.Name, Observed: fmt.Sprintf("the checker crashed: %v", p)}
		}
	}()
	h = history.OfLab(h, c.Lab)
	if c.Upto > 0 {
		h = prefix(h, c.Upto)
	}
	return Explain(c, cited(dispatch(c, h)), h)
}

// cited demotes a valid result that names no history entry to unknown: a
// verdict nobody can check against the history is not evidence of
// anything, however plausible its checker's reasoning (issue 23).
func cited(r Result) Result {
	if r.Verdict != Valid || len(r.Evidence) > 0 {
		return r
	}
	r.Verdict = Unknown
	r.Observed = "valid without cited evidence: " + r.Observed
	return r
}

// servesMinions says whether a checker judges minions being served by a
// master, the checks a master key the minions refuse can make fail (and
// so the ones masterKeyPairs explains; a parity drift has other causes).
func servesMinions(name string) bool {
	switch name {
	case NameAvailability, NameFailover, NameStartEvent, NameDelivery, NameRecovery, NameFleet:
		return true
	}
	return false
}

// dispatch runs the check's checker.
func dispatch(c Check, h []history.Entry) Result {
	switch c.Name {
	case NameAvailability:
		return run(c, h, Availability)
	case NameRefusal:
		return run(c, h, Refusal)
	case NameFailover:
		return run(c, h, FailoverTime)
	case NameStartEvent:
		return run(c, h, StartEvent)
	case NameRecovery:
		return run(c, h, Recovery)
	case NameExactlyOnce:
		return run(c, h, ExactlyOnce)
	case NameDelivery:
		return run(c, h, Delivery)
	case NameNoSignIn:
		return run(c, h, NoSignIn)
	case NameUnchanged:
		return run(c, h, Unchanged)
	case NameEveryRequest:
		return run(c, h, EveryRequest)
	case NameMasterKeys:
		return run(c, h, MasterKeys)
	case NameKeyAction:
		return run(c, h, KeyAction)
	case NameKeyState:
		return run(c, h, KeyState)
	case NameParity:
		return run(c, h, Parity)
	case NameEventReached:
		return run(c, h, EventReached)
	case NameRejectedKey:
		return run(c, h, RejectedKey)
	case NameHonestHealth:
		return run(c, h, HonestHealth)
	case NameConverged:
		return run(c, h, Converged)
	case NameSameState:
		return run(c, h, SameHighstate)
	case NamePillarSame:
		return run(c, h, PillarSame)
	case NameAvoidance:
		return run(c, h, Avoidance)
	case NameFleet:
		return run(c, h, FleetServed)
	}
	return Result{Verdict: Unknown, Expected: c.Name, Observed: fmt.Sprintf("no checker named %q (known: %v)", c.Name, Names())}
}

func run[P any](c Check, h []history.Entry, fn func([]history.Entry, P) Result) Result {
	var p P
	if err := json.Unmarshal(c.Params, &p); err != nil {
		return Result{Verdict: Unknown, Expected: c.Name, Observed: fmt.Sprintf("read %s params: %v", c.Name, err)}
	}
	return fn(h, p)
}

// prefix keeps the entries with an index below n.
func prefix(h []history.Entry, n int64) []history.Entry {
	out := make([]history.Entry, 0, min(int64(len(h)), n))
	for _, e := range h {
		if e.Index < n {
			out = append(out, e)
		}
	}
	return out
}
