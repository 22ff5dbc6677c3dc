package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSaltKeyGenKeysAndSignature(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	conf, pkiDir := filepath.Join(root, "etc"), filepath.Join(root, "pki")
	o := config.MasterDefaults()
	o["pki_dir"] = pkiDir
	simtest.WriteConfig(t, conf, config.Master, o)

	out := filepath.Join(root, "sign")
	res := run(t, nil, "", "salt-key", "-c", conf, "--gen-keys=master_sign", "--gen-keys-dir", out)
	require.Equal(t, 0, res.code, res.stderr)
	first, err := pki.LoadOrCreate(out, "master_sign")
	require.NoError(t, err)
	res = run(t, nil, "", "salt-key", "-c", conf, "--gen-keys=master_sign", "--gen-keys-dir", out)
	require.Equal(t, 0, res.code, res.stderr)
	again, err := pki.LoadOrCreate(out, "master_sign")
	require.NoError(t, err)
	assert.Equal(t, first.PubPEM, again.PubPEM, "an existing key pair is kept")

	res = run(t, nil, "", "salt-key", "-c", conf, "--gen-signature")
	assert.Equal(t, 1, res.code)
	assert.Contains(t, res.stderr, "master_sign.pem does not exist; use --auto-create")

	res = run(t, nil, "", "salt-key", "-c", conf, "--gen-signature", "--auto-create")
	require.Equal(t, 0, res.code, res.stderr)
	sig, err := os.ReadFile(filepath.Join(pkiDir, "master_pubkey_signature"))
	require.NoError(t, err)
	sign, err := pki.LoadOrCreate(pkiDir, "master_sign")
	require.NoError(t, err)
	master, err := pki.LoadOrCreate(pkiDir, "master")
	require.NoError(t, err)
	assert.True(t, pki.VerifyPubSig(&sign.Private.PublicKey, master.PubPEM, string(sig)))
	assert.False(t, pki.VerifyPubSig(&sign.Private.PublicKey, first.PubPEM, string(sig)))
}
