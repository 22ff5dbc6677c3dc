//go:build docker

package e2e

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// ownKeyLab is the known-bad lab: salt-master-2 has its own key pair (no
// key-wait, no shared pki volume) and drifts from salt-master-1 in peer and
// in one state file.
const ownKeyLab = "internal/e2e/testdata/ownkey-lab"

// TestOwnKeyLabFailsWithTheCause: on the known-bad lab the general key and
// parity scenarios fail, and say why in terms an operator can act on: what
// was expected, what was observed, the history entries, and the setting
// (master.pem differs between the masters; the drifting option and file).
func TestOwnKeyLabFailsWithTheCause(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, "ownkey-lab")
	out, err := saltlab(t, bin, "run", "--salt", "sim", "--reports", reports, "--run-id", id,
		"--compose", filepath.Join(ownKeyLab, "compose.yaml"), "--topology", "ownkey-lab", "--tags", "@keys or @parity").CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, string(out))
	assert.Equal(t, 1, ee.ExitCode(), "failed scenarios: exit 1\n%s", out)
	assertNothingLeft(t, id)
	runDir := filepath.Join(reports, id)
	// `saltlab check` judges the saved history again: the same invalid
	// verdicts (it exits non-zero for them), none differing.
	chk, err := saltlab(t, bin, "check", runDir).CombinedOutput()
	require.ErrorAs(t, err, &ee, string(chk))
	assert.Contains(t, string(chk), " 3 invalid, ", string(chk))
	assert.Contains(t, string(chk), " unknown, 0 differ from the run's", string(chk))

	f, err := checker.Read(filepath.Join(runDir, checker.FileName))
	require.NoError(t, err)
	byName := map[string]checker.Judged{}
	for _, j := range f.Verdicts {
		byName[j.Name] = j
	}
	const cause = "/etc/salt/pki/master/master.pem differs between masters (salt-master-1 "
	for _, name := range []string{checker.NameMasterKeys, checker.NameFailover} {
		j, ok := byName[name]
		require.True(t, ok, "a %s verdict", name)
		assert.Equal(t, checker.Invalid, j.Result.Verdict, name)
		assert.Contains(t, j.Result.Cause, cause, name)
		assert.Contains(t, j.Result.Fix, "master_sign_pubkey: True", name)
		assert.NotEmpty(t, j.Result.Evidence, name)
	}
	assert.Contains(t, byName[checker.NameFailover].Result.Observed, "never served by salt-master-2")
	assert.Contains(t, byName[checker.NameFailover].Result.Cause, "In this scenario salt-master-2 accepted the sign-in of salt-minion-1, salt-minion-2 (salt/auth act=accept)")
	// Signing in to salt-master-2 (salt-call --master) is refused too.
	var signIn *checker.Judged
	for _, j := range f.Verdicts {
		if j.Name == checker.NameAvailability && j.Step == "every minion has signed in to every master" {
			signIn = &j
		}
	}
	require.NotNil(t, signIn, "the sign-in to every master was judged")
	// salt-call keeps retrying the refused master until its bound, so
	// the call's outcome is indeterminate (unknown), never valid.
	assert.NotEqual(t, checker.Valid, signIn.Result.Verdict)
	assert.Contains(t, signIn.Result.Cause, cause)

	parity := byName[checker.NameParity].Result
	assert.Equal(t, checker.Invalid, parity.Verdict)
	assert.Contains(t, parity.Observed, `drift in option peer: salt-master-1 = {}; salt-master-2 = {".*":["test.ping"]}`)
	assert.Contains(t, parity.Observed, "drift in file_roots: /srv/salt/top.sls (salt-master-1 missing, salt-master-2 ")
	assert.Empty(t, parity.Cause, "the master keys do not explain a config drift")

	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	require.NoError(t, err)
	c := caseNamed(t, junit, "Stopping the first master moves the minions to a master whose key they accept")
	require.NotNil(t, c.Failure)
	assert.Contains(t, c.Failure.Message, "cause: "+cause)
	c = caseNamed(t, junit, "A key deleted on the first master shows where the pki directory is shared, and the minion signs in again")
	require.NotNil(t, c.Failure)
	assert.Contains(t, c.Failure.Message, "cause: "+cause)
}

// keyScenarios are the general key and parity scenarios.
var keyScenarios = []string{
	"Every master presents a master key the minions accept",
	"A key deleted on the first master shows where the pki directory is shared, and the minion signs in again",
	"A key rejected on the first master shows where the pki directory is shared, and refuses the minion's salt-call wherever the rejection counts",
	"A rejected key accepted again on the first master shows where the pki directory is shared, and the minion answers again",
	"Stopping the first master moves the minions to a master whose key they accept",
	"Every master holds the same states, pillar and access control",
}

// keyVerdicts are what the key scenarios must say on a sound lab of a
// topology: where the masters share one pki directory (failover: the key
// deletion shows on both) and where each has its own (failover-pki: it
// shows only where it ran, and the signed keys are accepted).
var keyVerdicts = map[string][]string{
	"failover": {
		"salt-master-2: salt-minion-1 absent (shares salt-master-1's pki_dir: expected absent)",
		"salt-master-2: salt-minion-1 accepted (shares salt-master-1's pki_dir: expected accepted)",
		"rejected-key: valid: salt-minion-1: refused: exit 77",
		"restored the accepted key of salt-minion-1 on salt-master-1",
	},
	// MultiMaster-PKI: distinct master keys. Which one the minion cached
	// last (the sign-in round ends on salt-master-2; a re-authentication
	// of the daemon may have cached salt-master-1's again) decides whether
	// salt-master-1's rejection validates (exit 77) or salt-call goes on
	// to salt-master-2; the checker accepts either, saying which.
	"failover-pki": {
		"salt-master-2: salt-minion-1 accepted (has its own pki_dir, so it keeps the state it had before: expected accepted)",
		"salt-master-1: salt-minion-1 accepted (ran the action: expected accepted)",
		"rejected-key: valid: salt-minion-1: ",
		"restored the accepted key of salt-minion-1 on salt-master-1",
	},
}

// assertKeyVerdicts requires the key and parity verdicts of topology in a
// run's output.
func assertKeyVerdicts(t *testing.T, topology, out string) {
	t.Helper()
	for _, want := range keyVerdicts[topology] {
		assert.Contains(t, out, want)
	}
}

// TestKeysAndParityPassOnSoundLabs: the general key and parity scenarios
// pass on the failover topology, judged in the shared run of its default
// selection (they are part of it); failover-pki's are judged in
// TestFailoverPKIFeatureRunsOnTheDouble's run of its default selection.
func TestKeysAndParityPassOnSoundLabs(t *testing.T) {
	t.Parallel()
	assertKeyVerdicts(t, "failover", sharedPasses(t, keyScenarios...))
}
