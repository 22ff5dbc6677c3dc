package status

import (
	"bytes"
	"context"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

// fakeLab answers the probes of a two-master lab; stopped services fail
// every exec like the daemon does.
type fakeLab struct {
	states  map[string]lab.State
	fingers map[string]string // master -> master.pub fingerprint
	ss      map[string]string // minion -> ss output
	frozen  map[string]bool   // master -> does not answer its function probe
}

func (f fakeLab) Services() []string {
	var out []string
	for s := range f.states {
		out = append(out, s)
	}
	return out
}

func (f fakeLab) ContainerName(s string) string { return "p-" + s + "-1" }

func (f fakeLab) State(_ context.Context, s string) (lab.State, error) { return f.states[s], nil }

func (f fakeLab) Exec(_ context.Context, s string, argv []string) (lab.ExecResult, error) {
	if !f.states[s].Running {
		return lab.ExecResult{}, errors.New("container is not running")
	}
	// Every probe runs under the client's timeout wrapper.
	if len(argv) < 4 || argv[0] != "timeout" {
		return lab.ExecResult{ExitCode: 127, Stderr: "unbounded command"}, nil
	}
	if len(argv) > 6 && argv[4] == "bash" && argv[5] == "-c" && argv[6] == lib.MasterAnswers {
		if f.frozen[s] {
			return lab.ExecResult{Stdout: "does not answer within 1s: ret port 4506 on 127.0.0.1 sent nothing, not its ZMTP greeting\n", ExitCode: 1}, nil
		}
		return lab.ExecResult{Stdout: "answers within 1s: ret port 4506 sent its ZMTP greeting\n"}, nil
	}
	switch line := strings.Join(argv[4:], " "); {
	case line == "salt-key --out=json -F":
		return lab.ExecResult{Stdout: `{"minions": {"m1": "aa"}, "local": {"master.pem": "xx", "master.pub": "` + f.fingers[s] + `"}}`}, nil
	case line == "salt-key --out=json -L":
		return lab.ExecResult{Stdout: `{"minions": ["salt-minion-1"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`}, nil
	case strings.HasPrefix(line, "ss -Htn"):
		return lab.ExecResult{Stdout: f.ss[s]}, nil
	}
	return lab.ExecResult{ExitCode: 127, Stderr: "unknown command"}, nil
}

func running(ip string) lab.State {
	return lab.State{Status: "running", Running: true, Health: "healthy", IPs: map[string]string{"default": ip}}
}

func TestCollect(t *testing.T) {
	f := fakeLab{
		states: map[string]lab.State{
			"salt-master-1": running("10.0.0.11"), "salt-master-2": running("10.0.0.12"),
			"salt-minion-1": running("10.0.0.130"), "salt-minion-2": running("10.0.0.131"),
			"key-wait": {Status: "exited", ExitCode: 0},
		},
		fingers: map[string]string{"salt-master-1": "ab:cd", "salt-master-2": "ab:cd"},
		ss: map[string]string{
			"salt-minion-1": "0 0 10.0.0.130:40000 10.0.0.11:4505\n0 0 10.0.0.130:40002 10.0.0.12:4505\n",
			"salt-minion-2": "0 0 10.0.0.131:40000 10.0.0.12:4505\n0 0 10.0.0.131:40001 192.0.2.9:4505\n",
		},
	}
	tests := []struct {
		name    string
		mutate  func(f *fakeLab)
		agree   bool
		compare int
		check   func(t *testing.T, r Report)
	}{
		{name: "healthy", agree: true, compare: 2, check: func(t *testing.T, r Report) {
			assert.Equal(t, AnswersYes, r.Masters[0].Answers)
			assert.Equal(t, "answers within 1s: ret port 4506 sent its ZMTP greeting", r.Masters[0].AnswersDetail)
			assert.Equal(t, time.Second, r.Masters[0].AnswerBound)
			require.Len(t, r.Minions, 2)
			assert.Equal(t, []string{"salt-master-1", "salt-master-2"}, r.Minions[0].ConnectedTo)
			assert.Equal(t, []string{"192.0.2.9", "salt-master-2"}, r.Minions[1].ConnectedTo, "unknown peers are listed by address")
			assert.Equal(t, []string{"salt-minion-1"}, r.Masters[0].Accepted)
		}},
		{name: "frozen master that Docker calls healthy", mutate: func(f *fakeLab) { f.frozen = map[string]bool{"salt-master-1": true} }, agree: true, compare: 2,
			check: func(t *testing.T, r Report) {
				assert.Equal(t, AnswersNo, r.Masters[0].Answers)
				for _, c := range r.Containers {
					if c.Service == "salt-master-1" {
						assert.Equal(t, "healthy", c.Health, "Docker's health alone would not tell")
					}
				}
				var buf bytes.Buffer
				require.NoError(t, r.WriteText(&buf))
				assert.Regexp(t, `salt-master-1 +NO within 1s \(ret port 4506 on 127\.0\.0\.1 sent nothing, not its ZMTP greeting\)`, buf.String())
				assert.Regexp(t, `salt-master-2 +yes, within 1s`, buf.String())
			}},
		{name: "different key pairs", mutate: func(f *fakeLab) { f.fingers["salt-master-2"] = "ef:01" }, agree: false, compare: 2},
		{name: "master down", mutate: func(f *fakeLab) {
			f.states["salt-master-1"] = lab.State{Status: "exited", ExitCode: 137, Health: "unhealthy"}
		}, agree: true, compare: 1, check: func(t *testing.T, r Report) {
			assert.Equal(t, AnswersUnknown, r.Masters[0].Answers, "a stopped master's probe cannot run")
			assert.Contains(t, r.Masters[0].AnswersDetail, "container is not running")
			assert.Contains(t, r.Masters[0].Error, "fingerprint: container is not running")
			assert.Contains(t, r.Masters[0].Error, "accepted keys: container is not running")
			for _, c := range r.Containers {
				if c.Service == "salt-master-1" {
					assert.Empty(t, c.Health, "a stopped container's health is stale")
				}
			}
		}},
		{name: "minion down", mutate: func(f *fakeLab) { f.states["salt-minion-2"] = lab.State{Status: "exited"} }, agree: true, compare: 2,
			check: func(t *testing.T, r Report) {
				assert.Equal(t, "container is not running", r.Minions[1].Error)
				assert.Empty(t, r.Minions[1].ConnectedTo)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fakeLab{states: map[string]lab.State{}, fingers: map[string]string{}, ss: f.ss}
			for k, v := range f.states {
				g.states[k] = v
			}
			for k, v := range f.fingers {
				g.fingers[k] = v
			}
			if tt.mutate != nil {
				tt.mutate(&g)
			}
			r := Collect(context.Background(), sortedLab{g}, builtinRoles, []Check{NoLoadBalancer{Topology: "hot"}})
			assert.Equal(t, tt.agree, r.KeysAgree)
			assert.Equal(t, tt.compare, r.KeysCompared)
			assert.Len(t, r.Containers, 5)
			require.Len(t, r.Checks, 1)
			assert.Equal(t, CheckResult{Name: "API through load balancer", Status: StatusSkipped, Detail: "no load balancer in topology hot"}, r.Checks[0])
			if tt.check != nil {
				tt.check(t, r)
			}
			var buf bytes.Buffer
			require.NoError(t, r.WriteText(&buf))
			assert.Contains(t, buf.String(), "API through load balancer: skipped (no load balancer in topology hot)")
		})
	}
}

var builtinRoles = roles.Roles{Masters: []string{"salt-master-1", "salt-master-2"}, Minions: []string{"salt-minion-1", "salt-minion-2"}}

// TestCollectFollowsTheRoles: a user's lab names its services its own way;
// masters and minions are the ones its x-saltlab block declares, and a
// service named like a built-in one is no master unless declared.
func TestCollectFollowsTheRoles(t *testing.T) {
	f := fakeLab{
		states: map[string]lab.State{
			"brain-a": running("10.0.0.11"), "brain-b": running("10.0.0.12"),
			"web-a": running("10.0.0.130"), "salt-master-9": running("10.0.0.99"),
		},
		fingers: map[string]string{"brain-a": "ab:cd", "brain-b": "ab:cd", "salt-master-9": "ff:ff"},
		ss:      map[string]string{"web-a": "0 0 10.0.0.130:40000 10.0.0.12:4505\n"},
	}
	r := Collect(context.Background(), sortedLab{f}, roles.Roles{Masters: []string{"brain-a", "brain-b"}, Minions: []string{"web-a"}}, nil)
	require.Len(t, r.Masters, 2)
	assert.Equal(t, "brain-a", r.Masters[0].Service)
	assert.Equal(t, "brain-b", r.Masters[1].Service)
	assert.True(t, r.KeysAgree, "the undeclared salt-master-9 is not compared")
	require.Len(t, r.Minions, 1)
	assert.Equal(t, MinionRow{Service: "web-a", ConnectedTo: []string{"brain-b"}}, r.Minions[0])
	assert.Len(t, r.Containers, 4, "every container is still listed")
}

// sortedLab lists services sorted, as *lab.Lab does.
type sortedLab struct{ fakeLab }

func (s sortedLab) Services() []string {
	out := s.fakeLab.Services()
	sort.Strings(out)
	return out
}
