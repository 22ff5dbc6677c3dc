package checker

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/diagnose")

// checkFor builds the check a case names: "checker[:tool][@master[!absent]]",
// the tool salt unless named, e.g. "failover-time:salt-call" or
// "failover-time@salt-master-1!absent".
func checkFor(name string) Check {
	name, master, _ := strings.Cut(name, "@")
	master, absent := strings.CutSuffix(master, "!absent")
	name, tool, ok := strings.Cut(name, ":")
	if !ok {
		tool = "salt"
	}
	params, err := json.Marshal(map[string]any{"f": tool + " test.ping", "master": master, "absent": absent})
	if err != nil {
		panic(err)
	}
	return Check{Name: name, Scenario: "sc", Params: params}
}

// TestDiagnose: each rule fires on the records it rests on, and a
// look-alike setting neutralised by another, or a record that is missing,
// leaves it silent.
func TestDiagnose(t *testing.T) {
	for _, tt := range append(append(dnsCases(), portCases()...), keyCases()...) {
		t.Run(tt.name, func(t *testing.T) {
			var b hist
			tt.build(&b)
			got := Explain(checkFor(tt.check), tt.result, b.h)
			if len(tt.wantCause) == 0 {
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
			assertCitesItsEvidence(t, got, b.h)
		})
	}
}

var citation = regexp.MustCompile(`\(entr(?:y|ies) ([0-9, ]+)\)`)

// assertCitesItsEvidence: the cause names every entry of cause_evidence
// in its text, next to what the entry shows, and every entry exists.
func assertCitesItsEvidence(t *testing.T, r Result, h []history.Entry) {
	t.Helper()
	require.NotEmpty(t, r.CauseEvidence, "the cause cites the entries that recorded the setting")
	cited := map[int64]bool{}
	for _, m := range citation.FindAllStringSubmatch(r.Cause, -1) {
		for _, n := range strings.Split(m[1], ", ") {
			i, err := strconv.ParseInt(n, 10, 64)
			require.NoError(t, err)
			cited[i] = true
		}
	}
	for _, i := range r.CauseEvidence {
		require.Less(t, i, int64(len(h)))
		assert.True(t, cited[i], "entry %d is evidence but the cause does not cite it: %s", i, r.Cause)
	}
}

// TestDiagnosisNeedsEveryCitedRecord: a diagnosis changes when any
// configuration record it cites is missing (its read failed), and never
// cites the failed read: nothing it names is decoration, and nothing rests
// on a record that holds no value.
func TestDiagnosisNeedsEveryCitedRecord(t *testing.T) {
	for _, tt := range append(append(dnsCases(), portCases()...), keyCases()...) {
		if len(tt.wantCause) == 0 || tt.result.Cause != "" {
			continue
		}
		var b hist
		tt.build(&b)
		c := checkFor(tt.check)
		before := Explain(c, tt.result, b.h)
		require.NotEmpty(t, before.Cause, tt.name)
		for _, i := range before.CauseEvidence {
			e := b.h[i]
			if !e.IsCompletion() {
				continue // a fault the cause cites, not a setting
			}
			t.Run(tt.name+"/without entry "+strconv.FormatInt(i, 10), func(t *testing.T) {
				h := append([]history.Entry(nil), b.h...)
				h[i].Type, h[i].Value, h[i].Error = history.Fail, nil, "exit 1: read failed"
				after := Explain(c, tt.result, h)
				assert.NotEqual(t, before.Cause, after.Cause, "%s rests on entry %d (%s on %s)", tt.name, i, e.F, e.Node)
				assert.NotContains(t, after.CauseEvidence, i, "a failed read is no evidence")
			})
		}
	}
}

// TestDiagnoseThroughRun: a failover check judged on a failover-dns
// history carries the cause in its step message (the JUnit failure text),
// compared with a golden file.
func TestDiagnoseThroughRun(t *testing.T) {
	var b hist
	dns := map[string]string{"master": `["salt-master-1","salt-master-2"]`, "master_type": `"failover"`, "master_alive_interval": `2`,
		"publish_port": `4505`, "transport": `"zeromq"`, "open_mode": `false`, "verify_master_pubkey_sign": `false`}
	b.conf("salt-minion-1", dns)
	b.hosts("salt-minion-1", "127.0.0.1\tlocalhost\n172.29.0.130\tsalt-minion-1\n")
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
