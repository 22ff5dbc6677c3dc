package state

import (
	"strings"
	"time"
)

// The drill's lanes in the history (an operation's process): the
// learner's commands and verbs, the drill's probes, the incident's
// actions, and the self-test's solution and wrong fix.
const (
	Learner  = "learner"
	Checker  = "drill-check"
	Incident = "incident"
	Solution = "solution"
	WrongFix = "wrong-fix"
)

// LearnerLine is one command the learner ran: a command line in a lab
// shell, or a verb saltlab did for them (saltlab drill restart SERVICE),
// the value of its completion in the history.
type LearnerLine struct {
	At      time.Time `json:"at"`
	Exit    int       `json:"exit"`
	Line    string    `json:"line"`
	Service string    `json:"service"`
}

// ProbeName is how the history names a task's probe, in the Checker
// lane: "drill <task id>: <command>".
func ProbeName(task, command string) string { return "drill " + task + ": " + command }

// ProbedTask is the task a probe's name (ProbeName) judged.
func ProbedTask(f string) (string, bool) {
	rest, ok := strings.CutPrefix(f, "drill ")
	if !ok {
		return "", false
	}
	id, _, ok := strings.Cut(rest, ": ")
	return id, ok
}

// ActName is how the history names a verb saltlab did on a container for
// the learner, or for a solution playing one: "<verb> <service>".
func ActName(verb, service string) string { return verb + " " + service }
