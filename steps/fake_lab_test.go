package steps

import (
	"context"

	"fmt"
	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/fault"
	"strings"
	"sync"
	"time"
)

// fakeLab is a unit-test double of a failover lab: minions are served by the
// first running master of their list.
type fakeLab struct {
	mu      sync.Mutex
	running map[string]bool
	config  string
	execs   []string
	// daemonsStuck keeps minion daemons on salt-master-1 even when it is
	// stopped, as Salt does when the master name stops resolving.
	daemonsStuck bool
	// paused containers refuse exec (as Docker does) but still hold their
	// minions' connections, so they keep serving in the fake's model.
	paused map[string]bool
	// pauseFailsOver makes minions leave a paused master, which real Salt
	// does not do; the pause feature must then fail.
	pauseFailsOver bool
	// cut holds "minion|master" pairs that a partition separates.
	cut map[string]bool
}

func newFakeLab() *fakeLab {
	return &fakeLab{
		running: map[string]bool{"salt-master-1": true, "salt-master-2": true, "salt-minion-1": true, "salt-minion-2": true},
		config:  "master: [salt-master-1, salt-master-2]\nmaster_type: failover\nmaster_alive_interval: 0.2\nauth_timeout: 0.1\nretry_dns: 0\n",
	}
}

func (f *fakeLab) Services() []string {
	return []string{"key-wait", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2"}
}

func (f *fakeLab) Status(_ context.Context, s string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s == "key-wait" {
		return "exited 0", nil
	}
	if f.running[s] {
		return "healthy", nil
	}
	return "exited 0", nil
}

func (f *fakeLab) Stop(_ context.Context, s string, _ time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.running[s] = false
	return nil
}

func (f *fakeLab) Start(_ context.Context, s string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.running[s] = true
	return nil
}

func (f *fakeLab) serving() string {
	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		if f.running[m] && !(f.pauseFailsOver && f.paused[m]) {
			return m
		}
	}
	return ""
}

func (f *fakeLab) Exec(_ context.Context, service string, argv []string) (Output, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cmd := strings.Join(argv, " ")
	f.execs = append(f.execs, service+": "+cmd)
	if !f.running[service] {
		return Output{}, fmt.Errorf("container %s is not running", service)
	}
	if f.paused[service] {
		return Output{}, fmt.Errorf("container %s is paused, unpause the container before exec", service)
	}
	switch {
	case strings.HasPrefix(cmd, "bash -c"):
		return Output{Stdout: "---\n" + f.config}, nil
	case strings.Contains(cmd, "salt-call --version"):
		return Output{Stdout: "salt-call 3006.9 (fake)\n"}, nil
	case strings.Contains(cmd, "salt-call --out=json test.ping"):
		if f.serving() == "" {
			return Output{ExitCode: 1, Stderr: "No master could be reached"}, nil
		}
		return Output{Stdout: "{\n    \"local\": true\n}\n"}, nil
	case strings.Contains(cmd, "salt-call --out=json config.get master"):
		return Output{Stdout: fmt.Sprintf("{\"local\": %q}\n", f.serving())}, nil
	case strings.Contains(cmd, " salt --out=json"):
		minion := argv[len(argv)-2]
		if f.cut[minion+"|"+service] {
			return Output{ExitCode: 1, Stdout: fmt.Sprintf("{%q: \"Minion did not return. [No response]\"}\n", minion)}, nil
		}
		if f.serving() == service && !(f.daemonsStuck && service != "salt-master-1") {
			return Output{Stdout: fmt.Sprintf("{%q: true}\n", minion)}, nil
		}
		return Output{ExitCode: 1, Stdout: fmt.Sprintf("{%q: \"Minion did not return. [No response]\"}\n", minion)}, nil
	}
	return Output{ExitCode: 127, Stderr: "fake: unknown command " + cmd}, nil
}

// fakeChaos implements pause and its undo on a fakeLab, through the same
// ledger the steps use.
type fakeChaos struct {
	lab    *fakeLab
	ledger *fault.Ledger
}

func (c *fakeChaos) Inject(_ context.Context, s chaos.Spec) (fault.Entry, error) {
	if s.Kind == chaos.KindLatency {
		return fault.Entry{}, fmt.Errorf("fault latency: %w: host lacks nat-redirect: no REDIRECT target", chaos.ErrUnsupported)
	}
	if s.Kind != chaos.KindPause && s.Kind != chaos.KindPartition {
		return fault.Entry{}, fmt.Errorf("fake chaos: %s not implemented", s.Kind)
	}
	e, err := c.ledger.Add(fault.Entry{Kind: s.Kind, Target: strings.Join(s.Targets, ",") + "|" + strings.Join(s.Peers, ","), Scenario: s.Scenario})
	if err != nil {
		return e, err
	}
	c.lab.mu.Lock()
	defer c.lab.mu.Unlock()
	if c.lab.paused == nil {
		c.lab.paused, c.lab.cut = map[string]bool{}, map[string]bool{}
	}
	for _, t := range s.Targets {
		if s.Kind == chaos.KindPause {
			c.lab.paused[t] = true
		}
		for _, p := range s.Peers {
			c.lab.cut[t+"|"+p] = true
		}
	}
	return e, nil
}

func (c *fakeChaos) Undo(ctx context.Context, e fault.Entry) error {
	if e.Kind == fault.KindStop {
		return c.lab.Start(ctx, e.Target)
	}
	c.lab.mu.Lock()
	defer c.lab.mu.Unlock()
	targets, peers, _ := strings.Cut(e.Target, "|")
	for _, t := range strings.Split(targets, ",") {
		delete(c.lab.paused, t)
		for _, p := range strings.Split(peers, ",") {
			delete(c.lab.cut, t+"|"+p)
		}
	}
	return nil
}
