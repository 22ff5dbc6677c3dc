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

	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

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
			sel, err := Topology(tt.topology, tt.user, failoverRoles)
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
	sl := Selector{Topology: "hot", Paths: []string{"../../../features"}, Log: io.Discard}
	all, err := Topology("hot", "", failoverRoles)
	require.NoError(t, err)
	rows, err := sl.Select(all)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, user := range []string{"~@wip", "not @wip"} {
		sel, err := Topology("hot", user, failoverRoles)
		require.NoError(t, err)
		got, err := sl.Select(sel)
		require.NoError(t, err)
		assert.Equal(t, rows, got, user)
	}
	sel, err := Topology("hot", "not @hot and not @general", failoverRoles)
	require.NoError(t, err)
	_, err = sl.Select(sel)
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
	sl := Selector{Topology: "failover", Paths: []string{dir}, Log: io.Discard}
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
			sel, err := Topology("failover", tt.user, failoverRoles)
			require.NoError(t, err)
			rows, err := sl.Select(sel)
			require.NoError(t, err)
			var log bytes.Buffer
			sl.Log, sl.Started = &log, time.Now()
			_, kept, err := sl.NarrowToFlavor(sel, rows, tt.flavor)
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

func TestManualKeysScenariosNeedAutoAcceptOff(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.feature"), []byte("@failover\nFeature: a\n  Scenario: any lab\n    Given the lab is healthy\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.feature"), []byte("@failover @manual-keys\nFeature: b\n  Scenario: a pending key\n    Given the lab is healthy\n"), 0o644))
	sl := Selector{Topology: "failover", Paths: []string{dir}, Log: io.Discard}
	for _, tc := range []struct {
		sets []string
		want []string
	}{
		{nil, []string{"any lab"}},
		{[]string{"master.auto_accept=true"}, []string{"any lab"}},
		{[]string{"master.auto_accept=false"}, []string{"any lab", "a pending key"}},
	} {
		p, err := knobs.Inputs{Sets: tc.sets}.Parse()
		require.NoError(t, err)
		sel, err := Topology("failover", "", failoverRoles)
		require.NoError(t, err)
		sel, err = OnKeys(sel, p.KeysByHand())
		require.NoError(t, err)
		rows, err := sl.Select(sel)
		require.NoError(t, err)
		var names []string
		for _, r := range rows {
			names = append(names, r.Name)
		}
		assert.Equal(t, tc.want, names, "%v", tc.sets)
	}
}

// The run builds the chaos helper with its images when a selected
// scenario injects a fault through it: the failover selection does (its
// partition), its stop scenarios alone do not.
func TestNeedsChaosHelper(t *testing.T) {
	sl := Selector{Topology: "failover", Paths: []string{"../../../features"}, Log: io.Discard}
	for _, tc := range []struct {
		user string
		want bool
	}{
		{"not @slow", true},
		{"@keys and not @slow", false},
	} {
		sel, err := Topology("failover", tc.user, failoverRoles)
		require.NoError(t, err)
		rows, err := sl.Select(sel)
		require.NoError(t, err)
		got, err := sl.NeedsChaosHelper(rows)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, tc.user)
	}
}
