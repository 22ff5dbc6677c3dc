package ready

import (
	"context"
	"errors"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/roles"
)

// startLine is one line of `salt-run state.event pretty=False`.
func startLine(id string) string {
	return "salt/minion/" + id + "/start\t{\"id\": \"" + id + "\", \"_stamp\": \"2026-11-27T15:04:05.123456\"}"
}

func newTestStartEvents(t *testing.T, r roles.Roles) (*startEvents, *[]string) {
	t.Helper()
	se, ok := newStartEvents(r)
	require.True(t, ok)
	var woken []string
	se.changed = func(s string) { woken = append(woken, s) }
	return se, &woken
}

// A hot minion is ready once every master saw it start; a failover one
// (or one behind a master balancer) once any did; a swarm once each of its
// minions did; a syndic topology's minions start on the syndics.
func TestStartEventsReadiness(t *testing.T) {
	masters := []string{"salt-master-1", "salt-master-2"}
	tests := []struct {
		name    string
		roles   roles.Roles
		service string
		seen    [][2]string // master, line
		want    string      // evidence; "" = not ready
	}{
		{"hot: one master is not enough", roles.Roles{Masters: masters, Minions: []string{"m1"}, MinionMode: "hot"}, "m1",
			[][2]string{{"salt-master-1", startLine("m1")}}, ""},
		{"hot: both masters", roles.Roles{Masters: masters, Minions: []string{"m1"}, MinionMode: "hot"}, "m1",
			[][2]string{{"salt-master-1", startLine("m1")}, {"salt-master-2", startLine("m1")}}, "start event on salt-master-1 and salt-master-2"},
		{"failover: one master", roles.Roles{Masters: masters, Minions: []string{"m1"}, MinionMode: "failover"}, "m1",
			[][2]string{{"salt-master-2", startLine("m1")}}, "start event on salt-master-2"},
		{"another minion's start says nothing", roles.Roles{Masters: masters, Minions: []string{"m1", "m2"}, MinionMode: "failover"}, "m1",
			[][2]string{{"salt-master-1", startLine("m2")}}, ""},
		{"other tags and garbage say nothing", roles.Roles{Masters: masters, Minions: []string{"m1"}, MinionMode: "failover"}, "m1",
			[][2]string{{"salt-master-1", "salt/minion/m1/start"}, {"salt-master-1", "salt/auth\t{\"id\": \"m1\"}"},
				{"salt-master-1", "salt/minion/m1/start/extra\t{}"}, {"salt-master-1", "minion_start\t{\"id\": \"m1\"}"}}, ""},
		{"balancer: one peer", roles.Roles{Masters: []string{"p1", "p2", "p3"}, Minions: []string{"m1"}, MasterBalancer: &roles.Balancer{Service: "lb"}}, "m1",
			[][2]string{{"p3", startLine("m1")}}, "start event on p3"},
		{"swarm: all but one", roles.Roles{Masters: masters, Minions: []string{"sw"}, MinionMode: "failover", Swarm: map[string]int{"sw": 2}}, "sw",
			[][2]string{{"salt-master-1", startLine("sw-001")}}, ""},
		{"swarm: every minion", roles.Roles{Masters: masters, Minions: []string{"sw"}, MinionMode: "failover", Swarm: map[string]int{"sw": 2}}, "sw",
			[][2]string{{"salt-master-1", startLine("sw-001")}, {"salt-master-1", startLine("sw-002")}}, "2 minions' start events on salt-master-1"},
		{"syndic: the syndics are the minions' masters", roles.Roles{Masters: []string{"mom"}, Syndics: []string{"s1", "s2"}, Minions: []string{"m1"}, MinionMode: "hot"}, "m1",
			[][2]string{{"s1", startLine("m1")}, {"s2", startLine("m1")}}, "start event on s1 and s2"},
		{"not a minion", roles.Roles{Masters: masters, Minions: []string{"m1"}, MinionMode: "hot"}, "salt-master-1", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			se, woken := newTestStartEvents(t, tt.roles)
			for _, s := range tt.seen {
				se.saw(s[0], s[1])
			}
			got, ok := se.Ready(tt.service)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want != "", ok)
			if tt.want != "" {
				assert.Contains(t, *woken, tt.service, "the lab's wait was woken")
			}
		})
	}
}

// Without a minion mode or a master balancer the roles do not say which
// masters a minion needs: no evidence, the health check decides.
func TestStartEventsNeedAMinionMode(t *testing.T) {
	_, ok := newStartEvents(roles.Roles{Masters: []string{"a"}, Minions: []string{"m1"}})
	assert.False(t, ok)
}

func FuzzStartedMinion(f *testing.F) {
	for _, s := range []string{"salt/minion/m1/start", "salt/minion//start", "salt/minion/a/b/start", "salt/auth", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		id, ok := startedMinion(tag)
		if ok {
			assert.Equal(t, "salt/minion/"+id+"/start", tag)
			assert.NotContains(t, id, "/")
			assert.NotEmpty(t, id)
		}
	})
}

// listen streams a master's start events until its context ends, and
// streams again when a stream ends before that (a master restarting).
func TestStartEventsListen(t *testing.T) {
	se, woken := newTestStartEvents(t, roles.Roles{Masters: []string{"m"}, Minions: []string{"a", "b"}, MinionMode: "failover"})
	var mu sync.Mutex
	calls := 0
	se.stream = func(ctx context.Context, master string, argv []string, w io.Writer) error {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		assert.Equal(t, "m", master)
		assert.Contains(t, argv, "tagmatch=salt/minion/*/start")
		switch n {
		case 1: // the first stream ends after one event
			_, _ = io.WriteString(w, startLine("a")+"\n")
			return errors.New("exec: container restarting")
		case 2:
			_, _ = io.WriteString(w, "not an event\n"+startLine("b")+"\n")
		}
		<-ctx.Done()
		return ctx.Err()
	}
	var wmu sync.Mutex
	se.changed = func(s string) { wmu.Lock(); *woken = append(*woken, s); wmu.Unlock() }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { se.listen(ctx, "m"); close(done) }()
	require.Eventually(t, func() bool { _, ok := se.Ready("b"); return ok }, 10*time.Second, 5*time.Millisecond)
	cancel()
	<-done
	_, ok := se.Ready("a")
	assert.True(t, ok)
	wmu.Lock()
	defer wmu.Unlock()
	assert.Equal(t, []string{"a", "b"}, *woken)
}

// A master's bus is followed from the first evidence that it is ready,
// its own health test passing as it started (ProbePassed) or Docker's
// healthy event, and only once; a service that is not one of the
// minions' masters is not followed, nor anything once the watch ended.
func TestStartEventsFollowAMasterFromItsFirstReadiness(t *testing.T) {
	se, _ := newTestStartEvents(t, roles.Roles{Masters: []string{"m1", "m2"}, Minions: []string{"a"}, MinionMode: "hot"})
	var mu sync.Mutex
	var streamed []string
	se.stream = func(ctx context.Context, master string, _ []string, _ io.Writer) error {
		mu.Lock()
		streamed = append(streamed, master)
		mu.Unlock()
		<-ctx.Done()
		return ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	se.ctx = ctx
	se.ProbePassed("m2")
	se.ProbePassed("a")  // a minion's probe
	se.masterReady("m2") // Docker's healthy event later
	se.ProbePassed("m2")
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(streamed) == 1 }, 10*time.Second, time.Millisecond)
	cancel()
	se.wg.Wait()
	se.ProbePassed("m1") // after the watch: nothing starts
	se.wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, []string{"m2"}, streamed)
}
