package master

import (
	"encoding/json"
	"os"
	"path"
	"regexp"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// verdict is the outcome of a sign-in request.
type verdict int

const (
	verdictAccept verdict = iota
	verdictPending
	verdictReject
	verdictDenied // key mismatch: stored in minions_denied, answered like a rejection
	verdictFull
)

// decide implements ReqServerChannel._auth's decision order (spec §3.3).
func (m *Master) decide(id, pub string) verdict {
	if !validID(id) {
		return verdictReject
	}
	if max := m.opts.Int("max_minions", 0); max > 0 && len(m.dirs.List(pki.Accepted)) >= max {
		if _, ok := m.dirs.Read(pki.Accepted, id); !ok {
			return verdictFull
		}
	}
	if m.opts.Bool("open_mode") {
		if cur, ok := m.dirs.Read(pki.Accepted, id); ok && !pki.SameKey(cur, pub) {
			m.log.Debugf("Host key change detected in open mode.")
			_ = m.dirs.Write(pki.Accepted, id, pub)
		}
		return verdictAccept
	}
	if _, ok := m.dirs.Read(pki.Rejected, id); ok {
		m.log.Infof("Public key rejected for %s. Key is present in rejection key dir.", id)
		return verdictReject
	}
	if cur, ok := m.dirs.Read(pki.Accepted, id); ok {
		if pki.SameKey(cur, pub) {
			return verdictAccept
		}
		_ = m.dirs.Write(pki.Denied, id, pub)
		m.log.Errorf("Authentication attempt from %s failed, the public keys did not match. This may be an attempt to compromise the Salt cluster.", id)
		return verdictDenied
	}
	pending, isPending := m.dirs.Read(pki.Pending, id)
	if !isPending {
		if m.listed("autoreject_file", id) {
			_ = m.dirs.Write(pki.Rejected, id, pub)
			return verdictReject
		}
		if !m.autoSign(id) {
			_ = m.dirs.Write(pki.Pending, id, pub)
			m.log.Infof("New public key for %s placed in pending", id)
			return verdictPending
		}
		return verdictAccept
	}
	if m.listed("autoreject_file", id) {
		_ = m.dirs.Move(pki.Pending, pki.Rejected, id)
		return verdictReject
	}
	if !pki.SameKey(pending, pub) {
		_ = m.dirs.Write(pki.Denied, id, pub)
		m.log.Errorf("Authentication attempt from %s failed, the public keys in pending did not match. This may be an attempt to compromise the Salt cluster.", id)
		return verdictDenied
	}
	if !m.autoSign(id) {
		m.log.Infof("Authentication failed from host %s, the key is in pending and needs to be accepted with salt-key -a %s", id, id)
		return verdictPending
	}
	_ = m.dirs.Remove(pki.Pending, id)
	return verdictAccept
}

// validID mirrors salt.utils.verify.valid_id: no path traversal, no NUL.
func validID(id string) bool {
	return id != "" && !strings.ContainsAny(id, "/\\\x00") && id != "." && id != ".."
}

// autoSign: auto_accept, autosign_file, or a minions_autosign stub (one-shot).
func (m *Master) autoSign(id string) bool {
	if m.opts.Bool("auto_accept") || m.listed("autosign_file", id) {
		return true
	}
	stub := path.Join(m.dirs.Root, "minions_autosign", id)
	if _, err := os.Stat(stub); err == nil {
		_ = os.Remove(stub)
		return true
	}
	return false
}

// listed matches id against a file of exact ids, globs or regexes (one per line).
func (m *Master) listed(opt, id string) bool {
	f := m.opts.Str(opt)
	if f == "" {
		return false
	}
	b, err := os.ReadFile(f)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == id {
			return true
		}
		if ok, _ := path.Match(line, id); ok {
			return true
		}
		if re, err := regexp.Compile("^" + line + "$"); err == nil && re.MatchString(id) {
			return true
		}
	}
	return false
}

// handleAuth answers one _auth request with a signed reply.
func (m *Master) handleAuth(load json.RawMessage) (wire.SignedReply, error) {
	var req wire.AuthLoad
	if err := json.Unmarshal(load, &req); err != nil {
		return wire.SignedReply{}, err
	}
	reply := wire.AuthReply{Nonce: req.Nonce}
	minionPub, perr := pki.ParsePublic(req.Pub)
	v := verdictReject
	if perr == nil {
		v = m.decide(req.ID, req.Pub)
	}
	if validID(req.ID) {
		// an invalid id is refused before any event (valid_id check)
		m.fireAuth(req.ID, authAct(v), req.Pub, v == verdictAccept || v == verdictPending)
	}
	switch v {
	case verdictPending:
		reply.Ret = true
	case verdictReject, verdictDenied:
		reply.Ret = false
	case verdictFull:
		reply.Ret = "full"
	case verdictAccept:
		if _, ok := m.dirs.Read(pki.Accepted, req.ID); !ok {
			_ = m.dirs.Write(pki.Accepted, req.ID, req.Pub)
		}
		m.log.Infof("Authentication accepted from %s", req.ID)
		enc, err := wire.EncryptKey(minionPub, m.currentAES())
		if err != nil {
			return wire.SignedReply{}, err
		}
		reply.Accepted = true
		reply.PubKey = m.keys.PubPEM
		reply.PublishPort = m.opts.Int("publish_port", 4505)
		reply.AES = enc
		reply.PubSig = m.pubSig
	}
	payload, err := json.Marshal(reply)
	if err != nil {
		return wire.SignedReply{}, err
	}
	sig, err := wire.Sign(m.keys.Private, payload)
	if err != nil {
		return wire.SignedReply{}, err
	}
	return wire.SignedReply{Payload: payload, Sig: sig}, nil
}

// authAct is the salt/auth event's "act" field (ReqServerChannel._auth).
func authAct(v verdict) string {
	switch v {
	case verdictDenied:
		return "denied"
	case verdictAccept:
		return "accept"
	case verdictPending:
		return "pend"
	case verdictFull:
		return "full"
	}
	return "reject"
}
