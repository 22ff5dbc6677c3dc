package checker

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/diagnose")

// conf records one minion's settings as RecordLabConfig does.
func (b *hist) conf(minion string, settings map[string]string) {
	for _, k := range ConfigKeys() {
		v, ok := settings[k]
		if !ok {
			continue
		}
		val, err := json.Marshal(ConfigValue{Key: k, Value: json.RawMessage(v)})
		if err != nil {
			panic(err)
		}
		b.op(0, time.Millisecond, history.OK, FConfigGet, minion, minion, string(val), "")
	}
}

func (b *hist) fingers(master, pub string) {
	b.op(0, time.Millisecond, history.OK, FingerOp, master, "", `{"local":{"master.pem":"aa","master.pub":"`+pub+`"}}`, "")
}

func (b *hist) signedFingers(master, pub, sign string) {
	b.op(0, time.Millisecond, history.OK, FingerOp, master, "", `{"local":{"master.pub":"`+pub+`","master_sign.pub":"`+sign+`"}}`, "")
}

var (
	dnsFailover = map[string]string{"master": `["salt-master-1","salt-master-2"]`, "master_type": `"failover"`, "master_alive_interval": `2`}
	ipFailover  = map[string]string{"master": `["172.30.0.11","172.30.0.12"]`, "master_type": `"failover"`, "master_alive_interval": `2`}
	aiMatrix    = map[string]string{"master": `["docker-host:4505","docker-host:4507"]`, "master_type": `"failover"`, "master_alive_interval": `30`}
	hotShared   = map[string]string{"master": `["172.30.0.11","172.30.0.12"]`, "master_type": `"str"`}
)

func invalid() Result {
	return Result{Verdict: Invalid, Expected: "salt-master-2 to serve every minion's salt test.ping within its bound",
		Observed: "salt-minion-1: not served by salt-master-2 within 19s (invalid)", Evidence: []int64{1}}
}

func TestDiagnose(t *testing.T) {
	tests := []struct {
		name      string
		check     string
		build     func(b *hist)
		result    Result
		wantCause []string // substrings; none: no diagnosis
	}{
		{"dns names in failover after a stop", NameFailover, func(b *hist) {
			b.conf("salt-minion-1", dnsFailover)
			b.conf("salt-minion-2", dnsFailover)
			b.fingers("salt-master-1", "11:22")
			b.fingers("salt-master-2", "11:22")
			b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
		}, invalid(), []string{"setting master", "salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2]", "Docker DNS", "salt-master-1 (entry", "§1.9"}},
		{"dns names but nothing stopped: the rule needs the stop", NameFailover, func(b *hist) {
			b.conf("salt-minion-1", dnsFailover)
			b.fault(time.Second, "1", "pause", "salt-master-1", history.Start)
		}, invalid(), nil},
		{"dns names do not explain salt-call, whose list path skips the stopped master", NameFailover + ":salt-call", func(b *hist) {
			b.conf("salt-minion-1", dnsFailover)
			b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
		}, invalid(), nil},
		{"dns names, a checker failover does not explain", NameUnchanged, func(b *hist) {
			b.conf("salt-minion-1", dnsFailover)
			b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
		}, invalid(), nil},
		{"ip addresses: sound", NameFailover, func(b *hist) {
			b.conf("salt-minion-1", ipFailover)
			b.fault(time.Second, "1", "stop", "172.30.0.11", history.Start)
		}, invalid(), nil},
		{"valid verdicts are not diagnosed", NameFailover, func(b *hist) {
			b.conf("salt-minion-1", dnsFailover)
			b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
		}, Result{Verdict: Valid}, nil},
		{"unknown verdicts are not diagnosed", NameFailover, func(b *hist) {
			b.conf("salt-minion-1", dnsFailover)
			b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
		}, Result{Verdict: Unknown}, nil},
		{"later master with its own key pair", NameAvailability, func(b *hist) {
			b.conf("salt-minion-1", hotShared)
			b.fingers("salt-master-1", "11:22")
			b.fingers("salt-master-2", "33:44")
		}, invalid(), []string{"master.pem differs between masters (salt-master-1 11:22; salt-master-2 33:44)", "The master key has changed"}},
		{"own key pairs, a check they do not explain", NameUnchanged, func(b *hist) {
			b.fingers("salt-master-1", "11:22")
			b.fingers("salt-master-2", "33:44")
		}, invalid(), nil},
		{"own key pairs signed with one shared master_sign key (MultiMaster-PKI)", NameAvailability, func(b *hist) {
			b.conf("salt-minion-1", hotShared)
			b.signedFingers("salt-master-1", "11:22", "99:99")
			b.signedFingers("salt-master-2", "33:44", "99:99")
		}, invalid(), nil},
		{"own key pairs signed with different master_sign keys", NameAvailability, func(b *hist) {
			b.conf("salt-minion-1", hotShared)
			b.signedFingers("salt-master-1", "11:22", "99:99")
			b.signedFingers("salt-master-2", "33:44", "88:88")
		}, invalid(), []string{"salt-master-2 33:44"}},
		{"own key pairs explain an unknown verdict too", NameAvailability, func(b *hist) {
			b.fingers("salt-master-1", "11:22")
			b.fingers("salt-master-2", "33:44")
		}, Result{Verdict: Unknown}, []string{"master.pem differs"}},
		{"a cause the checker named itself is kept", NameAvailability, func(b *hist) {
			b.fingers("salt-master-1", "11:22")
			b.fingers("salt-master-2", "33:44")
		}, Result{Verdict: Invalid, Cause: "the checker's own"}, []string{"the checker's own"}},
		{"ai-infra-matrix publish ports in master entries", NameNoSignIn, func(b *hist) {
			b.conf("salt-minion-1", aiMatrix)
			b.fingers("salt-master-1", "11:22")
			b.fingers("salt-master-2", "11:22")
			b.conf("salt-minion-2", aiMatrix)
		}, invalid(), []string{"setting master: salt-minion-1, salt-minion-2: master = [docker-host:4505, docker-host:4507] (", "docker-host:4505 names port 4505, the publish port", "2 entries on host docker-host share one master identity", "§1.3-§1.5"}},
		{"no configuration recorded (an older run)", NameFailover, func(b *hist) {
			b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
		}, invalid(), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b hist
			tt.build(&b)
			c := Check{Name: tt.check, Scenario: "sc", Params: json.RawMessage(`{"f":"salt test.ping"}`)}
			if name, f, ok := strings.Cut(tt.check, ":"); ok {
				c.Name, c.Params = name, json.RawMessage(`{"f":"`+f+` test.ping"}`)
			}
			got := Explain(c, tt.result, b.h)
			if len(tt.wantCause) == 0 {
				assert.Empty(t, got.Cause)
				assert.Empty(t, got.Fix)
				assert.Equal(t, tt.result, got, "an undiagnosed result is returned unchanged")
				return
			}
			for _, s := range tt.wantCause {
				assert.Contains(t, got.Cause, s)
			}
			if tt.result.Cause != "" {
				assert.Equal(t, tt.result, got, "a checker's own cause is not replaced")
				return
			}
			assert.NotEmpty(t, got.Fix)
			assert.NotEmpty(t, got.CauseEvidence, "the cause cites the entries that recorded the setting")
			for _, i := range got.CauseEvidence {
				require.Less(t, i, int64(len(b.h)))
			}
		})
	}
}

// TestDiagnoseThroughRun: a failover check judged on a failover-dns
// history carries the cause in its step message (the JUnit failure text),
// compared with a golden file.
func TestDiagnoseThroughRun(t *testing.T) {
	var b hist
	b.conf("salt-minion-1", dnsFailover)
	b.fingers("salt-master-1", "11:22")
	b.fingers("salt-master-2", "11:22")
	stop := b.fault(time.Second, "1", "stop", "salt-master-1", history.Start)
	b.op(2*time.Second, 5*time.Second, history.Info, "salt test.ping", "salt-master-2", "salt-minion-1", "", "timed out")
	c, err := New(NameFailover, "s", "step", FailoverParams{Since: stop, F: "salt test.ping", Fun: "test.ping", Master: "salt-master-2",
		Bounds: map[string]Bound{"salt-minion-1": {Limit: 19 * time.Second, Explain: "master_alive_interval 2s + slack"}}})
	require.NoError(t, err)
	r := Run(c, b.h)
	require.Equal(t, Invalid, r.Verdict, r.Observed)
	msg := r.Message(NameFailover, "history.jsonl")
	golden := filepath.Join("testdata", "diagnose", "failover-dns.golden")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
		require.NoError(t, os.WriteFile(golden, []byte(msg+"\n"), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run with -update to write it")
	assert.Equal(t, string(want), msg+"\n")
	assert.Contains(t, msg, "\ncause: setting master")
	assert.Contains(t, msg, "\nfix: ")
}
