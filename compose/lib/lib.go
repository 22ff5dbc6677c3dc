// Package lib holds the scripts compose/lib mounts into the lab's
// containers (/opt/saltlab). The function probe of a master is also run
// from Go, inline (bash -c), so it needs no mount: a lab of your own runs
// it the same way.
package lib

import (
	_ "embed"
	"time"
)

// MasterAnswers is compose/lib/master-answers: exit 0 when the master in
// the container answers within AnswerBound, 1 when it does not; one line
// says which.
//
//go:embed master-answers
var MasterAnswers string

// AnswerBound is how long master-answers lets a master take to answer:
// the script's own bound (readonly bound=1, where the reasoning is; a test
// keeps the two equal).
const AnswerBound = time.Second

// AnswersArgv runs master-answers inline in a container with bash and
// coreutils (every saltlab image), with args (e.g. --api 8000).
func AnswersArgv(args ...string) []string {
	return append([]string{"bash", "-c", MasterAnswers, "master-answers"}, args...)
}

// MinionSwarm is compose/lib/minion-swarm: many minions in one container,
// each a process of its own on real Salt (the Salt double runs them in
// one process and is exec'd as is).
//
//go:embed minion-swarm
var MinionSwarm string

// SwarmArgv runs minion-swarm inline around a minion service's own
// command line, so a swarm needs no mount: a lab of your own gets one
// the same way.
func SwarmArgv(command ...string) []string {
	return append([]string{"bash", "-c", MinionSwarm, "minion-swarm"}, command...)
}

// KeyWait is where compose/lib/key-wait runs in a lab's containers (the
// lib folder is mounted at /opt/saltlab), and the variables that name the
// pair it waits for, with the script's defaults: the master pair in the
// masters' pki_dir. saltlab finds a lab's shared key volume by this init
// and writes the pair there before the first master starts (lab.Up).
const (
	KeyWaitPath        = "/opt/saltlab/key-wait"
	KeyWaitDirVar      = "SALTLAB_KEY_WAIT_DIR"
	KeyWaitDirDefault  = "/etc/salt/pki/master"
	KeyWaitNameVar     = "SALTLAB_KEY_WAIT_NAME"
	KeyWaitNameDefault = "master"
)
