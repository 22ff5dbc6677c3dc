package master

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
)

// loadPubSig is the master_sign_pubkey part of salt.crypt.MasterKeys (§3.1,
// §3.5): the signature of master.pub that every accepted sign-in reply
// carries as pub_sig. "" when the master does not sign.
//
// With master_use_pubkey_signature the precomputed file
// <pki_dir>/<master_pubkey_signature> is sent verbatim (a missing file stops
// the master, SRC); otherwise master.pub is signed with
// <pki_dir>/<master_sign_key_name>.pem, generated on first start. The
// generation is race-safe (pki.LoadOrCreate), so masters sharing one
// master_sign volume end up with one signing key pair.
func loadPubSig(opts config.Opts, keys *pki.KeyPair, log *saltlog.Logger) (string, error) {
	if !opts.Bool("master_sign_pubkey") {
		return "", nil
	}
	dir := opts.Str("pki_dir")
	if opts.Bool("master_use_pubkey_signature") {
		name := opts.Str("master_pubkey_signature")
		if name == "" {
			name = "master_pubkey_signature"
		}
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			log.Errorf("Signing the master.pub key with a signature is enabled but no signature file found at the defined location %s", path)
			log.Errorf("The signature-file may be either named differently or has to be created with 'salt-key --gen-signature'")
			return "", fmt.Errorf("read master pubkey signature: %w", err)
		}
		log.Infof("Read master.pub's signature from %s", name)
		return strings.TrimSpace(string(b)) + "\n", nil
	}
	name := opts.Str("master_sign_key_name")
	if name == "" {
		name = "master_sign"
	}
	sign, err := pki.LoadOrCreate(dir, name)
	if err != nil {
		return "", fmt.Errorf("load master signing keys: %w", err)
	}
	return pki.SignPub(sign.Private, keys.PubPEM)
}
