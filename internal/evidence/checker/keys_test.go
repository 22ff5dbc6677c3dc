package checker

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

const (
	fpA    = `{"local":{"master.pem":"aa","master.pub":"a1"}}`
	fpB    = `{"local":{"master.pem":"bb","master.pub":"b1"}}`
	fpSigA = `{"local":{"master.pem":"aa","master.pub":"a1","master_sign.pub":"s1"}}`
	fpSigB = `{"local":{"master.pem":"bb","master.pub":"b1","master_sign.pub":"s1"}}`
	fpSigC = `{"local":{"master.pem":"bb","master.pub":"b1","master_sign.pub":"s2"}}`
	// Salt 3008 on a shared pki directory: every master's pair under its
	// id, listed by every master (salt/crypt.py MasterKeys._setup_keys).
	fp3008Shared = `{"local":{"m1.pem":"aa","m1.pub":"a1","m2.pem":"aa","m2.pub":"a1"}}`
	fp3008Own    = `{"local":{"m1.pem":"aa","m1.pub":"a1","m2.pem":"bb","m2.pub":"b1"}}`
)

func TestMasterKeys(t *testing.T) {
	masters := []string{"m1", "m2"}
	for _, tt := range []struct {
		name    string
		fingers []string // per master; "" records none
		want    Verdict
		cause   bool
	}{
		{name: "one shared key pair", fingers: []string{fpA, fpA}, want: Valid},
		{name: "own keys signed by one master_sign key", fingers: []string{fpSigA, fpSigB}, want: Valid},
		{name: "own keys, no signing", fingers: []string{fpA, fpB}, want: Invalid, cause: true},
		{name: "own keys signed by different signing keys", fingers: []string{fpSigA, fpSigC}, want: Invalid, cause: true},
		{name: "a master's fingerprints missing", fingers: []string{fpA, ""}, want: Unknown},
		{name: "a master without master.pub", fingers: []string{fpA, `{"local":{}}`}, want: Unknown},
		{name: "3008: one pair stored under every master's id", fingers: []string{fp3008Shared, fp3008Shared}, want: Valid},
		{name: "3008: a second master generated its own pair", fingers: []string{fp3008Own, fp3008Own}, want: Invalid, cause: true},
		{name: "3008: a key under another id only", fingers: []string{fp3008Shared, `{"local":{"x.pub":"a1","y.pub":"b1"}}`}, want: Unknown},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b hist
			for i, m := range masters {
				if tt.fingers[i] != "" {
					b.op(s(float64(i)), s(0.1), history.OK, history.FingerOp, m, "", tt.fingers[i], "")
				}
			}
			r := MasterKeys(b.h, MasterKeysParams{Masters: masters})
			assert.Equal(t, tt.want, r.Verdict, r.Observed)
			if tt.cause {
				assert.Contains(t, r.Cause, "master.pem differs between masters (m1 a1 (entry 1); m2 b1 (entry 3))")
				assert.Equal(t, []int64{1, 3}, r.CauseEvidence, "the cause cites the fingerprint records")
				assert.Contains(t, r.Fix, "master_sign_pubkey")
				if strings.HasPrefix(tt.name, "3008") {
					assert.Contains(t, r.Fix, "as compose/lib/key-wait does")
				}
				assert.Contains(t, r.Message(NameMasterKeys, "history.jsonl"), "cause: ")
			} else {
				assert.Empty(t, r.Cause)
			}
		})
	}
}

// A failed check carries the cause the history's key fingerprints show,
// and `saltlab check` (Run on the saved history) gives the same.
func TestRunDiagnosesDifferentMasterKeys(t *testing.T) {
	var b hist
	b.op(0, s(0.1), history.OK, history.FingerOp, "m1", "", fpA, "")
	b.op(s(1), s(0.1), history.OK, history.FingerOp, "m2", "", fpB, "")
	b.conf("n1", map[string]string{"master": `["m1","m2"]`, "open_mode": `false`})
	b.hosts("n1", "127.0.0.1 localhost\n")
	refused := b.op(s(2), s(3), history.Fail, "salt-call test.ping", "n1", "n1", "", "exit 1: The master key has changed, the salt master could have been subverted, verify salt master's public key")
	auth := b.add(s(2.5), history.Entry{Type: history.Event, Master: "m2", Tag: "salt/auth", Scenario: "sc", Data: []byte(`{"result":true,"act":"accept","id":"n1"}`)})
	b.add(s(2.6), history.Entry{Type: history.Event, Master: "m2", Tag: "salt/auth", Scenario: "other", Data: []byte(`{"result":true,"act":"accept","id":"n9"}`)})
	c, err := New(NameAvailability, "sc", "step", OutcomeParams{From: refused, F: "salt-call test.ping", Targets: []string{"n1"}})
	require.NoError(t, err)
	r := Run(c, b.h)
	assert.Equal(t, Invalid, r.Verdict)
	assert.Contains(t, r.Cause, "master.pem differs between masters (m1 a1 (entry 1); m2 b1 (entry 3))")
	assert.Contains(t, r.Cause, "n1: master = [m1, m2] (entry 5), /etc/hosts has no line for m1 or m2 (entry 9), open_mode = false (entry 7)")
	assert.Contains(t, r.Cause, "In this scenario m2 accepted the sign-in of n1 (salt/auth act=accept) (entry 12)")
	assert.NotContains(t, r.Cause, "n9", "another scenario's sign-ins are not this check's evidence")
	assert.Contains(t, r.Fix, "give every master the same master.pem/master.pub")
	assert.Contains(t, r.CauseEvidence, refused+1, "the refusal is evidence")
	assert.Contains(t, r.CauseEvidence, int64(1), "the fingerprints are evidence")
	assert.Contains(t, r.CauseEvidence, auth, "the accepted sign-in is evidence")

	t.Run("no cause when the keys are shared", func(t *testing.T) {
		var b hist
		b.op(0, s(0.1), history.OK, history.FingerOp, "m1", "", fpA, "")
		b.op(s(1), s(0.1), history.OK, history.FingerOp, "m2", "", fpA, "")
		b.conf("n1", map[string]string{"master": `["m1","m2"]`, "open_mode": `false`})
		b.hosts("n1", "127.0.0.1 localhost\n")
		from := b.op(s(2), s(3), history.Fail, "salt-call test.ping", "n1", "n1", "", "exit 1: timeout")
		c, err := New(NameAvailability, "sc", "step", OutcomeParams{From: from, F: "salt-call test.ping", Targets: []string{"n1"}})
		require.NoError(t, err)
		r := Run(c, b.h)
		assert.Equal(t, Invalid, r.Verdict)
		assert.Empty(t, r.Cause)
	})
}

const (
	listWith    = `{"keys":{"accepted":["n1","n2"],"pending":[],"rejected":[],"denied":[]}}`
	listWithout = `{"keys":{"accepted":["n2"],"pending":[],"rejected":[],"denied":[]}}`
	listRej     = `{"keys":{"accepted":["n2"],"pending":[],"rejected":["n1"],"denied":[]}}`
)

func TestKeyAction(t *testing.T) {
	masters := []string{"m1", "m2"}
	shared := [2]string{`{"dir":"/etc/salt/pki/master","id":"1:10"}`, `{"dir":"/etc/salt/pki/master","id":"1:10"}`}
	own := [2]string{`{"dir":"/etc/salt/pki/master","id":"1:10"}`, `{"dir":"/etc/salt/pki/master","id":"1:20"}`}
	for _, tt := range []struct {
		name   string
		action string
		dirs   [2]string
		after  [2]string // key lists after the action
		event  bool
		actOK  bool
		want   Verdict
		detail string
	}{
		{name: "shared pki: delete shows on both", action: "delete", dirs: shared, after: [2]string{listWithout, listWithout}, event: true, actOK: true, want: Valid},
		{name: "own pki: delete only where it ran", action: "delete", dirs: own, after: [2]string{listWithout, listWith}, event: true, actOK: true, want: Valid},
		{name: "own pki: delete showing on the other master is drift", action: "delete", dirs: own, after: [2]string{listWithout, listWithout}, event: true, actOK: true, want: Invalid, detail: "m2: n1 absent (has its own pki_dir, so it keeps the state it had before: expected accepted) (invalid)"},
		{name: "shared pki: delete not showing on the other master", action: "delete", dirs: shared, after: [2]string{listWithout, listWith}, event: true, actOK: true, want: Invalid, detail: "m2: n1 accepted (shares m1's pki_dir: expected absent)"},
		{name: "reject with include-accepted on shared pki", action: "reject", dirs: shared, after: [2]string{listRej, listRej}, event: true, actOK: true, want: Valid},
		{name: "no salt/key event", action: "delete", dirs: shared, after: [2]string{listWithout, listWithout}, actOK: true, want: Invalid, detail: "no salt/key event"},
		{name: "salt-key failed", action: "delete", dirs: shared, after: [2]string{listWith, listWith}, want: Invalid, detail: "salt-key did not delete"},
		{name: "pki identity not recorded", action: "delete", dirs: [2]string{shared[0], ""}, after: [2]string{listWithout, listWithout}, event: true, actOK: true, want: Unknown},
	} {
		// A list read from the key folders is salt-key -L's evidence.
		for _, listOp := range history.KeyListOps() {
			t.Run(listOp+"/"+tt.name, func(t *testing.T) {
				var b hist
				b.watch(0, "m1", history.Start)
				for i, m := range masters {
					if tt.dirs[i] != "" {
						b.op(s(0.1), s(0.1), history.OK, history.PkiDirOp, m, "", tt.dirs[i], "")
					}
					b.op(s(1), s(0.1), history.OK, history.KeyListOp, m, "", listWith, "")
				}
				typ := history.OK
				if !tt.actOK {
					typ = history.Fail
				}
				b.op(s(2), s(0.2), typ, history.KeyActionOp(tt.action), "m1", "n1", "", "exit 1")
				if tt.event {
					b.ev(s(2.1), "m1", "salt/key", `{"result":true,"act":"`+tt.action+`","id":"n1"}`)
				}
				for i, m := range masters {
					b.op(s(3), s(0.1), history.OK, listOp, m, "", tt.after[i], "")
				}
				r := KeyAction(b.h, KeyActionParams{Action: tt.action, Master: "m1", Minion: "n1", Masters: masters})
				assert.Equal(t, tt.want, r.Verdict, r.Observed)
				assert.Contains(t, r.Observed, tt.detail)
			})
		}
	}
}

func TestKeyState(t *testing.T) {
	var b hist
	b.op(0, s(0.1), history.OK, history.KeyListOp, "m1", "", listWithout, "")
	assert.Equal(t, Invalid, KeyState(b.h, KeyStateParams{Master: "m1", Minions: []string{"n1", "n2"}, State: history.KeyAccepted}).Verdict)
	b.op(s(1), s(0.1), history.OK, history.KeyListOp, "m1", "", listWith, "")
	assert.Equal(t, Valid, KeyState(b.h, KeyStateParams{Master: "m1", Minions: []string{"n1", "n2"}, State: history.KeyAccepted}).Verdict)
	assert.Equal(t, Unknown, KeyState(b.h, KeyStateParams{Master: "m2", Minions: []string{"n1"}, State: history.KeyAccepted}).Verdict)
	// The key folders' list counts as salt-key -L's: the last list decides.
	b.op(s(2), s(0.1), history.OK, history.KeyFilesOp, "m1", "", listWithout, "")
	assert.Equal(t, Invalid, KeyState(b.h, KeyStateParams{Master: "m1", Minions: []string{"n1", "n2"}, State: history.KeyAccepted}).Verdict)
}

func TestParity(t *testing.T) {
	masters := []string{"m1", "m2"}
	p := ParityParams{Masters: masters, Options: []string{"peer"}, Roots: []string{"file_roots"}}
	record := func(peer2, files2 string) []history.Entry {
		var b hist
		b.op(0, s(0.1), history.OK, history.ConfigGetOp, "m1", "peer", `{"foo.*":["test.ping"]}`, "")
		if peer2 != "" {
			b.op(0, s(0.1), history.OK, history.ConfigGetOp, "m2", "peer", peer2, "")
		}
		b.op(s(1), s(0.1), history.OK, history.RootsDigestOp, "m1", "file_roots", `{"dirs":["/srv/salt"],"files":{"/srv/salt/top.sls":"1111111111111111","/srv/salt/a.sls":"2222"}}`, "")
		b.op(s(1), s(0.1), history.OK, history.RootsDigestOp, "m2", "file_roots", files2, "")
		return b.h
	}
	same := `{"dirs":["/srv/salt"],"files":{"/srv/salt/top.sls":"1111111111111111","/srv/salt/a.sls":"2222"}}`
	for _, tt := range []struct {
		name, peer2, files2 string
		want                Verdict
		details             []string
	}{
		{name: "same everywhere", peer2: `{"foo.*": ["test.ping"]}`, files2: same, want: Valid},
		{name: "option drift names the key and both values", peer2: `{}`, files2: same, want: Invalid,
			details: []string{`drift in option peer: m1 = {"foo.*":["test.ping"]}; m2 = {}`}},
		{name: "file drift names the file and both digests", peer2: `{"foo.*":["test.ping"]}`,
			files2: `{"dirs":["/srv/salt"],"files":{"/srv/salt/top.sls":"9999999999999999","/srv/salt/a.sls":"2222"}}`, want: Invalid,
			details: []string{"/srv/salt/top.sls (m1 111111111111, m2 999999999999)"}},
		{name: "a file only one master has", peer2: `{"foo.*":["test.ping"]}`,
			files2: `{"dirs":["/srv/salt"],"files":{"/srv/salt/top.sls":"1111111111111111","/srv/salt/a.sls":"2222","/srv/salt/extra.sls":"3333"}}`, want: Invalid,
			details: []string{"/srv/salt/extra.sls (m1 missing, m2 3333)"}},
		{name: "a master's record missing", peer2: "", files2: same, want: Unknown, details: []string{"no record of peer on m2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := Parity(record(tt.peer2, tt.files2), p)
			assert.Equal(t, tt.want, r.Verdict, r.Observed)
			for _, d := range tt.details {
				assert.Contains(t, r.Observed, d)
			}
		})
	}
}

// A parity drift is not explained by the master keys.
func TestRunDiagnosesOnlyServingChecks(t *testing.T) {
	var b hist
	b.op(0, s(0.1), history.OK, history.FingerOp, "m1", "", fpA, "")
	b.op(s(1), s(0.1), history.OK, history.FingerOp, "m2", "", fpB, "")
	c, err := New(NameParity, "sc", "step", ParityParams{Masters: []string{"m1", "m2"}, Options: []string{"peer"}})
	require.NoError(t, err)
	r := Run(c, b.h)
	assert.Equal(t, Unknown, r.Verdict)
	assert.Empty(t, r.Cause)
}

// A salt/key event names the action by its verb up to Salt 3007 and by the
// key's new state from 3008; both read as the verb. Sign-ins (salt/auth)
// keep theirs; an event without an id or an act is no key event.
func TestKeyEvents(t *testing.T) {
	ev := func(tag, data string) history.Entry {
		return history.Entry{Type: history.Event, Master: "salt-master-1", Tag: tag, Data: json.RawMessage(data)}
	}
	h := []history.Entry{
		ev("salt/key", `{"act":"reject","id":"m1"}`), ev("salt/key", `{"act":"rejected","id":"m1"}`),
		ev("salt/key", `{"act":"accepted","id":"m2"}`), ev("salt/key", `{"act":"deleted","id":"m2"}`),
		ev("salt/auth", `{"act":"pend","id":"m3","result":true}`), ev("salt/key", `{"act":"delete"}`),
		ev("salt/job/1/new", `{"act":"accept","id":"m1"}`), {Type: history.Invoke, Tag: "salt/key"},
	}
	for i := range h {
		h[i].Index = int64(i)
	}
	var got []string
	for _, k := range KeyEvents(h) {
		got = append(got, fmt.Sprintf("%d %s %s %s", k.Index, k.Tag, k.Act, k.Minion))
	}
	assert.Equal(t, []string{"0 salt/key reject m1", "1 salt/key reject m1", "2 salt/key accept m2", "3 salt/key deleted m2", "4 salt/auth pend m3"}, got)
}
