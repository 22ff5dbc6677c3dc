package roles

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRolePhrases(t *testing.T) {
	r := Roles{Masters: []string{"mom", "m1"}, Minions: []string{"n1", "n2"}, Syndics: []string{"s1", "s2"},
		MasterOfMasters: "mom", API: &API{Service: "lb", Port: 80, BasePath: "/"}}
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
			got, err := r.ServicesNamed(tt.arg)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := r.ServiceNamed("the minions")
	assert.EqualError(t, err, `resolve "the minions": names 2 services (n1, n2), the step takes one`)

	bare := Roles{Masters: []string{"m1"}, Minions: []string{"n1"}}
	for _, arg := range []string{"the master of masters", "the load balancer"} {
		_, err := bare.ServiceNamed(arg)
		assert.ErrorContains(t, err, "the topology declares no", arg)
	}
	got, err := r.ServicesNamed("the first master", "n2")
	require.NoError(t, err)
	assert.Equal(t, []string{"mom", "n2"}, got, "each argument resolved, in order")
	got, err = r.ServicesNamed()
	require.NoError(t, err)
	assert.Empty(t, got, "no arguments name no services")
}

// Relays are a master of masters' syndics; ClusterPeers are the masters
// behind a master balancer; neither exists in other topologies.
func TestRelaysAndClusterPeers(t *testing.T) {
	syndic := Roles{Masters: []string{"mom"}, Syndics: []string{"s1", "s2"}, MasterOfMasters: "mom"}
	cluster := Roles{Masters: []string{"m1", "m2", "m3"}, MasterBalancer: &Balancer{Service: "lb", Ports: []int{4505, 4506}}}
	failover := Roles{Masters: []string{"m1", "m2"}}
	assert.Equal(t, []string{"s1", "s2"}, syndic.Relays("mom"))
	assert.Nil(t, syndic.Relays("s1"), "a syndic relays for the master of masters only")
	assert.Nil(t, failover.Relays("m1"))
	assert.Equal(t, []string{"m1", "m2", "m3"}, cluster.ClusterPeers())
	assert.Nil(t, failover.ClusterPeers())
	assert.Nil(t, syndic.ClusterPeers())
}
