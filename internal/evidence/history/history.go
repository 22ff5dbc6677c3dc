// Package history is a run's recorded evidence, in Jepsen's vocabulary:
// every operation a step performs is an invocation and a completion (ok,
// fail, or info when the outcome is indeterminate), every master's Salt
// event is an event, and every fault is a window. Steps append to it
// while they act; checkers (which import only this package) judge it
// later, so a run can be judged again offline from
// reports/<run id>/history.jsonl.
package history

import (
	"encoding/json"
	"time"
)

// FileName is the history of a run, in its report folder.
const FileName = "history.jsonl"

// Type is what an entry records.
type Type string

const (
	Invoke Type = "invoke" // an operation starts
	OK     Type = "ok"     // it completed and did what it asked
	Fail   Type = "fail"   // it completed and certainly did not
	Info   Type = "info"   // it ended without a known outcome (timeout, lost connection)
	Event  Type = "event"  // a Salt event one master published
	Fault  Type = "fault"  // a fault window opened (Start) or closed (End)
	// Watch says when a master's event stream was being recorded (Start:
	// the subscription was proven by a probe event it delivered; End: the
	// stream was lost), so a checker can tell "no event" from "not seen".
	Watch Type = "watch"
	// Health is what Docker called a node (Node) from then on (Health:
	// healthy, unhealthy, starting, paused, exited, not-recorded), from the engine's
	// own health_status and lifecycle events, so a checker can hold
	// Docker's verdict against what the node did.
	Health Type = "health"
	// Clock is a swarm node's clock against the clock of the host that
	// records (Host: the node; Value: ClockValue), measured once per node
	// at bring-up, so entries whose times came from different nodes can
	// be set against each other within a known error.
	Clock Type = "clock"
)

// Phases of fault and watch entries.
const (
	Start = "start"
	End   = "end"
)

// Entry is one line of history.jsonl. Index is dense and increasing;
// a completion's Pair is its invocation's Index.
type Entry struct {
	Index    int64     `json:"index"`
	Type     Type      `json:"type"`
	Time     time.Time `json:"time"`
	Scenario string    `json:"scenario,omitempty"`
	// Lab is the lab that recorded the entry, in a run with several
	// (saltlab run --parallel); empty in a run with one.
	Lab string `json:"lab,omitempty"`
	// Host is, on a lab deployed on a swarm, the node (its hostname) that
	// ran the container the entry is about (Node, else the fault's first
	// target, else the event's Master), from the lab's placement
	// (Recorder.SetPlacement); empty on compose, where every container
	// runs on one engine.
	Host string `json:"host,omitempty"`

	// Operations (invoke, ok, fail, info).
	Pair    int64           `json:"pair,omitempty"`    // completion: the invocation's index
	Process string          `json:"process,omitempty"` // who acted: a minion, "host" for API clients
	F       string          `json:"f,omitempty"`       // what: "salt-call test.ping", "api /run test.ping"
	Node    string          `json:"node,omitempty"`    // where it ran (service)
	Via     string          `json:"via,omitempty"`     // the master or balancer it went through, as evidence showed
	Value   json.RawMessage `json:"value,omitempty"`   // what was observed (Salt's return, HTTP status)
	Error   string          `json:"error,omitempty"`
	// Reused marks an operation that ran no command of its own: its
	// value is taken from what the operation invoked at this index
	// observed (a master's options, read once: MasterOptsOp), and that
	// operation's completion time is when it was observed.
	Reused int64 `json:"reused,omitempty"`

	// Events (and watches).
	Master string          `json:"master,omitempty"` // the master whose bus published it
	Tag    string          `json:"tag,omitempty"`    // Salt's event tag, e.g. salt/job/<jid>/ret/<minion>
	Data   json.RawMessage `json:"data,omitempty"`   // Salt's event data

	// Faults (and operation targets).
	FaultID string    `json:"fault_id,omitempty"` // the ledger's id
	Kind    FaultKind `json:"kind,omitempty"`     // stop, pause, partition, ...
	// Target is the fault's target, or the minion an operation asked about.
	Target string `json:"target,omitempty"`
	Phase  string `json:"phase,omitempty"` // Start or End (faults, watches)
	// Program is the program a process fault signalled (proc-stop,
	// proc-kill), e.g. salt-master: freezing it silences the master's bus,
	// freezing salt-api does not.
	Program string `json:"program,omitempty"`

	// Health entries: Docker's status of Node (see Health). The first
	// entry of each node also carries its health check as created
	// (Value: HealthCheck), so a verdict can name the check that did or
	// did not notice.
	Health string `json:"health,omitempty"`
}

// Docker's health statuses (and lifecycle states that end one), as
// Health entries record them.
const (
	Healthy   = "healthy"
	Unhealthy = "unhealthy"
	Starting  = "starting"
	Paused    = "paused"
	Exited    = "exited"
	// NotRecorded: Docker's status is no longer recorded (the engine's
	// event stream ended), so no checker may take the last one as holding.
	NotRecorded = "not-recorded"
)

// HealthCheck is a node's Docker health check as the engine holds it
// (the Value of the first Health entry of a node).
type HealthCheck struct {
	Test        []string      `json:"test"`
	Interval    time.Duration `json:"interval_ns,omitempty"`
	Timeout     time.Duration `json:"timeout_ns,omitempty"`
	StartPeriod time.Duration `json:"start_period_ns,omitempty"`
	Retries     int           `json:"retries,omitempty"`
}

// IsCompletion says whether e completes an operation.
func (e Entry) IsCompletion() bool { return e.Type == OK || e.Type == Fail || e.Type == Info }
