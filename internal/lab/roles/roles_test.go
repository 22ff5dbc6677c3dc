package roles

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

var services = []string{"key-wait", "nginx", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2", "salt-minion-3"}

func spec(t *testing.T, doc string) any {
	t.Helper()
	var v any
	require.NoError(t, yaml.Unmarshal([]byte(doc), &v))
	return v
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		want    Roles
		wantErr []string
	}{
		{name: "pattern and api", doc: `{masters: [salt-master-2, salt-master-1], minions: ["salt-minion-*"], api: {service: nginx, port: 80, base_path: /salt-api}}`,
			want: Roles{Masters: []string{"salt-master-2", "salt-master-1"}, Minions: []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"},
				API: &API{Service: "nginx", Port: 80, BasePath: "/salt-api/"}}},
		{name: "explicit minions, default base path", doc: `{masters: [salt-master-1], minions: [salt-minion-2, salt-minion-1], api: {service: nginx, port: 80}}`,
			want: Roles{Masters: []string{"salt-master-1"}, Minions: []string{"salt-minion-1", "salt-minion-2"}, API: &API{Service: "nginx", Port: 80, BasePath: "/"}}},
		{name: "overlapping minion entries", doc: `{masters: [salt-master-1], minions: [salt-minion-1, "salt-minion-*"]}`,
			want: Roles{Masters: []string{"salt-master-1"}, Minions: []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"}}},
		{name: "no master", doc: `{minions: ["salt-minion-*"]}`, wantErr: []string{"x-saltlab.masters: no master"}},
		{name: "unknown master", doc: `{masters: [salt-master-9], minions: ["salt-minion-*"]}`,
			wantErr: []string{`x-saltlab.masters[0]: service "salt-master-9" is not defined: name one of key-wait, nginx`}},
		{name: "master twice", doc: `{masters: [salt-master-1, salt-master-1], minions: ["salt-minion-*"]}`,
			wantErr: []string{`x-saltlab.masters[1]: service "salt-master-1" is already listed at masters[0]`}},
		{name: "master also a minion", doc: `{masters: [salt-master-1], minions: ["salt-*"]}`,
			wantErr: []string{`x-saltlab.minions[0]: service "salt-master-1" is already listed at masters[0]`}},
		{name: "no minion", doc: `{masters: [salt-master-1]}`, wantErr: []string{"x-saltlab.minions: no minion"}},
		{name: "pattern matches nothing", doc: `{masters: [salt-master-1], minions: ["minion-*"]}`, wantErr: []string{`x-saltlab.minions[0]: "minion-*" matches no service`}},
		{name: "bad pattern", doc: `{masters: [salt-master-1], minions: ["salt-minion-["]}`, wantErr: []string{`x-saltlab.minions[0]: bad pattern "salt-minion-["`}},
		{name: "lb without port", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], api: {service: nginx}}`,
			wantErr: []string{"x-saltlab.api.port: 0: give the container port"}},
		{name: "lb without service", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], api: {port: 80}}`,
			wantErr: []string{"x-saltlab.api.service: empty"}},
		{name: "base path without slash", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], api: {service: nginx, port: 80, base_path: salt-api/}}`,
			wantErr: []string{`x-saltlab.api.base_path: "salt-api/" does not start with "/"`}},
		{name: "master of masters not a master", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], syndics: [salt-master-2], master_of_masters: nginx}`,
			wantErr: []string{`x-saltlab.master_of_masters: "nginx" is not one of masters`}},
		{name: "minion mode", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], minion_mode: hot}`,
			want: Roles{Masters: []string{"salt-master-1"}, Minions: []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"}, MinionMode: "hot"}},
		{name: "unknown minion mode", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], minion_mode: str}`,
			wantErr: []string{`x-saltlab.minion_mode: "str" is not a mode: write failover or hot`}},
		{name: "master balancer shared with the api", doc: `{masters: [salt-master-1, salt-master-2], minions: ["salt-minion-*"], api: {service: nginx, port: 80}, master_balancer: {service: nginx, ports: [4505, 4506]}, salt_min: "3007"}`,
			want: Roles{Masters: []string{"salt-master-1", "salt-master-2"}, Minions: []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"},
				API: &API{Service: "nginx", Port: 80, BasePath: "/"}, MasterBalancer: &Balancer{Service: "nginx", Ports: []int{4505, 4506}}, SaltMin: "3007"}},
		{name: "swarm", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], swarm: {salt-minion-2: 3}}`,
			want: Roles{Masters: []string{"salt-master-1"}, Minions: []string{"salt-minion-1", "salt-minion-2", "salt-minion-3"}, Swarm: map[string]int{"salt-minion-2": 3}}},
		{name: "swarm outside the minions", doc: `{masters: [salt-master-1], minions: [salt-minion-1], swarm: {salt-minion-2: 3, salt-minion-1: 1000}}`,
			wantErr: []string{`x-saltlab.swarm.salt-minion-2: "salt-minion-2" is not one of the minions [salt-minion-1]`, "x-saltlab.swarm.salt-minion-1: 1000 minions: want 1 to 999 per service"}},
		{name: "master balancer is a master", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], master_balancer: {service: salt-master-1, ports: [4505]}}`,
			wantErr: []string{`x-saltlab.master_balancer.service: service "salt-master-1" is already listed at masters[0]`}},
		{name: "master balancer without ports", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], master_balancer: {service: nginx}}`,
			wantErr: []string{"x-saltlab.master_balancer.ports: none"}},
		{name: "master balancer bad port and no service", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], master_balancer: {ports: [0]}}`,
			wantErr: []string{"x-saltlab.master_balancer.service: empty", "x-saltlab.master_balancer.ports[0]: 0"}},
		{name: "salt_min not a release", doc: `{masters: [salt-master-1], minions: ["salt-minion-*"], salt_min: "3007.x"}`,
			wantErr: []string{`x-saltlab.salt_min: "3007.x" is not a Salt release`}},
		{name: "every problem at once", doc: `{masters: [nope], minions: [], api: {service: nginx, base_path: x}}`,
			wantErr: []string{"masters[0]", "minions: no minion", "api.port", "api.base_path"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(spec(t, tt.doc))
			require.NoError(t, err)
			got, err := Resolve(s, services)
			if len(tt.wantErr) > 0 {
				require.Error(t, err)
				for _, w := range tt.wantErr {
					assert.Contains(t, err.Error(), w)
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		wantErr string
	}{
		{name: "typo in a key", doc: `{master: [a], minions: [b]}`, wantErr: `unknown field "master"`},
		{name: "masters not a list", doc: `{masters: a, minions: [b]}`, wantErr: "read x-saltlab"},
		{name: "port as text", doc: `{masters: [a], minions: [b], api: {service: n, port: eighty}}`, wantErr: "read x-saltlab"},
		{name: "empty block", doc: `~`, wantErr: "x-saltlab is empty"},
		{name: "valid", doc: `{masters: [a], minions: [b], api: {service: n, port: 80}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(spec(t, tt.doc))
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
}

func TestPosition(t *testing.T) {
	r := Roles{Masters: []string{"a", "b"}}
	i, ok := r.Position("b")
	assert.True(t, ok)
	assert.Equal(t, 1, i)
	_, ok = r.Position("c")
	assert.False(t, ok)
	assert.Equal(t, "80/tcp", API{Port: 80}.PortSpec())
}

func TestMinionIDs(t *testing.T) {
	r := Roles{Minions: []string{"salt-minion-1", "salt-minion-2", "web"}, Swarm: map[string]int{"salt-minion-2": 3}}
	assert.Equal(t, []string{"salt-minion-1", "salt-minion-2-001", "salt-minion-2-002", "salt-minion-2-003", "web"}, r.MinionIDs())
	assert.NotEmpty(t, r.Swarm)
	plain := Roles{Minions: []string{"b", "a"}}
	assert.Equal(t, []string{"a", "b"}, plain.MinionIDs())
	assert.Empty(t, plain.Swarm)
}
