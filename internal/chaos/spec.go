package chaos

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// The kinds the history names too (history.FaultKind): its checkers and
// the runner judge by them, so their strings are defined there once. Every
// other kind's constant is in the file of its mechanism, beside its Def.
const (
	KindStop     = history.FaultStop
	KindKill     = history.FaultKill
	KindPause    = history.FaultPause
	KindProcKill = history.FaultProcKill
	KindProcStop = history.FaultProcStop
)

// Spec is one fault to inject.
type Spec struct {
	Kind    fault.Kind
	Targets []string // services the fault acts on
	Peers   []string // partition: the other side
	OneWay  bool     // partition: drop only what Targets send to Peers
	Signal  string   // kill, proc-kill: e.g. SIGKILL, TERM, 9
	Process string   // proc-kill, proc-stop: program name, e.g. salt-master
	Ports   []int    // port-block, latency (default Salt's 4505, 4506)
	Delay   time.Duration
	Jitter  time.Duration
	Percent float64 // loss, cpu-throttle: 0 < p <= 100
	Rate    string  // bandwidth, tc syntax: 1mbit, 500kbit
	Name    string  // dns: the name that stops resolving
	Path    string  // disk-full: a path on the filesystem to fill; key-replace, key-action: the pki dir
	Minion  string  // key-action: the minion id whose key is acted on
	KeyOp   string  // key-action: accept, reject or delete
	// Act, for key-action, runs the salt-key command itself once the
	// fault is recorded, so that a step records it in the run's history;
	// nil runs salt-key -y in the master.
	Act func(ctx context.Context) error
	// Scenario is stored with the fault, for reports.
	Scenario string
}

// MaxPorts is what iptables' multiport match holds (XT_MULTI_PORTS):
// port-block's and the delay proxy's REDIRECT rules list every port in one
// such match, so a 16th port would fail the rule after the fault is on the
// ledger; Validate refuses it before.
const MaxPorts = 15

// Validate reports the first problem with s in words a user can act on:
// the checks every kind shares (its targets, a signal, ports), then the
// kind's own (Def.Check).
func (s Spec) Validate() error {
	d, err := defOf(s.Kind)
	if err != nil {
		return fmt.Errorf("fault: %w", err)
	}
	if len(s.Targets) == 0 {
		return fmt.Errorf("fault %s: name at least one target service", s.Kind)
	}
	if !d.Groups && len(s.Targets) != 1 {
		return fmt.Errorf("fault %s: takes exactly one target, got %v", s.Kind, s.Targets)
	}
	if s.Signal != "" && !validSignal(s.Signal) {
		return fmt.Errorf("fault %s: signal %q: want a Linux signal name such as SIGTERM or KILL, or a number 1-64", s.Kind, s.Signal)
	}
	if s.Signal != "" && stopsProcess(s.Signal) {
		return usage.Errorf("fault %s: signal %s stops the process rather than ending it, and heal would leave it stopped (it restarts what died and sends no SIGCONT); use proc-stop (heal continues it) or pause instead", s.Kind, s.Signal)
	}
	for _, p := range s.Ports {
		if err := valid.Port("--ports", p); err != nil {
			return fmt.Errorf("fault %s: %w", s.Kind, err)
		}
	}
	if len(s.Ports) > MaxPorts {
		return usage.Errorf("fault %s: --ports lists %d ports, more than the %d an iptables multiport match holds; give at most %d, or inject the fault twice", s.Kind, len(s.Ports), MaxPorts, MaxPorts)
	}
	if d.Check != nil {
		return d.Check(s)
	}
	return nil
}

// validSignal reports whether sig names a Linux signal ("SIGTERM", "term",
// "15"); both Docker's kill and the container's kill(1) accept these forms.
func validSignal(sig string) bool {
	if n, err := strconv.Atoi(sig); err == nil {
		return n >= 1 && n <= 64
	}
	name := strings.ToUpper(sig)
	if !strings.HasPrefix(name, "SIG") {
		name = "SIG" + name
	}
	return unix.SignalNum(name) != 0
}

// stopsProcess reports whether sig, as validSignal takes it, is one of
// the job-control signals whose default action stops a process until a
// SIGCONT: kill and proc-kill heal by restarting what died, so such a
// stop would outlive the fault.
func stopsProcess(sig string) bool {
	n, err := strconv.Atoi(sig)
	if err != nil {
		name := strings.ToUpper(sig)
		if !strings.HasPrefix(name, "SIG") {
			name = "SIG" + name
		}
		n = int(unix.SignalNum(name))
	}
	switch unix.Signal(n) {
	case unix.SIGSTOP, unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU:
		return true
	}
	return false
}

// LedgerTargets are the services a ledger entry's target names
// (describeTargets: "a,b", or "a,b|c,d" and "a,b>c,d" for a partition),
// without a partition's peers.
func LedgerTargets(target string) []string {
	if i := strings.IndexAny(target, "|>"); i >= 0 {
		target = target[:i]
	}
	return strings.Split(target, ",")
}

func (s Spec) describeTargets() string {
	t := strings.Join(s.Targets, ",")
	if len(s.Peers) > 0 {
		sep := "|"
		if s.OneWay {
			sep = ">"
		}
		t += sep + strings.Join(s.Peers, ",")
	}
	return t
}
