package steps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/roles"
)

func TestRolePhrases(t *testing.T) {
	lab := newFakeLab()
	lab.declared = &roles.Roles{Masters: []string{"mom", "m1"}, Minions: []string{"n1", "n2"}, Syndics: []string{"s1", "s2"},
		MasterOfMasters: "mom", API: &roles.API{Service: "lb", Port: 80, BasePath: "/"}}
	tests := []struct {
		arg     string
		want    []string
		wantErr string
	}{
		{arg: "the first master", want: []string{"mom"}},
		{arg: "The Second Master", want: []string{"m1"}},
		{arg: "the last master", want: []string{"m1"}},
		{arg: "the master of masters", want: []string{"mom"}},
		{arg: "the second syndic", want: []string{"s2"}},
		{arg: "the first minion", want: []string{"n1"}},
		{arg: "the minions", want: []string{"n1", "n2"}},
		{arg: "the load balancer", want: []string{"lb"}},
		{arg: "the first syndic and the minions", want: []string{"s1", "n1", "n2"}},
		{arg: "salt-master-9", want: []string{"salt-master-9"}},
		{arg: "the third master", wantErr: `resolve "the third master": the topology declares 2 master(s) in x-saltlab, not 3`},
		{arg: "the fifth minion", wantErr: "declares 2 minion(s)"},
		{arg: "", wantErr: `resolve "": names no service`},
	}
	for _, tt := range tests {
		t.Run(tt.arg, func(t *testing.T) {
			got, err := resolveMany(lab, tt.arg)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := resolveOne(lab, "the minions")
	assert.EqualError(t, err, `resolve "the minions": names 2 services (n1, n2), the step takes one`)

	bare := newFakeLab()
	bare.declared = &roles.Roles{Masters: []string{"m1"}, Minions: []string{"n1"}}
	for _, arg := range []string{"the master of masters", "the load balancer"} {
		_, err := resolveOne(bare, arg)
		assert.ErrorContains(t, err, "the topology declares no", arg)
	}
}

// The failover scenario written with role phrases runs on the fake
// failover lab: "the first master" is the service the step stops.
func TestRolePhrasesDriveAFeature(t *testing.T) {
	status, out, _, _ := runFeature(t, "testdata/role_phrases.feature", newFakeLab())
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "salt-master-1 stopped")
}
