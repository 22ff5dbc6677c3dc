package selection

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

func TestNarrowToEngine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	write("a.feature", "@failover\nFeature: a\n  Scenario: on any engine\n    Given the lab is healthy\n")
	write("b.feature", "@failover @swarm\nFeature: b\n  Scenario: takes a node away\n    Given the lab is healthy\n")
	write("c.feature", "@failover @direct-master-api\nFeature: c\n  Scenario: a master's own API\n    Given the lab is healthy\n")
	sl := Selector{Topology: "failover", Paths: []string{dir}, Log: io.Discard}
	tests := []struct {
		name    string
		engine  string
		user    string
		want    []string
		wantLog string
		wantErr string
	}{
		{name: "swarm", engine: "swarm", want: []string{"on any engine", "takes a node away"}, wantLog: "1 scenario(s) tagged @direct-master-api reach a master's salt-api at its own address, which a lab on Swarm keeps inside the swarm's overlay network (docs/swarm.md): a master's own API"},
		{name: "compose", engine: "compose", want: []string{"on any engine", "a master's own API"}, wantLog: "1 scenario(s) tagged @swarm take swarm nodes away and run only on a lab deployed on a swarm (--engine swarm): takes a node away"},
		{name: "compose by default", want: []string{"on any engine", "a master's own API"}, wantLog: "tagged @swarm"},
		{name: "compose, only @swarm asked", engine: "compose", user: "@swarm", wantErr: "every selected scenario is tagged @swarm and takes swarm nodes away, which a lab on Docker Compose has not: run it with --engine swarm"},
		{name: "swarm, only @direct-master-api asked", engine: "swarm", user: "@direct-master-api", wantErr: "every selected scenario is tagged @direct-master-api and reaches a master's salt-api at its own address"},
		{name: "an unknown engine", engine: "kubernetes", wantErr: `narrow the scenarios to engine "kubernetes": want compose or swarm`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sel, err := Topology("failover", tt.user, failoverRoles)
			require.NoError(t, err)
			rows, err := sl.Select(sel)
			require.NoError(t, err)
			var log bytes.Buffer
			sl.Log, sl.Started = &log, time.Now()
			_, kept, err := sl.NarrowToEngine(sel, rows, tt.engine)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			var names []string
			for _, r := range kept {
				names = append(names, r.Name)
			}
			assert.Equal(t, tt.want, names)
			if tt.wantLog != "" {
				assert.Contains(t, log.String(), tt.wantLog)
			} else {
				assert.Empty(t, log.String())
			}
		})
	}
}

// compare blames a scenario's absence on the tag NarrowToEngine left out,
// read from the feature files; a feature file that does not parse is a
// usage error naming the fix.
func TestCompareLimits(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.feature"), []byte("@failover\nFeature: c\n  @direct-master-api\n  Scenario: a master's own API\n    Given the lab is healthy\n"), 0o644))
	for _, tt := range []struct {
		engine, tag, why string
		ok               bool
	}{
		{"", SwarmTag, "take swarm nodes away", true},
		{"compose", SwarmTag, "take swarm nodes away", true},
		{"swarm", DirectAPITag, "keeps inside the swarm's overlay network", true},
		{"kubernetes", "", "", false},
	} {
		t.Run("engine "+tt.engine, func(t *testing.T) {
			tag, why, ok := CompareLimits([]string{dir}).LeavesOut(tt.engine)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.tag, tag)
			assert.Contains(t, why, tt.why)
		})
	}
	tags, err := CompareLimits([]string{dir}).Tags()
	require.NoError(t, err)
	assert.Equal(t, map[[2]string][]string{{"c", "a master's own API"}: {"@failover", "@direct-master-api"}}, tags)
	_, err = CompareLimits([]string{filepath.Join(dir, "none")}).Tags()
	assert.True(t, usage.Is(err), "a missing feature folder is the user's to fix: %v", err)
	assert.ErrorContains(t, err, "pass --root at the saltlab checkout")
}
