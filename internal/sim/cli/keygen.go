package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
)

// genKeys is `salt-key --gen-keys=<name> [--gen-keys-dir=<dir>]`: writes
// <dir>/<name>.pem and .pub; an existing key pair is kept, as Salt's
// crypt.gen_keys keeps a key another process created first.
func genKeys(e *Env, dir, name string) int {
	if name == "" {
		return usageError(e, "salt-key", errors.New("--gen-keys needs a key name"))
	}
	if _, err := pki.LoadOrCreate(dir, name); err != nil {
		fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
		return 1
	}
	return 0
}

// genSignature is `salt-key --gen-signature [--auto-create]`: signs
// <pki_dir>/master.pub with <pki_dir>/<master_sign_key_name>.pem into
// <pki_dir>/<master_pubkey_signature>, for master_use_pubkey_signature.
func genSignature(e *Env, opts config.Opts, autoCreate bool) int {
	dir := opts.Str("pki_dir")
	name := opts.Str("master_sign_key_name")
	signPEM := filepath.Join(dir, name+".pem")
	if _, err := os.Stat(signPEM); err != nil && !autoCreate {
		fmt.Fprintf(e.Stderr, "[ERROR   ] The signing key %s does not exist; use --auto-create to generate it\n", signPEM)
		return 1
	}
	sign, err := pki.LoadOrCreate(dir, name)
	if err == nil {
		var master *pki.KeyPair
		if master, err = pki.LoadOrCreate(dir, "master"); err == nil {
			var sig string
			if sig, err = pki.SignPub(sign.Private, master.PubPEM); err == nil {
				err = pki.WriteFileAtomic(filepath.Join(dir, opts.Str("master_pubkey_signature")), []byte(sig), 0o644)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
		return 1
	}
	return 0
}
