package prepare

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/drill/spec"
)

// TestFaultKeysAreTheRegistrysOptions: a drill file's fault has a key for
// every option of the chaos registry and no other, so every kind the
// registry holds can stand in a drill.
func TestFaultKeysAreTheRegistrysOptions(t *testing.T) {
	want := []string{"kind", "target"}
	for _, n := range chaos.OptionNames() {
		want = append(want, strings.ReplaceAll(n, "-", "_"))
	}
	var got []string
	typ := reflect.TypeOf(spec.Fault{})
	for i := range typ.NumField() {
		key, _, _ := strings.Cut(typ.Field(i).Tag.Get("yaml"), ",")
		got = append(got, key)
	}
	assert.ElementsMatch(t, want, got)
}

func TestChaosSpec(t *testing.T) {
	tests := []struct {
		name    string
		yaml    string
		want    chaos.Spec
		wantErr string
	}{
		{"process", "{kind: proc-stop, target: salt-master-1, process: salt-master}",
			chaos.Spec{Kind: chaos.KindProcStop, Targets: []string{"salt-master-1"}, Process: "salt-master"}, ""},
		{"key-action, which only steps and drills inject", "{kind: key-action, target: salt-master-1, minion: salt-minion-1, key_op: reject}",
			chaos.Spec{Kind: chaos.KindKeyAction, Targets: []string{"salt-master-1"}, Minion: "salt-minion-1", KeyOp: "reject"}, ""},
		{"the registry's default", "{kind: disk-full, target: salt-master-1}",
			chaos.Spec{Kind: chaos.KindDiskFull, Targets: []string{"salt-master-1"}, Path: "/dev/shm"}, ""},
		{"lists and switches", "{kind: partition, target: salt-minion-1, from: [salt-master-1, salt-master-2], one_way: true}",
			chaos.Spec{Kind: chaos.KindPartition, Targets: []string{"salt-minion-1"}, Peers: []string{"salt-master-1", "salt-master-2"}, OneWay: true}, ""},
		{"durations", "{kind: latency, target: salt-master-1, delay: 200ms, jitter: 20ms, ports: [4506]}",
			chaos.Spec{Kind: chaos.KindLatency, Targets: []string{"salt-master-1"}, Delay: 200 * time.Millisecond, Jitter: 20 * time.Millisecond, Ports: []int{4506}}, ""},
		{"a number", "{kind: loss, target: salt-master-1, percent: 12.5}",
			chaos.Spec{Kind: chaos.KindLoss, Targets: []string{"salt-master-1"}, Percent: 12.5}, ""},
		{"an option its kind does not take", "{kind: stop, target: salt-master-1, ports: [4505]}", chaos.Spec{},
			`fault kind "stop": fault stop: --ports does not apply to this fault (usage: stop SERVICE)`},
		{"a kind the registry lacks", "{kind: meteor, target: salt-master-1}", chaos.Spec{}, `unknown fault "meteor": want one of stop, kill, pause`},
		{"checked by the kind's rule", "{kind: latency, target: salt-master-1, delay: 200}", chaos.Spec{}, `validate --delay "200": no unit`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var f spec.Fault
			require.NoError(t, yaml.Unmarshal([]byte(tc.yaml), &f))
			s, err := ChaosSpec(f)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, s)
		})
	}
}
