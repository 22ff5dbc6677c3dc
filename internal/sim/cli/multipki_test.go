package cli

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pkiLab is the MultiMaster-PKI layout (§3.5): two masters with distinct
// master.pem, one shared master_sign key pair copied to both, and a minion
// dir holding master_sign.pub.
type pkiLab struct {
	r              *simtest.Resolver
	m1, m2         *simtest.Master
	pub1, pub2     string
	sign           *pki.KeyPair
	dir            string
	minion         config.Opts
	pubPort, retPt int
}

func newPKILab(t *testing.T, masterMods map[string]any, prep func(t *testing.T, l *pkiLab, m1PKI string)) *pkiLab {
	t.Helper()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	l := &pkiLab{r: simtest.NewResolver("salt-master-1", "127.0.0.1", "salt-master-2", "127.0.0.2"), pubPort: pub, retPt: ret}
	var err error
	l.sign, err = pki.LoadOrCreate(filepath.Join(root, "sign"), "master_sign")
	require.NoError(t, err)
	var masters []*simtest.Master
	for i, ip := range []string{"127.0.0.1", "127.0.0.2"} {
		mdir := filepath.Join(root, "m"+string(rune('1'+i)))
		pkiDir := filepath.Join(mdir, "pki")
		copyKeyPair(t, filepath.Join(root, "sign"), pkiDir, "master_sign")
		o := simtest.MasterOpts(mdir, ip, pub, ret, pkiDir)
		o["master_sign_pubkey"] = true
		for k, v := range masterMods {
			o[k] = v
		}
		if i == 0 && prep != nil {
			prep(t, l, pkiDir)
		}
		masters = append(masters, simtest.StartMaster(t, o))
	}
	l.m1, l.m2 = masters[0], masters[1]
	l.pub1, l.pub2 = readFile(t, l.m1.Opts.Str("pki_dir"), "master.pub"), readFile(t, l.m2.Opts.Str("pki_dir"), "master.pub")
	require.NotEqual(t, pki.Finger(l.pub1), pki.Finger(l.pub2), "MultiMaster-PKI masters must have distinct keys")
	l.dir = filepath.Join(root, "minion")
	copyFile(t, filepath.Join(root, "sign", "master_sign.pub"), filepath.Join(l.dir, "pki", "master_sign.pub"))
	l.minion = simtest.MinionOpts(l.dir, "m1", []any{"salt-master-1", "salt-master-2"}, pub, ret)
	l.minion["master_type"] = "failover"
	l.minion["verify_master_pubkey_sign"] = true
	return l
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return string(b)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o700))
	require.NoError(t, os.WriteFile(to, b, 0o600))
}

func copyKeyPair(t *testing.T, fromDir, toDir, name string) {
	t.Helper()
	copyFile(t, filepath.Join(fromDir, name+".pem"), filepath.Join(toDir, name+".pem"))
	copyFile(t, filepath.Join(fromDir, name+".pub"), filepath.Join(toDir, name+".pub"))
}

func (l *pkiLab) call(t *testing.T, mods map[string]any, args ...string) result {
	t.Helper()
	o := l.minion.Copy()
	for k, v := range mods {
		o[k] = v
	}
	simtest.WriteConfig(t, l.dir, config.Minion, o)
	return run(t, l.r, "", "salt-call", append([]string{"-c", l.dir, "-l", "debug"}, args...)...)
}

func (l *pkiLab) writeMinionFile(t *testing.T, name, content string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Join(l.dir, "pki"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(l.dir, "pki", name), []byte(content), 0o644))
}

func TestMultiMasterPKI(t *testing.T) {
	t.Parallel()
	only2 := map[string]any{"master": []any{"salt-master-2"}}
	otherKey := func(t *testing.T) string {
		kp, err := pki.LoadOrCreate(t.TempDir(), "other")
		require.NoError(t, err)
		return kp.PubPEM
	}
	tests := []struct {
		name       string
		masterMods map[string]any
		prepMaster func(t *testing.T, l *pkiLab, m1PKI string)
		prep       func(t *testing.T, l *pkiLab)
		mods       map[string]any
		code       int
		stderr     []string
		cachedIs   func(l *pkiLab) string // expected minion_master.pub afterwards
	}{
		{name: "first sign-in verifies the signature and caches the key",
			stderr:   []string{"Successfully verified signature of master public key with verification public key master_sign.pub", "Received signed and verified master pubkey from master salt-master-1"},
			cachedIs: func(l *pkiLab) string { return l.pub1 }},
		{name: "changed master key with a valid signature replaces the cached key",
			prep:     func(t *testing.T, l *pkiLab) { l.writeMinionFile(t, "minion_master.pub", l.pub1) },
			mods:     only2,
			stderr:   []string{"Received signed and verified master pubkey from master salt-master-2"},
			cachedIs: func(l *pkiLab) string { return l.pub2 }},
		{name: "wrong verification key refuses the master and keeps the cached key",
			prep: func(t *testing.T, l *pkiLab) {
				l.writeMinionFile(t, "minion_master.pub", l.pub1)
				l.writeMinionFile(t, "master_sign.pub", otherKey(t))
			},
			mods: only2, code: 1,
			stderr:   []string{"Received signed public-key from master salt-master-2 but signature verification failed!", "The Salt Master server's public key did not authenticate!"},
			cachedIs: func(l *pkiLab) string { return l.pub1 }},
		{name: "missing master_sign.pub on the minion",
			prep: func(t *testing.T, l *pkiLab) {
				require.NoError(t, os.Remove(filepath.Join(l.dir, "pki", "master_sign.pub")))
			},
			code:   1,
			stderr: []string{"Verification public key master_sign.pub does not exist. You need to copy it from the master to the minions pki directory"}},
		{name: "master signs but minion does not verify",
			mods: map[string]any{"verify_master_pubkey_sign": false}, code: 1,
			stderr: []string{"The masters sent its public-key signature, but signature verification is not enabled on the minion."}},
		{name: "minion verifies but master does not sign",
			masterMods: map[string]any{"master_sign_pubkey": false}, code: 1,
			stderr: []string{"The master did not send its public-key signature, but signature verification is enabled on the minion."}},
		{name: "precomputed master_pubkey_signature is sent",
			masterMods: map[string]any{"master_use_pubkey_signature": true},
			prepMaster: func(t *testing.T, l *pkiLab, m1PKI string) {
				kp, err := pki.LoadOrCreate(m1PKI, "master")
				require.NoError(t, err)
				sig, err := pki.SignPub(l.sign.Private, kp.PubPEM)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(m1PKI, "master_pubkey_signature"), []byte(sig), 0o644))
				// master-2 gets no file and must refuse to start: covered by TestMasterPubkeySignatureMissing
				other, err := pki.SignPub(l.sign.Private, "not a key")
				require.NoError(t, err)
				m2 := filepath.Join(filepath.Dir(filepath.Dir(m1PKI)), "m2", "pki")
				require.NoError(t, os.MkdirAll(m2, 0o700))
				require.NoError(t, os.WriteFile(filepath.Join(m2, "master_pubkey_signature"), []byte(other), 0o644))
			},
			stderr:   []string{"Received signed and verified master pubkey from master salt-master-1"},
			cachedIs: func(l *pkiLab) string { return l.pub1 }},
		{name: "precomputed signature of the wrong key fails verification",
			masterMods: map[string]any{"master_use_pubkey_signature": true},
			prepMaster: func(t *testing.T, l *pkiLab, m1PKI string) {
				for _, d := range []string{m1PKI, filepath.Join(filepath.Dir(filepath.Dir(m1PKI)), "m2", "pki")} {
					sig, err := pki.SignPub(l.sign.Private, "not a key")
					require.NoError(t, err)
					require.NoError(t, os.MkdirAll(d, 0o700))
					require.NoError(t, os.WriteFile(filepath.Join(d, "master_pubkey_signature"), []byte(sig), 0o644))
				}
			},
			mods: only2, code: 1,
			stderr: []string{"Received signed public-key from master salt-master-2 but signature verification failed!"}},
		{name: "always_verify_signature checks an unchanged key too",
			prep: func(t *testing.T, l *pkiLab) {
				l.writeMinionFile(t, "minion_master.pub", l.pub1)
				l.writeMinionFile(t, "master_sign.pub", otherKey(t))
			},
			mods: map[string]any{"always_verify_signature": true, "master": []any{"salt-master-1"}}, code: 1,
			stderr: []string{"The masters public could not be verified. Is the verification pubkey master_sign.pub up to date?"}},
		{name: "without always_verify_signature an unchanged key is not re-verified",
			prep: func(t *testing.T, l *pkiLab) {
				l.writeMinionFile(t, "minion_master.pub", l.pub1)
				l.writeMinionFile(t, "master_sign.pub", otherKey(t))
			},
			mods: map[string]any{"master": []any{"salt-master-1"}}, cachedIs: func(l *pkiLab) string { return l.pub1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := newPKILab(t, tc.masterMods, tc.prepMaster)
			if tc.prep != nil {
				tc.prep(t, l)
			}
			res := l.call(t, tc.mods, "--out=json", "test.ping")
			assert.Equal(t, tc.code, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
			for _, s := range tc.stderr {
				assert.Contains(t, res.stderr, s)
			}
			assert.NotContains(t, res.stderr, "The master key has changed")
			if tc.cachedIs != nil {
				assert.Equal(t, tc.cachedIs(l), readFile(t, filepath.Join(l.dir, "pki"), "minion_master.pub"))
			}
		})
	}
}

// The defining property of the failover-pki topology, in-process: a failover
// daemon minion moves from master-1 to master-2 (distinct keys) without a
// "master key has changed" refusal, and salt-call is then served by master-2.
func TestMultiMasterPKIFailover(t *testing.T) {
	t.Parallel()
	l := newPKILab(t, nil, nil)
	o := l.minion.Copy()
	o["master_alive_interval"] = 1
	o["master_tries"] = -1
	mn := simtest.StartMinion(t, o, l.r)
	simtest.WaitConnected(t, mn, "salt-master-1", 10*time.Second)
	l.m1.Stop()
	simtest.WaitConnected(t, mn, "salt-master-2", 20*time.Second)
	assert.Contains(t, mn.Log.String(), "Received signed and verified master pubkey from master salt-master-2")
	assert.NotContains(t, mn.Log.String(), "The master key has changed")
	assert.Equal(t, l.pub2, readFile(t, filepath.Join(l.dir, "pki"), "minion_master.pub"))

	res := l.call(t, nil, "--out=json", "test.ping")
	require.Equal(t, 0, res.code, res.stderr)
	rets, err := filepath.Glob(filepath.Join(l.m2.Opts.Str("cachedir"), "jobs", "*", "m1", "return.json"))
	require.NoError(t, err)
	assert.Len(t, rets, 1, "salt-call's return reached master-2")
}
