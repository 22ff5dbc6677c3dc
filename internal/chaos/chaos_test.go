package chaos

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestSpecValidate(t *testing.T) {
	one := []string{"salt-master-1"}
	tests := []struct {
		name    string
		spec    Spec
		wantErr string
	}{
		{"pause ok", Spec{Kind: KindPause, Targets: one}, ""},
		{"no target", Spec{Kind: KindPause}, "name at least one target"},
		{"two targets", Spec{Kind: KindPause, Targets: []string{"a", "b"}}, "exactly one target"},
		{"partition without peers", Spec{Kind: KindPartition, Targets: one}, "other side"},
		{"partition with itself", Spec{Kind: KindPartition, Targets: one, Peers: one}, "on both sides"},
		{"groups ok", Spec{Kind: KindPartition, Targets: []string{"a", "b"}, Peers: []string{"c"}}, ""},
		{"bad port", Spec{Kind: KindPortBlock, Targets: one, Ports: []int{70000}}, "out of range"},
		{"no port", Spec{Kind: KindPortBlock, Targets: one}, "name the ports"},
		{"jitter over delay", Spec{Kind: KindLatency, Targets: one, Delay: time.Millisecond, Jitter: time.Second}, "want 0 <= jitter <= delay"},
		{"no delay", Spec{Kind: KindLatency, Targets: one}, "validate --delay 0s: zero; want a positive duration"},
		{"negative jitter", Spec{Kind: KindLatency, Targets: one, Delay: time.Second, Jitter: -time.Second}, "validate --jitter -1s: negative"},
		{"loss NaN", Spec{Kind: KindLoss, Targets: one, Percent: math.NaN()}, "validate --percent NaN: not a finite number"},
		{"loss over 100", Spec{Kind: KindLoss, Targets: one, Percent: 101}, "validate --percent 101: outside (0, 100]"},
		{"rate zero", Spec{Kind: KindBandwidth, Targets: one, Rate: "0kbit"}, `validate --rate "0kbit": zero`},
		{"loss zero", Spec{Kind: KindLoss, Targets: one}, "outside (0, 100]"},
		{"rate", Spec{Kind: KindBandwidth, Targets: one, Rate: "fast"}, "not a tc rate"},
		{"rate ok", Spec{Kind: KindBandwidth, Targets: one, Rate: "1mbit"}, ""},
		{"dns injection", Spec{Kind: KindDNS, Targets: one, Name: "x' -j ACCEPT"}, "not a DNS name"},
		{"process", Spec{Kind: KindProcStop, Targets: one, Process: "salt master; rm"}, "program name"},
		{"relative path", Spec{Kind: KindDiskFull, Targets: one, Path: "tmp"}, "must be absolute"},
		{"signal name", Spec{Kind: KindKill, Targets: one, Signal: "sigterm"}, ""},
		{"signal number", Spec{Kind: KindProcKill, Targets: one, Process: "salt-master", Signal: "9"}, ""},
		{"bad signal", Spec{Kind: KindKill, Targets: one, Signal: "TERM; reboot"}, "want a Linux signal name such as SIGTERM"},
		{"unknown signal", Spec{Kind: KindKill, Targets: one, Signal: "SIGFOO"}, `signal "SIGFOO": want a Linux signal name`},
		{"signal out of range", Spec{Kind: KindKill, Targets: one, Signal: "99"}, "or a number 1-64"},
		{"short name", Spec{Kind: KindKill, Targets: one, Signal: "hup"}, ""},
		{"relative pki dir", Spec{Kind: KindKeyReplace, Targets: one, Path: "pki"}, "must be absolute"},
		{"kill with SIGSTOP", Spec{Kind: KindKill, Targets: one, Signal: "SIGSTOP"}, "signal SIGSTOP stops the process rather than ending it"},
		{"proc-kill with tstp", Spec{Kind: KindProcKill, Targets: one, Process: "salt-master", Signal: "tstp"}, "use proc-stop (heal continues it) or pause instead"},
		{"kill with 19", Spec{Kind: KindKill, Targets: one, Signal: "19"}, "signal 19 stops the process"},
		{"proc-kill with TTIN", Spec{Kind: KindProcKill, Targets: one, Process: "salt-master", Signal: "TTIN"}, "stops the process"},
		{"proc-kill with 22", Spec{Kind: KindProcKill, Targets: one, Process: "salt-master", Signal: "22"}, "stops the process"},
		{"kill with SIGCONT", Spec{Kind: KindKill, Targets: one, Signal: "SIGCONT"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.spec.Validate()
			if tc.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.wantErr)
		})
	}
}

func TestProcessPattern(t *testing.T) {
	re := regexp.MustCompile(ProcessPattern("salt-master"))
	for cmd, want := range map[string]bool{
		"salt-master -l info":                           true,
		"/usr/bin/python3 /usr/bin/salt-master MWorker": true,
		"/opt/saltstack/salt/bin/salt-master":           true,
		"salt-api -d":                                   false,
		"salt-master-1":                                 false,
		"bash -c salt-masterx":                          false,
	} {
		assert.Equal(t, want, re.MatchString(cmd), cmd)
	}
	assert.True(t, regexp.MustCompile(ProcessPattern("nginx")).MatchString("nginx: master process nginx"))
}

// TestSpecMechanismLimits: values a fault's tool would round to nothing
// or cannot hold are usage errors (exit 2) naming the limit, before the
// fault is recorded (issue 41, class 4).
func TestSpecMechanismLimits(t *testing.T) {
	one := []string{"salt-minion-1"}
	ports := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = 4000 + i
		}
		return out
	}
	tests := []struct {
		name    string
		spec    Spec
		wantErr string
	}{
		{"16 ports to block", Spec{Kind: KindPortBlock, Targets: one, Ports: ports(16)}, "lists 16 ports, more than the 15 an iptables multiport match holds"},
		{"16 ports to delay", Spec{Kind: KindLatency, Targets: one, Delay: time.Second, Ports: ports(16)}, "more than the 15"},
		{"15 ports", Spec{Kind: KindPortBlock, Targets: one, Ports: ports(15)}, ""},
		{"delay under a millisecond", Spec{Kind: KindLatency, Targets: one, Delay: 500 * time.Microsecond}, "--delay 500µs is below 1ms"},
		{"delay of a nanosecond", Spec{Kind: KindLatency, Targets: one, Delay: time.Nanosecond}, "would round to nothing"},
		{"jitter under a millisecond", Spec{Kind: KindLatency, Targets: one, Delay: time.Second, Jitter: 10 * time.Microsecond}, "--jitter 10µs is below 1ms"},
		{"a millisecond", Spec{Kind: KindLatency, Targets: one, Delay: time.Millisecond, Jitter: time.Millisecond}, ""},
		{"loss below the statistic match", Spec{Kind: KindLoss, Targets: one, Percent: 1e-9}, "the smallest share the iptables statistic match holds"},
		{"small loss", Spec{Kind: KindLoss, Targets: one, Percent: 0.001}, ""},
		{"rate under a byte a second", Spec{Kind: KindBandwidth, Targets: one, Rate: "7bit"}, "below 8bit, one byte a second"},
		{"rate beyond tbf", Spec{Kind: KindBandwidth, Targets: one, Rate: "40gbit"}, "above 34gbit"},
		{"rate of a huge number", Spec{Kind: KindBandwidth, Targets: one, Rate: "99999999999999999999999bit"}, "above 34gbit"},
		{"a byte a second", Spec{Kind: KindBandwidth, Targets: one, Rate: "1bps"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.spec.Validate()
			if tc.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.wantErr)
			assert.True(t, usage.Is(err), "a usage error, exit 2")
		})
	}
	// Four decimals made 0.001 % a probability of 0.0000: nothing dropped.
	rs, _, err := lossRules(context.Background(), nil, Spec{Percent: 0.001}, container.InspectResponse{})
	require.NoError(t, err)
	assert.Contains(t, rs.Output[0], "--probability 0.00001 ")
}

func TestScripts(t *testing.T) {
	assert.Equal(t, "|0d|salt-master-1", dnsHexString("salt-master-1"))
	assert.Equal(t, "|04|salt|07|example|03|com", dnsHexString("salt.example.com."))
	assert.Equal(t, "SALTLAB-a1b2c3-", chainPrefix("20261122-021503-a1b2c3"))

	apply := applyScript("SALTLAB-a1b2c3-beef01", ruleSet{Input: []string{"-s 10.0.0.2 -j DROP"}, NatOut: []string{"-p tcp -j REDIRECT --to-ports 1"},
		Output: []string{"-p udp -m string --hex-string " + dnsHexString("salt-master-1") + " -j DROP"}})
	assert.Equal(t, []string{
		"-w -t filter -N SALTLAB-a1b2c3-beef01I",
		"-w -t filter -A SALTLAB-a1b2c3-beef01I -s 10.0.0.2 -j DROP",
		"-w -t filter -I INPUT 1 -j SALTLAB-a1b2c3-beef01I",
		"-w -t filter -N SALTLAB-a1b2c3-beef01O",
		"-w -t filter -A SALTLAB-a1b2c3-beef01O -p udp -m string --hex-string |0d|salt-master-1 -j DROP",
		"-w -t filter -I OUTPUT 1 -j SALTLAB-a1b2c3-beef01O",
		"-w -t nat -N SALTLAB-a1b2c3-beef01N",
		"-w -t nat -A SALTLAB-a1b2c3-beef01N -p tcp -j REDIRECT --to-ports 1",
		"-w -t nat -I OUTPUT 1 -j SALTLAB-a1b2c3-beef01N",
	}, runWithIptables(t, apply, ""), "the commands the shell runs, each argument as meant")
	assert.NotContains(t, apply, "beef01P", "no empty chains")
	assert.LessOrEqual(t, len("SALTLAB-a1b2c3-beef01I"), 28, "iptables chain name limit")

	rm := removeScript("SALTLAB-a1b2c3-")
	saved := ":INPUT ACCEPT [0:0]\n:SALTLAB-a1b2c3-beef01I - [0:0]\n:SALTLAB-ffffff-beef02I - [0:0]\n:KEEP - [0:0]\n"
	got := runWithIptables(t, rm, saved)
	assert.Contains(t, got, "-w -t filter -X SALTLAB-a1b2c3-beef01I", "the run's chains go")
	for _, line := range got {
		assert.NotContains(t, line, "SALTLAB-ffffff", "another run's chains stay")
		assert.NotContains(t, line, "KEEP", "chains saltlab did not add stay")
		assert.NotEqual(t, "-F", strings.TrimSpace(line), "never a wholesale flush")
	}
	assert.Contains(t, killProxies("beef01"), "'[s]altlab-netfault proxy .*--fault beef01'")
}

// runWithIptables runs script in bash with iptables and iptables-save
// replaced by functions: iptables-save prints saved, iptables records its
// arguments one line per call. It returns those lines.
func runWithIptables(t *testing.T, script, saved string) []string {
	t.Helper()
	stub := `iptables-save() { printf '` + saved + `'; }
iptables() { echo "$@"; while [ "$1" != -D ]; do [ $# -eq 0 ] && return 0; shift; done; return 1; }
`
	out, err := exec.Command("bash", "-c", stub+script+"\n", "test").CombinedOutput()
	require.NoError(t, err, string(out))
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

func TestProxyPorts(t *testing.T) {
	for _, tok := range []string{"000000", "ffffff", "a1b2c3", "0009c3"} {
		in, out := proxyPorts(tok)
		assert.Equal(t, in+1, out)
		assert.GreaterOrEqual(t, in, 15000)
		assert.Less(t, out, 20000, "below the ephemeral port range")
	}
}

func TestParseDF(t *testing.T) {
	avail, mount, err := parseDF("Filesystem 1-blocks Used Available Capacity Mounted on\nshm 67108864 0 67108864 0% /dev/shm\n")
	require.NoError(t, err)
	assert.Equal(t, int64(67108864), avail)
	assert.Equal(t, "/dev/shm", mount)
	_, _, err = parseDF("df: /nope: No such file or directory\n")
	assert.ErrorContains(t, err, "unexpected df output")
}

func TestProbeAndSupport(t *testing.T) {
	f := parseProbe("iptables-nft ok\nnetem missing Error: Specified qdisc kind is unknown.\ntbf ok\nxt-string ok\nnat-redirect ok\n")
	assert.True(t, f[FeatIPTables].OK)
	assert.Equal(t, "Error: Specified qdisc kind is unknown.", f[FeatNetem].Detail)

	in, err := Lookup("latency")
	require.NoError(t, err)
	ok, why := in.Supported(f)
	assert.True(t, ok, why, "latency uses the proxy, not netem")
	loss, _ := Lookup("loss")
	ok, why = loss.Supported(f)
	assert.False(t, ok)
	assert.Contains(t, why, "xt-statistic")
	_, err = Lookup("meteor")
	assert.ErrorContains(t, err, "want one of stop, kill, pause")
}

// fakeDocker checks, when the fault acts, that the ledger line is on disk.
type fakeDocker struct {
	Docker
	ledger   string
	paused   bool
	onDisk   bool
	gone     bool
	unpauses int
}

func (f *fakeDocker) ContainerInspect(_ context.Context, id string) (container.InspectResponse, error) {
	if f.gone {
		return container.InspectResponse{}, errdefs.ErrNotFound
	}
	st := &container.State{Status: "running", Running: true, Paused: f.paused}
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: "c0ffee", State: st}}, nil
}

func (f *fakeDocker) ContainerPause(context.Context, string) error {
	b, _ := os.ReadFile(f.ledger)
	f.onDisk = strings.Contains(string(b), `"event":"inject"`) && strings.Contains(string(b), `"container":"c0ffee"`)
	f.paused = true
	return nil
}

func (f *fakeDocker) ContainerUnpause(context.Context, string) error {
	f.unpauses++
	f.paused = false
	return nil
}

func TestInjectRecordsBeforeActingAndUndoIsIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	d := &fakeDocker{ledger: path}
	e := New(d, "20261122-021503-a1b2c3", "saltlab-failover-x", fault.NewLedger(path))
	en, err := e.Inject(context.Background(), Spec{Kind: KindPause, Targets: []string{"salt-master-1"}, Scenario: "s"})
	require.NoError(t, err)
	assert.True(t, d.onDisk, "the ledger line with the container id was synced before the pause")
	assert.Equal(t, "s", en.Scenario)

	require.NoError(t, e.Undo(context.Background(), en))
	require.NoError(t, e.Undo(context.Background(), en), "already healed")
	assert.Equal(t, 1, d.unpauses)
	d.gone = true
	require.NoError(t, e.Undo(context.Background(), en), "target gone")

	_, err = e.Inject(context.Background(), Spec{Kind: "meteor", Targets: []string{"x"}})
	assert.ErrorContains(t, err, `unknown kind "meteor"`)
	assert.ErrorContains(t, e.Undo(context.Background(), fault.Entry{Kind: "meteor"}), `unknown kind "meteor"`)
}

func TestInjectRefusesUnsupportedFault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	e := New(&fakeDocker{ledger: path}, "20261122-021503-a1b2c3", "p", fault.NewLedger(path))
	e.Features = Features{FeatIPTables: {OK: false, Detail: "Permission denied"}}
	_, err := e.Inject(context.Background(), Spec{Kind: KindIsolate, Targets: []string{"salt-master-1"}})
	require.ErrorIs(t, err, ErrUnsupported)
	assert.ErrorContains(t, err, "fault isolate: not supported on this host: host lacks iptables-nft: Permission denied")
	assert.Empty(t, e.Ledger().Pending(), "nothing recorded, nothing acted")
	_, err = e.Inject(context.Background(), Spec{Kind: KindPause, Targets: []string{"salt-master-1"}})
	assert.NoError(t, err, "faults needing no kernel feature still work")
}

func TestNetemScript(t *testing.T) {
	got := netemScript([]int{4505, 4506}, 200*time.Millisecond, 20*time.Millisecond)
	for _, want := range []string{
		`tc qdisc add dev "$i" root handle 5a17: prio bands 4`,
		`tc qdisc add dev "$i" parent 5a17:4 handle 5a18: netem delay 200000us 20000us`,
		`tc filter add dev "$i" parent 5a17: protocol ip prio 1 u32 match ip dport 4505 0xffff flowid 5a17:4`,
		`tc filter add dev "$i" parent 5a17: protocol ip prio 1 u32 match ip sport 4506 0xffff flowid 5a17:4`,
		`[ "$i" = lo ] && continue`,
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, netemScript([]int{8000}, time.Second, 0), "1000000us ", "no jitter without --jitter")
	assert.Contains(t, qdiscRemoveScript, `grep -q " 5a17: "`, "heal removes the prio root, netem and filters with it")
}

func TestLatencyMechanismFollowsTheHost(t *testing.T) {
	tests := []struct {
		name  string
		feats Features
		netem bool
	}{
		{"this development host: no netem", Features{FeatNetem: {Detail: "Specified qdisc kind is unknown."}, FeatPrio: {Detail: "unknown"}, FeatRedirect: {OK: true}}, false},
		{"netem but no prio", Features{FeatNetem: {OK: true}, FeatPrio: {Detail: "unknown"}}, false},
		{"netem and prio", Features{FeatNetem: {OK: true}, FeatPrio: {OK: true}}, true},
	}
	info, err := Lookup(string(KindLatency))
	require.NoError(t, err)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.netem, netemUsable(tt.feats))
			if tt.netem {
				assert.Contains(t, info.MechanismOn(tt.feats), "tc netem")
			} else {
				assert.Contains(t, info.MechanismOn(tt.feats), "userspace TCP delay proxy")
			}
		})
	}
	assert.Equal(t, info.Mechanism, info.MechanismOn(nil), "unknown host: the general text")
}

// TestLedgerTargetsReadWhatARecordWrote: a ledger entry's target, as the
// engine records it, names its targets back, a partition's peers left out.
func TestLedgerTargetsReadWhatARecordWrote(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want []string
	}{
		{Spec{Kind: KindStop, Targets: []string{"salt-master-1"}}, []string{"salt-master-1"}},
		{Spec{Kind: KindPartition, Targets: []string{"salt-master-1"}, Peers: []string{"salt-minion-1", "salt-minion-2"}}, []string{"salt-master-1"}},
		{Spec{Kind: KindPartition, Targets: []string{"a", "b"}, Peers: []string{"c"}, OneWay: true}, []string{"a", "b"}},
	} {
		assert.Equal(t, tc.want, LedgerTargets(tc.spec.describeTargets()), tc.spec.describeTargets())
	}
	assert.True(t, IsNetwork(KindPartition))
	assert.False(t, IsNetwork(KindStop))
	assert.False(t, IsNetwork("meteor"))
}
