package signin

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// verifyMaster is AsyncAuth.verify_master (§3.4, SRC salt/crypt.py): it
// decides whether the master key in an accepted reply is trusted, writing
// minion_master.pub when it is new or signed-and-verified. false means Salt's
// empty AES return: the caller logs the "did not authenticate" CRITICAL.
func (a *Authenticator) verifyMaster(host, cachePath string, r wire.AuthReply) bool {
	cached, err := os.ReadFile(cachePath)
	if err == nil && !a.Opts.Bool("open_mode") {
		if !pki.SameKey(string(cached), r.PubKey) {
			if !a.checkAuthDeps(r) {
				return false
			}
			if a.Opts.Bool("verify_master_pubkey_sign") {
				return a.verifySigningMaster(host, cachePath, r)
			}
			a.Log.Errorf("The master key has changed, the salt master could have been subverted, verify salt master's public key")
			return false
		}
		if !a.checkAuthDeps(r) {
			return false
		}
		if a.Opts.Bool("always_verify_signature") && !a.verifySigningMaster(host, cachePath, r) {
			a.Log.Errorf("The masters public could not be verified. Is the verification pubkey %s.pub up to date?", a.signKeyName())
			return false
		}
		return true
	}
	if !a.checkAuthDeps(r) {
		return false
	}
	if a.Opts.Bool("verify_master_pubkey_sign") {
		return a.verifySigningMaster(host, cachePath, r)
	}
	if err != nil {
		if werr := pki.WriteFileAtomic(cachePath, []byte(r.PubKey), 0o644); werr != nil {
			a.Log.Errorf("write %s: %v", cachePath, werr)
			return false
		}
	}
	return true
}

// checkAuthDeps: master signing and minion verifying must be both on or both off.
func (a *Authenticator) checkAuthDeps(r wire.AuthReply) bool {
	signed, verify := r.PubSig != "", a.Opts.Bool("verify_master_pubkey_sign")
	switch {
	case signed && !verify:
		a.Log.Errorf("The masters sent its public-key signature, but signature verification is not enabled on the minion. Either enable signature verification on the minion or disable signing the public key on the master!")
		return false
	case !signed && verify:
		a.Log.Errorf("The master did not send its public-key signature, but signature verification is enabled on the minion. Either disable signature verification on the minion or enable signing the public on the master!")
		return false
	}
	return true
}

func (a *Authenticator) signKeyName() string {
	if n := a.Opts.Str("master_sign_key_name"); n != "" {
		return n
	}
	return "master_sign"
}

// verifySigningMaster checks pub_sig with <pki_dir>/<master_sign_key_name>.pub
// and overwrites minion_master.pub only when it verifies.
func (a *Authenticator) verifySigningMaster(host, cachePath string, r wire.AuthReply) bool {
	name := a.signKeyName() + ".pub"
	path := filepath.Join(a.Opts.Str("pki_dir"), name)
	ok := false
	if verifyKey, err := pki.ReadPublicFile(path); err != nil {
		a.Log.Errorf("Verification public key %s does not exist. You need to copy it from the master to the minions pki directory", name)
	} else if pki.VerifyPubSig(verifyKey, r.PubKey, r.PubSig) {
		a.Log.Debugf("Successfully verified signature of master public key with verification public key %s", name)
		ok = true
	} else {
		a.Log.Debugf("Failed to verify signature of public key")
	}
	if !ok {
		a.Log.Errorf("Received signed public-key from master %s but signature verification failed!", host)
		return false
	}
	a.Log.Infof("Received signed and verified master pubkey from master %s", host)
	if err := pki.WriteFileAtomic(cachePath, []byte(r.PubKey), 0o644); err != nil {
		a.Log.Errorf("write %s: %v", cachePath, err)
		return false
	}
	return true
}

// verifyPayload checks the whole-reply signature against the cached master
// key when one exists (Salt >= 3005); with no cached key there is nothing to
// check against, as in Salt.
func verifyPayload(cachePath string, sr wire.SignedReply) error {
	b, err := os.ReadFile(cachePath)
	if err != nil {
		return nil
	}
	pub, err := pki.ParsePublic(string(b))
	if err == nil {
		err = wire.Verify(pub, sr.Payload, sr.Sig)
	}
	if err != nil {
		return errors.New("Invalid signature")
	}
	return nil
}
