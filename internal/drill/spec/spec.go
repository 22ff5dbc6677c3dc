// Package spec is the drill file: what a training drill of the sandbox
// says (the lab it needs, the incident, the tasks and how each is judged,
// hints, forbidden actions, the solution and a plausible wrong fix), read
// strictly (unknown keys refused, errors naming the file, line and field)
// and checked before any Docker work. It is pure: no Docker, no lab.
package spec

import "time"

// SchemaV1 is the only drill file version this saltlab reads.
const SchemaV1 = "saltlab.drill/v1"

// FileName is a drill's file in its folder, drills/<name>/.
const FileName = "drill.yaml"

// Drill is one drill file, drills/<name>/drill.yaml.
type Drill struct {
	Schema    string   `yaml:"schema" json:"schema"`
	Title     string   `yaml:"title" json:"title"`
	Level     string   `yaml:"level" json:"level"` // easy, medium or hard
	Estimate  Duration `yaml:"estimate" json:"estimate"`
	TimeLimit Duration `yaml:"time_limit" json:"time_limit"`
	Topology  string   `yaml:"topology" json:"topology"`
	Salt      SaltReq  `yaml:"salt" json:"salt"`
	// Set are --set knobs the lab is brought up with (the incident's
	// configuration), such as master.auto_accept=False.
	Set      []string `yaml:"set,omitempty" json:"set,omitempty"`
	Brief    string   `yaml:"brief" json:"brief"`     // a file of the drill folder: symptoms, never the cause
	Debrief  string   `yaml:"debrief" json:"debrief"` // a file of the drill folder: cause, fix, references
	Incident []Action `yaml:"incident" json:"incident"`
	Tasks    []Task   `yaml:"tasks" json:"tasks"`
	Hints    []Hint   `yaml:"hints" json:"hints"`
	Forbid   []Forbid `yaml:"forbid,omitempty" json:"forbid,omitempty"`
	Solution []Step   `yaml:"solution" json:"solution"`
	WrongFix []Step   `yaml:"wrong_fix" json:"wrong_fix"`

	// Name and Dir are where the drill was read from (not in the file).
	Name string `yaml:"-" json:"-"`
	Dir  string `yaml:"-" json:"-"`
}

// SaltReq is where a drill runs: the Salt release lines it holds for on
// real Salt, and the flavours (a drill left out of the double says why).
type SaltReq struct {
	Lines    []string `yaml:"lines" json:"lines"`
	Flavours []string `yaml:"flavours" json:"flavours"`
	NotOnSim string   `yaml:"not_on_sim,omitempty" json:"not_on_sim,omitempty"`
	// NotOnReal says why a drill is left out of real Salt: what real Salt
	// did that the drill's self-test rejects there.
	NotOnReal string `yaml:"not_on_real,omitempty" json:"not_on_real,omitempty"`
}

// Action is one part of the incident: a fault from the chaos catalogue,
// put on the run's fault ledger before it acts (so heal undoes it), or a
// script of the drill folder run in a service (a broken file, a changed
// setting; the drill's reset and stop replace the lab, which undoes it).
// Start, when set, delays it: a second fault.
type Action struct {
	Fault  *Fault `yaml:"fault,omitempty" json:"fault,omitempty"`
	Script *Step  `yaml:"script,omitempty" json:"script,omitempty"`
	Start  *Start `yaml:"start,omitempty" json:"start,omitempty"`
}

// Start is when a later action begins: once a task is met (the first
// fault was fixed), or at a random moment in a window after the drill
// started ("30s-90s"), or both (the window counts from the task).
type Start struct {
	AfterTask string `yaml:"after_task,omitempty" json:"after_task,omitempty"`
	Delay     string `yaml:"delay,omitempty" json:"delay,omitempty"`
}

// Fault is a chaos fault as `saltlab chaos` takes it: its kind (or an
// alias), its target, and the options of the chaos registry, one key each
// (the option's name with "_" for "-"; prepare.ChaosSpec reads them through
// the registry, which refuses an option the kind does not take).
type Fault struct {
	Kind    string   `yaml:"kind" json:"kind"`
	Target  string   `yaml:"target" json:"target"`
	From    []string `yaml:"from,omitempty" json:"from,omitempty"`
	OneWay  bool     `yaml:"one_way,omitempty" json:"one_way,omitempty"`
	Process string   `yaml:"process,omitempty" json:"process,omitempty"`
	Signal  string   `yaml:"signal,omitempty" json:"signal,omitempty"`
	Ports   []int    `yaml:"ports,omitempty" json:"ports,omitempty"`
	Minion  string   `yaml:"minion,omitempty" json:"minion,omitempty"`
	KeyOp   string   `yaml:"key_op,omitempty" json:"key_op,omitempty"`
	Path    string   `yaml:"path,omitempty" json:"path,omitempty"`
	Delay   string   `yaml:"delay,omitempty" json:"delay,omitempty"`
	Jitter  string   `yaml:"jitter,omitempty" json:"jitter,omitempty"`
	Percent float64  `yaml:"percent,omitempty" json:"percent,omitempty"`
	Rate    string   `yaml:"rate,omitempty" json:"rate,omitempty"`
	Name    string   `yaml:"name,omitempty" json:"name,omitempty"`
}

// Step is one thing a solution, a wrong fix or a scripted incident does:
// a script of the drill folder run in one service's container (bash, as
// root), or, for solutions and wrong fixes, an action on a service's
// container from outside it, by the learner's own verbs (saltlab drill
// restart|boot|unpause|reconnect SERVICE): nothing inside a stopped or paused
// master's container can run, so only such a step can mend it. Exactly
// one kind is set.
type Step struct {
	Service string `yaml:"service,omitempty" json:"service,omitempty"` // where script runs
	Script  string `yaml:"script,omitempty" json:"script,omitempty"`
	// Restart restarts the service's container, as a host reboot would.
	Restart string `yaml:"restart,omitempty" json:"restart,omitempty"`
	// Boot starts the service's stopped container, as powering a host on.
	Boot string `yaml:"boot,omitempty" json:"boot,omitempty"`
	// Unpause resumes the service's paused container, as a frozen
	// virtual machine resumed from its hypervisor.
	Unpause string `yaml:"unpause,omitempty" json:"unpause,omitempty"`
	// Reconnect restores the service's network (the drill's network faults
	// on it undone through the fault ledger), as the network team rolling
	// back a firewall rule or mending a switch port.
	Reconnect string `yaml:"reconnect,omitempty" json:"reconnect,omitempty"`
}

// The verbs of a step that acts on a container from outside it: the
// learner's `saltlab drill VERB SERVICE`, by the same names.
const (
	VerbRestart   = "restart"
	VerbBoot      = "boot"
	VerbUnpause   = "unpause"
	VerbReconnect = "reconnect"
)

// Verbs are the learner's lab verbs, in the order the usage lists them.
var Verbs = []string{VerbRestart, VerbBoot, VerbUnpause, VerbReconnect}

// Action is the verb and service of a step that acts on a container
// from outside it; verb is "" for a script step.
func (s Step) Action() (verb, service string) {
	switch {
	case s.Restart != "":
		return VerbRestart, s.Restart
	case s.Boot != "":
		return VerbBoot, s.Boot
	case s.Unpause != "":
		return VerbUnpause, s.Unpause
	case s.Reconnect != "":
		return VerbReconnect, s.Reconnect
	}
	return "", ""
}

// Target is the service the step runs in or acts on.
func (s Step) Target() string {
	if _, svc := s.Action(); svc != "" {
		return svc
	}
	return s.Service
}

// String names the step as the history and messages do: "solve.sh on
// salt-master-1", or the verb and service, "boot salt-master-1".
func (s Step) String() string {
	if verb, svc := s.Action(); verb != "" {
		return verb + " " + svc
	}
	return s.Script + " on " + s.Service
}

// Task is one thing the learner must bring about, judged by a probe run
// through the recording Salt client: met, not met, or unknown (with why).
type Task struct {
	ID    string   `yaml:"id" json:"id"`
	Title string   `yaml:"title" json:"title"`
	Needs []string `yaml:"needs,omitempty" json:"needs,omitempty"`
	// Service marks a task that says the service is back: the moment all
	// of them are met is the time to mitigate.
	Service bool  `yaml:"service,omitempty" json:"service,omitempty"`
	Points  int   `yaml:"points,omitempty" json:"points,omitempty"` // default 10
	Probe   Probe `yaml:"probe" json:"probe"`
}

// Probe is how a task is judged: exactly one field is set.
type Probe struct {
	// Ping: `salt <minions> test.ping` on a master; met when every named
	// minion returns True.
	Ping *PingProbe `yaml:"ping,omitempty" json:"ping,omitempty"`
	// Call: `salt-call test.ping` on a minion; met when it returns True.
	Call *CallProbe `yaml:"call,omitempty" json:"call,omitempty"`
	// Key: the minion's key is in the named state on a master.
	Key *KeyProbe `yaml:"key,omitempty" json:"key,omitempty"`
	// Process: a program runs in a service and is not stopped (state T).
	Process *ProcessProbe `yaml:"process,omitempty" json:"process,omitempty"`
	// Command: a command of the drill's own; exit 0 met, exit 1 not met,
	// anything else unknown.
	Command *CommandProbe `yaml:"command,omitempty" json:"command,omitempty"`
}

// PingProbe asks a master to reach minions.
type PingProbe struct {
	Master  string   `yaml:"master" json:"master"`
	Minions []string `yaml:"minions" json:"minions"`
}

// CallProbe runs salt-call on a minion.
type CallProbe struct {
	Minion string `yaml:"minion" json:"minion"`
}

// KeyProbe reads salt-key on a master.
type KeyProbe struct {
	Master string `yaml:"master" json:"master"`
	Minion string `yaml:"minion" json:"minion"`
	State  string `yaml:"state" json:"state"` // accepted, pending, rejected, denied, absent
}

// ProcessProbe looks for a running program.
type ProcessProbe struct {
	Service string `yaml:"service" json:"service"`
	Program string `yaml:"program" json:"program"`
}

// CommandProbe runs argv (no shell) in a service.
type CommandProbe struct {
	Service string   `yaml:"service" json:"service"`
	Argv    []string `yaml:"argv" json:"argv"`
}

// Hint is shown on request when its condition holds; each costs points.
// The last hint of a drill is the lab's own diagnosis of the setting
// behind the failure (Diagnosis).
type Hint struct {
	Text      string   `yaml:"text" json:"text"`
	Cost      int      `yaml:"cost" json:"cost"`
	UnlessMet string   `yaml:"unless_met,omitempty" json:"unless_met,omitempty"` // shown only while this task is not met
	After     Duration `yaml:"after,omitempty" json:"after,omitempty"`           // shown only this long after the start
	Diagnosis bool     `yaml:"diagnosis,omitempty" json:"diagnosis,omitempty"`
}

// Forbid is an action the learner must not take, judged from the
// learner's recorded command lines (a regular expression over each line),
// from Salt's own key events on the masters' buses (whoever ran the
// action: a script, the API, a command line the expression missed), or
// both; or from the lab actions saltlab did for them (restart: every
// service matched restarted).
type Forbid struct {
	ID      string `yaml:"id" json:"id"`
	Text    string `yaml:"text" json:"text"`
	Command string `yaml:"command,omitempty" json:"command,omitempty"`
	// Key is the key action as the masters' buses announce it.
	Key *KeyForbid `yaml:"key,omitempty" json:"key,omitempty"`
	// RestartAll is the names' prefix of services that must not all be
	// restarted, e.g. salt-minion-.
	RestartAll string `yaml:"restart_all,omitempty" json:"restart_all,omitempty"`
	Penalty    int    `yaml:"penalty,omitempty" json:"penalty,omitempty"` // default 20
}

// KeyForbid is a forbidden key action judged from the masters' key
// events: salt/key's accept, reject or delete (what salt-key and the key
// wheel fire), or auto-accept, a minion's sign-in accepted by a master
// that held its key as deleted or pending, with nobody accepting it (the
// master auto-accepts: auto_accept or open_mode turned on). Minion names
// one minion's key; All, a service name prefix, means every such
// minion's key on one master (salt-key -D); neither, any key.
type KeyForbid struct {
	Act    string `yaml:"act" json:"act"`
	Minion string `yaml:"minion,omitempty" json:"minion,omitempty"`
	All    string `yaml:"all,omitempty" json:"all,omitempty"`
}

// Key acts a forbidden key action may name.
const (
	KeyAccept     = "accept"
	KeyReject     = "reject"
	KeyDelete     = "delete"
	KeyAutoAccept = "auto-accept"
)

// Duration is a time.Duration written as Go writes one ("90s", "15m").
type Duration time.Duration

// D is d as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }
