package chaos

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// Fault kinds, the chaos room's names for the history's recorded
// vocabulary (history.FaultKind), where the strings saved runs hold are
// defined once.
const (
	KindStop       = history.FaultStop
	KindKill       = history.FaultKill
	KindPause      = history.FaultPause
	KindRestart    = history.FaultRestart
	KindProcKill   = history.FaultProcKill
	KindProcStop   = history.FaultProcStop
	KindIsolate    = history.FaultIsolate
	KindPartition  = history.FaultPartition
	KindPortBlock  = history.FaultPortBlock
	KindLatency    = history.FaultLatency
	KindLoss       = history.FaultLoss
	KindBandwidth  = history.FaultBandwidth
	KindDNS        = history.FaultDNS
	KindDiskFull   = history.FaultDiskFull
	KindKeyReplace = history.FaultKeyReplace
	// KindKeyAction is a salt-key accept, reject or delete of one minion's
	// key on one master. Scenario steps inject it; `saltlab chaos` does
	// not offer it, so it is not in the Catalog.
	KindKeyAction = history.FaultKeyAction
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
	Percent float64 // loss, 0 < p <= 100
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

// Limits of the mechanisms, refused in Validate before a fault is
// recorded, so that a fault on the ledger is one its tool applies whole.
const (
	// MaxPorts is what iptables' multiport match holds (XT_MULTI_PORTS):
	// port-block's and the delay proxy's REDIRECT rules list every port in
	// one such match, so a 16th port fails the rule after the fault is on
	// the ledger.
	MaxPorts = 15
	// MinDelay is the smallest latency or jitter: netem counts in
	// microseconds and the delay proxy sleeps once per chunk, where a
	// loaded machine's scheduler wakes it about a millisecond late, so a
	// shorter delay rounds to nothing or to noise.
	MinDelay = time.Millisecond
	// MinLossPercent is the smallest loss: the iptables statistic match
	// keeps the probability as a 31-bit fraction, so a smaller one is 0
	// and drops nothing.
	MinLossPercent = 100.0 / (1 << 31)
)

// DefaultSaltPorts are the ports latency applies to when none are given:
// the publisher and the request server.
var DefaultSaltPorts = []int{4505, 4506}

var (
	dnsNameRe = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9][A-Za-z0-9-]{0,62})*$`)
	procRe    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	// minionIDRe keeps an id a single file name under the key directories
	// (Salt's valid_id refuses path separators too).
	minionIDRe = regexp.MustCompile(`^[A-Za-z0-9._@-]+$`)
)

// Validate reports the first problem with s in words a user can act on.
func (s Spec) Validate() error {
	if len(s.Targets) == 0 {
		return fmt.Errorf("fault %s: name at least one target service", s.Kind)
	}
	if s.Kind != KindPartition && len(s.Targets) != 1 {
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
	switch s.Kind {
	case KindPartition:
		if len(s.Peers) == 0 {
			return fmt.Errorf("fault partition: name the services on the other side")
		}
		for _, p := range s.Peers {
			for _, t := range s.Targets {
				if p == t {
					return fmt.Errorf("fault partition: %q is on both sides", p)
				}
			}
		}
	case KindProcKill, KindProcStop:
		if !procRe.MatchString(s.Process) {
			return fmt.Errorf("fault %s: process name %q: want a program name such as salt-master", s.Kind, s.Process)
		}
	case KindPortBlock:
		if len(s.Ports) == 0 {
			return fmt.Errorf("fault port-block: name the ports, e.g. 4505")
		}
	case KindLatency:
		if err := errors.Join(valid.Duration("--delay", s.Delay, ""), valid.Duration("--jitter", s.Jitter, "no jitter")); err != nil {
			return fmt.Errorf("fault latency: %w", err)
		}
		for _, d := range []struct {
			name string
			v    time.Duration
		}{{"--delay", s.Delay}, {"--jitter", s.Jitter}} {
			if d.v > 0 && d.v < MinDelay {
				return usage.Errorf("fault latency: %s %v is below %v: netem counts in microseconds and the delay proxy's sleep is about a millisecond late on a loaded machine, so it would round to nothing; want %v or more", d.name, d.v, MinDelay, MinDelay)
			}
		}
		if s.Jitter > s.Delay {
			return fmt.Errorf("fault latency: --jitter %v exceeds --delay %v: want 0 <= jitter <= delay", s.Jitter, s.Delay)
		}
	case KindLoss:
		if err := valid.Percent("--percent", s.Percent, false); err != nil {
			return fmt.Errorf("fault loss: %w", err)
		}
		if s.Percent < MinLossPercent {
			return usage.Errorf("fault loss: --percent %g is below %.2g, the smallest share the iptables statistic match holds (a 31-bit fraction), so it would drop nothing; want a larger percentage such as 0.1", s.Percent, MinLossPercent)
		}
	case KindBandwidth:
		if err := valid.Rate("--rate", s.Rate); err != nil {
			return fmt.Errorf("fault bandwidth: %w", err)
		}
	case KindDNS:
		if !dnsNameRe.MatchString(s.Name) {
			return fmt.Errorf("fault dns: %q is not a DNS name", s.Name)
		}
	case KindKeyAction:
		if !minionIDRe.MatchString(s.Minion) || s.Minion == "." || s.Minion == ".." {
			return fmt.Errorf("fault key-action: minion id %q: want a Salt minion id such as salt-minion-1", s.Minion)
		}
		if !keyOpVerbs[s.KeyOp] {
			return fmt.Errorf("fault key-action: action %q: want accept, reject or delete", s.KeyOp)
		}
	case KindKeyReplace:
		if s.Path != "" && !strings.HasPrefix(s.Path, "/") {
			return fmt.Errorf("fault key-replace: path %q must be absolute: give the master's pki_dir, such as %s", s.Path, DefaultPKIDir)
		}
	case KindDiskFull:
		if !strings.HasPrefix(s.Path, "/") {
			return fmt.Errorf("fault disk-full: path %q must be absolute", s.Path)
		}
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
