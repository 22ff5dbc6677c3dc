package roles

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnmet(t *testing.T) {
	api := &API{Service: "nginx", Port: 80, BasePath: "/"}
	tests := []struct {
		name  string
		roles Roles
		want  []string
	}{
		{"failover with api", Roles{Masters: []string{"m1", "m2"}, API: api, MinionMode: "failover"},
			[]string{"@needs-syndic", "@mode-hot"}},
		{"hot without api", Roles{Masters: []string{"m1", "m2"}, MinionMode: "hot"},
			[]string{"@needs-api", "@needs-syndic", "@mode-failover"}},
		{"syndic: the master of masters is not a second master", Roles{Masters: []string{"mom"}, Syndics: []string{"s1", "s2"}, MasterOfMasters: "mom", MinionMode: "hot"},
			[]string{"@needs-api", "@needs-2-masters", "@mode-failover"}},
		{"no mode declared meets no mode tag", Roles{Masters: []string{"m1", "m2"}, API: api},
			[]string{"@needs-syndic", "@mode-failover", "@mode-hot"}},
		{"a master cluster behind a balancer is not two listed masters", Roles{Masters: []string{"m1", "m2", "m3"}, API: api, MasterBalancer: &Balancer{Service: "lb", Ports: []int{4505}}},
			[]string{"@needs-syndic", "@needs-2-masters", "@mode-failover", "@mode-hot"}},
		{"one master", Roles{Masters: []string{"m1"}, API: api, MinionMode: "failover"},
			[]string{"@needs-syndic", "@needs-2-masters", "@mode-hot"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, what := tt.roles.Unmet()
			assert.Equal(t, tt.want, got)
			assert.Len(t, what, len(got))
		})
	}
}

func TestCheckTags(t *testing.T) {
	assert.NoError(t, CheckTags([]string{"@general", "@needs-api", "@mode-hot", "@slow", "@failover"}))
	err := CheckTags([]string{"@general", "@needs-apis"})
	assert.EqualError(t, err, "unknown requirement tag @needs-apis: use one of @needs-api @needs-syndic @needs-2-masters @mode-failover @mode-hot")
	assert.ErrorContains(t, CheckTags([]string{"@mode-str"}), "unknown requirement tag @mode-str")
}
