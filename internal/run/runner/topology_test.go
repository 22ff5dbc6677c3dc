package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestTopologyFile(t *testing.T) {
	f, err := TopologyFile("../../..", "failover")
	require.NoError(t, err)
	assert.FileExists(t, f)
	_, err = TopologyFile("../../..", "nope")
	require.Error(t, err)
	assert.Regexp(t, `^unknown topology "nope": known topologies are [a-z-]+(, [a-z-]+)* \(--topology NAME\)$`, err.Error())
	for _, known := range []string{"ai-infra-matrix", "failover", "syndic"} {
		assert.Contains(t, err.Error(), known)
	}
}

// failoverRoles are roles like the failover topology's.
var failoverRoles = roles.Roles{Masters: []string{"salt-master-1", "salt-master-2"}, Minions: []string{"salt-minion-1"},
	API: &roles.API{Service: "nginx", Port: 80, BasePath: "/"}, MinionMode: "failover"}

func TestSelection(t *testing.T) {
	tests := []struct {
		topology, user, godog string
		wantErr               string
	}{
		{topology: "failover", godog: "@failover,@general && @failover,~@needs-syndic && @failover,~@mode-hot"},
		{topology: "hot", user: "~@wip", godog: "@hot,@general && @hot,~@needs-syndic && @hot,~@mode-hot && ~@wip"},
		{topology: "hot", user: "not @wip", godog: "@hot,@general && @hot,~@needs-syndic && @hot,~@mode-hot && ~@wip"},
		{topology: "hot", user: "@hot && (~@wip)", wantErr: "mixes the old syntax"},
		{topology: "hot", user: "@a,", wantErr: "empty tag"},
	}
	for _, tt := range tests {
		t.Run(tt.user, func(t *testing.T) {
			sel, err := selection(tt.topology, tt.user, failoverRoles)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, "validate --tags")
				assert.ErrorContains(t, err, tt.wantErr)
				assert.True(t, usage.Is(err))
				return
			}
			require.NoError(t, err)
			g, err := sel.Godog()
			require.NoError(t, err)
			assert.Equal(t, tt.godog, g)
		})
	}
}

// A user expression narrows the topology's scenarios as docs/commands.md says:
// '~@wip' and 'not @wip' select every scenario of the topology (none is
// @wip), up front and without Docker.
func TestSelectScenariosFromFeatures(t *testing.T) {
	cfg := Config{Topology: "hot", Features: []string{"../../../features"}}
	all, err := selection("hot", "", failoverRoles)
	require.NoError(t, err)
	rows, err := selectScenarios(cfg, all)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, user := range []string{"~@wip", "not @wip"} {
		sel, err := selection("hot", user, failoverRoles)
		require.NoError(t, err)
		got, err := selectScenarios(cfg, sel)
		require.NoError(t, err)
		assert.Equal(t, rows, got, user)
	}
	sel, err := selection("hot", "not @hot and not @general", failoverRoles)
	require.NoError(t, err)
	_, err = selectScenarios(cfg, sel)
	assert.ErrorContains(t, err, `"(@hot or (@general and not @needs-syndic and not @mode-hot)) and (not @hot and not @general)" selects none of the`)
	assert.ErrorContains(t, err, "tags there: @ai-infra-matrix")
	assert.True(t, usage.Is(err))
}

// On the double a @real-only scenario is left out, named in the log; a
// selection of nothing else is an error that says why.
func TestNarrowToFlavor(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	write("a.feature", "@failover\nFeature: a\n  Scenario: served by the double\n    Given the lab is healthy\n")
	write("b.feature", "@failover @real-only\nFeature: b\n  Scenario: needs genuine Salt\n    Given the lab is healthy\n")
	cfg := Config{Topology: "failover", Features: []string{dir}}
	tests := []struct {
		flavor, user string
		want         []string
		wantLog      string
		wantErr      string
	}{
		{flavor: "real", want: []string{"served by the double", "needs genuine Salt"}},
		{flavor: "sim", want: []string{"served by the double"}, wantLog: "1 scenario(s) tagged @real-only need genuine Salt and do not run on the sim flavour: needs genuine Salt"},
		{flavor: "sim", user: "@real-only", wantErr: "every selected scenario is tagged @real-only and needs genuine Salt, which the sim flavour is not"},
	}
	for _, tt := range tests {
		t.Run(tt.flavor+" "+tt.user, func(t *testing.T) {
			sel, err := selection("failover", tt.user, failoverRoles)
			require.NoError(t, err)
			rows, err := selectScenarios(cfg, sel)
			require.NoError(t, err)
			var log bytes.Buffer
			_, kept, err := narrowToFlavor(cfg, sel, rows, tt.flavor, &log, time.Now())
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
