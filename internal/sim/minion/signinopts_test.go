package minion_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The minion daemon and the sign-in options rejected_retry, auth_safemode
// (§1.8) and master_finger (§3.4).
func TestMinionDaemonSignInOptions(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{name: "rejected_retry keeps retrying a rejected key until it is removed", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			o := l.strOpts().Set("rejected_retry", true)
			kp, err := pki.LoadOrCreate(o.Str("pki_dir"), "minion")
			require.NoError(t, err)
			dirs := pki.KeyDirs{Root: l.masters[0].Opts.Str("pki_dir")}
			require.NoError(t, dirs.Write(pki.Rejected, "m1", kp.PubPEM))
			m := simtest.StartMinion(t, o, l.r)
			waitCount(t, m, "[ERROR   ] The Salt Master has rejected this minion's public key.\nTo repair this issue, delete the public key for this minion on the Salt Master.\nThe Salt Minion will attempt to re-authenicate.", 2)
			assertRunning(t, m)
			assert.NotContains(t, m.Log.String(), "The Salt Minion will now exit.")
			// The master auto-accepts the key once it is no longer rejected.
			require.NoError(t, dirs.Remove(pki.Rejected, "m1"))
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
		}},
		{name: "auth_safemode retries a silent master with a warning", run: func(t *testing.T) {
			l := newDaemonLab(t, nil)
			l.r.Set("salt-master-1", "127.0.0.1") // resolvable, nothing listening yet
			o := l.strOpts()
			o["auth_safemode"] = true
			o["auth_tries"] = 1
			o["auth_timeout"] = 0.3
			m := simtest.StartMinion(t, o, l.r)
			waitCount(t, m, "[WARNING ] SaltReqTimeoutError: ", 2)
			assertRunning(t, m)
			assert.NotContains(t, m.Log.String(), "Error while bringing up minion")
			mo := simtest.MasterOpts(filepath.Join(l.root, "salt-master-1"), "127.0.0.1", l.pub, l.ret, filepath.Join(l.root, "pki-master"))
			simtest.StartMaster(t, mo)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
		}},
		{name: "without auth_safemode a silent master is a connect error", run: func(t *testing.T) {
			l := newDaemonLab(t, nil)
			l.r.Set("salt-master-1", "127.0.0.1")
			o := l.strOpts()
			o["auth_tries"] = 1
			o["auth_timeout"] = 0.3
			m := simtest.StartMinion(t, o, l.r)
			waitCount(t, m, "[ERROR   ] Error while bringing up minion for multi-master. Is master at salt-master-1 responding?", 1)
			assert.NotContains(t, m.Log.String(), "SaltReqTimeoutError")
		}},
		{name: "master_finger mismatch exits 42", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			o := l.strOpts().Set("master_finger", "aa:bb")
			m := simtest.StartMinion(t, o, l.r)
			select {
			case <-m.Done():
				assert.Equal(t, 42, m.Code())
			case <-time.After(10 * time.Second):
				t.Fatalf("minion did not exit; log:\n%s", m.Log.String())
			}
			want := "[CRITICAL] The specified fingerprint in the master configuration file:\naa:bb\nDoes not match the authenticating master's key:\n" +
				pki.FingerFile(filepath.Join(l.masters[0].Opts.Str("pki_dir"), "master.pub"))
			assert.Contains(t, m.Log.String(), want)
		}},
		{name: "matching master_finger connects", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			fp := pki.FingerFile(filepath.Join(l.masters[0].Opts.Str("pki_dir"), "master.pub"))
			require.NotEmpty(t, fp)
			o := l.strOpts().Set("master_finger", fp)
			m := simtest.StartMinion(t, o, l.r)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			assert.NotContains(t, m.Log.String(), "The specified fingerprint")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t)
		})
	}
}

// strOpts are options of a str-mode minion m1 of master salt-master-1.
func (l *daemonLab) strOpts() config.Opts {
	return simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", nil, l.pub, l.ret).Set("master", "salt-master-1")
}

// startAlive starts a str-mode minion with a 0.2 s alive check that retries
// its master forever, and waits until it is connected.
func (l *daemonLab) startAlive(t *testing.T, mods map[string]any) *simtest.Minion {
	t.Helper()
	o := l.strOpts()
	o["master_alive_interval"] = 0.2
	o["master_tries"] = -1
	for k, v := range mods {
		o[k] = v
	}
	m := simtest.StartMinion(t, o, l.r)
	simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
	return m
}

// waitCount waits until the minion log holds sub at least n times.
func waitCount(t *testing.T, m *simtest.Minion, sub string, n int) {
	t.Helper()
	require.Eventually(t, func() bool { return strings.Count(m.Log.String(), sub) >= n },
		10*time.Second, 20*time.Millisecond, "%q not logged %d times; log:\n%s", sub, n, m.Log.String())
}

// assertRunning checks that the minion process has not exited.
func assertRunning(t *testing.T, m *simtest.Minion) {
	t.Helper()
	select {
	case <-m.Done():
		t.Fatalf("minion exited with %d; log:\n%s", m.Code(), m.Log.String())
	default:
	}
}
