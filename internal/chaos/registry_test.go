package chaos

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

// TestKindNamesAsSaved pins the kinds' strings: saved runs hold them in
// history.jsonl and faults.jsonl, and `heal` of an older run's ledger
// looks its lines' kinds up here, so a renamed kind would leave such a
// fault unhealable. A new kind adds to the registry; none of these goes.
func TestKindNamesAsSaved(t *testing.T) {
	var got []string
	for _, d := range Defs() {
		got = append(got, string(d.Kind))
	}
	for _, saved := range []string{"stop", "kill", "pause", "restart", "proc-kill", "proc-stop", "isolate",
		"partition", "port-block", "latency", "loss", "bandwidth", "dns", "disk-full", "key-replace", "key-action"} {
		assert.Contains(t, got, saved)
	}
}

// examples are the words of d's usage with every option given its example.
func examples(d Def, optional bool) []string {
	var w []string
	for _, a := range d.Args {
		if a.Optional && !optional {
			continue
		}
		w = append(w, "--"+a.Name)
		if !a.Switch {
			w = append(w, a.Example)
		}
	}
	return w
}

// TestRegistryIsWhole holds each registered kind to what the CLI, the
// drill files and the docs read from it: its usage parses as shown (all
// options, and the required ones alone), a required option left out is
// refused, its names and places are its own, and every option is one some
// kind takes.
func TestRegistryIsWhole(t *testing.T) {
	places := map[int]string{}
	taken := map[string]bool{}
	for _, d := range Defs() {
		t.Run(string(d.Kind), func(t *testing.T) {
			assert.NotContains(t, places, d.Place, "place %d is taken", d.Place)
			places[d.Place] = string(d.Kind)
			assert.NotEmpty(t, d.Mechanism)
			assert.NotEmpty(t, d.Salt)
			targets := []string{"a"}
			if d.Groups {
				targets = []string{"a", "b"}
			}
			_, err := ParseWords(string(d.Kind), targets, examples(d, true))
			assert.NoError(t, err, "usage: %s", d.Usage())
			_, err = ParseWords(string(d.Kind), targets, examples(d, false))
			assert.NoError(t, err, "the required options alone: %s", d.Usage())
			for _, a := range d.Args {
				taken[a.Name] = true
				if a.Optional || a.Default != "" {
					continue
				}
				given := map[string]string{}
				for _, b := range d.Args {
					if b.Name != a.Name && !b.Optional {
						given[b.Name] = b.Example
					}
				}
				_, err := Parse(string(d.Kind), targets, given)
				assert.Error(t, err, "--%s is required: %s", a.Name, d.Usage())
			}
			for _, alias := range d.Aliases {
				s, err := ParseWords(alias, targets, examples(d, false))
				require.NoError(t, err)
				assert.Equal(t, d.Kind, s.Kind, "an alias is recorded as its kind")
			}
		})
	}
	for _, n := range OptionNames() {
		assert.True(t, taken[n], "option --%s is taken by some kind", n)
	}
	assert.True(t, slices.IsSortedFunc(Defs(), func(a, b Def) int { return a.Place - b.Place }))
}

func TestCatalogAndLookup(t *testing.T) {
	for _, d := range Catalog() {
		assert.False(t, d.StepsOnly)
	}
	assert.Len(t, Catalog(), len(Defs())-1, "every kind but key-action is offered by `saltlab chaos`")
	_, err := Lookup(string(KindKeyAction))
	assert.ErrorContains(t, err, `unknown fault "key-action": want one of stop, kill, pause`)
	s, err := Parse(string(KindKeyAction), []string{"salt-master-1"}, map[string]string{"minion": "m1", "key-op": "reject"})
	require.NoError(t, err, "drill files and steps inject key-action")
	assert.Equal(t, Spec{Kind: KindKeyAction, Targets: []string{"salt-master-1"}, Minion: "m1", KeyOp: "reject"}, s)
	latency, err := Lookup("latency")
	require.NoError(t, err)
	assert.Equal(t, "SERVICE --delay 200ms [--jitter 20ms] [--ports 4505,4506]", latency.Usage())
	partition, _ := Lookup("partition")
	assert.Equal(t, "SERVICE[,SERVICE] --from SERVICE[,SERVICE] [--one-way]", partition.Usage())
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		kind    string
		targets []string
		words   []string
		want    Spec
		wantErr string
	}{
		{"latency", "latency", []string{"m"}, []string{"--delay", "200ms", "--ports", "4505"},
			Spec{Kind: KindLatency, Targets: []string{"m"}, Delay: 200 * time.Millisecond, Ports: []int{4505}}, ""},
		{"switch", "partition", []string{"a", "b"}, []string{"--one-way", "--from", "c, d"},
			Spec{Kind: KindPartition, Targets: []string{"a", "b"}, Peers: []string{"c", "d"}, OneWay: true}, ""},
		{"default filled in", "disk-full", []string{"m"}, nil, Spec{Kind: KindDiskFull, Targets: []string{"m"}, Path: "/dev/shm"}, ""},
		{"default overridden", "disk-full", []string{"m"}, []string{"--path", "/var/cache/salt"}, Spec{Kind: KindDiskFull, Targets: []string{"m"}, Path: "/var/cache/salt"}, ""},
		{"option of another kind", "pause", []string{"m"}, []string{"--delay", "1s"}, Spec{}, "fault pause: --delay does not apply to this fault (usage: pause SERVICE)"},
		{"not an option", "pause", []string{"m"}, []string{"--color", "red"}, Spec{}, `fault pause: "--color" is not an option of a fault`},
		{"value missing", "loss", []string{"m"}, []string{"--percent"}, Spec{}, "fault loss: --percent wants a value"},
		{"value read by its rule", "loss", []string{"m"}, []string{"--percent", "abc"}, Spec{}, `fault loss: validate --percent "abc": not a number`},
		{"checked as a whole", "latency", []string{"m"}, []string{"--delay", "10ms", "--jitter", "1s"}, Spec{}, "--jitter 1s exceeds --delay 10ms"},
		{"a group, spaces and empty items dropped", "partition", SplitList(" a, ,b "), []string{"--from", "c"},
			Spec{Kind: KindPartition, Targets: []string{"a", "b"}, Peers: []string{"c"}}, ""},
		{"unknown kind", "meteor", []string{"m"}, nil, Spec{}, `unknown fault "meteor": want one of stop, kill, pause`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseWords(tc.kind, tc.targets, tc.words)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				assert.True(t, usage.Is(err), "bad input is a usage error: %v", err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, s)
		})
	}
}

// TestNeedsHelper: the kinds acting from a helper in the target's
// namespace, by kind or alias, are the ones a run builds the helper for
// ahead; a kind Docker does alone, and an unknown name, are not.
func TestNeedsHelper(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"partition", true},
		{"isolate", true},
		{"latency", true},
		{"dns", true},
		{"stop", false},
		{"pause", false},
		{"proc-stop", false},
		{"key-action", false},
		{"meteor", false},
	} {
		assert.Equal(t, tc.want, NeedsHelper(tc.name), tc.name)
	}
	for _, d := range Defs() {
		for _, a := range d.Aliases {
			assert.Equal(t, NeedsHelper(string(d.Kind)), NeedsHelper(a), "alias %s of %s", a, d.Kind)
		}
		if d.Network {
			assert.True(t, NeedsHelper(string(d.Kind)), "network kind %s", d.Kind)
		}
	}
}
