package stack

import "github.com/saltlab/saltlab/internal/salt/masterkey"

// KeyPair is the masters' shared key pair as Salt stores it
// (masterkey.Pair: master.pem PKCS#1, master.pub SubjectPublicKeyInfo).
type KeyPair = masterkey.Pair

// NewKeyPair makes the key pair every master of a lab on Swarm shares.
// Swarm nodes share no volume, so saltlab makes the pair and gives it to
// every master as Swarm secrets (docs/swarm.md); on compose saltlab seeds
// the same kind of pair into the shared key volume (lab.Up).
func NewKeyPair() (KeyPair, error) { return masterkey.New() }
