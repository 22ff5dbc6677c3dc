package signin

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/simver"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// Session is an authenticated master: what Salt keeps in the pub channel's
// auth object (AES key, publish port) plus the addresses used.
type Session struct {
	Host        string // bare master host (opts["master"])
	IP          string
	RetPort     int
	PublishPort int // port the minion subscribes to (§1.4)
	AES         []byte
}

// RetAddr is host:port of the ret (request) port.
func (s *Session) RetAddr() string { return net.JoinHostPort(s.IP, strconv.Itoa(s.RetPort)) }

// PubAddr is host:port of the publish port.
func (s *Session) PubAddr() string { return net.JoinHostPort(s.IP, strconv.Itoa(s.PublishPort)) }

// Authenticator signs a minion in to masters.
type Authenticator struct {
	ID    string
	Keys  *pki.KeyPair
	Opts  config.Opts
	Log   *saltlog.Logger
	Sleep func(ctx context.Context, d time.Duration) error
	// RejectDelay is Salt's random 10-20 s sleep before exit 77.
	RejectDelay func() time.Duration
	// MasterPubName is the cached master key file in pki_dir:
	// minion_master.pub when empty, syndic_master.pub for a syndic (§6.1).
	MasterPubName string
}

type creds int

const (
	credsOK creds = iota
	credsRetry
)

// SignIn authenticates against host/ip:retPort (AsyncAuth._authenticate):
// a pending key retries every acceptance_wait_time (doubling up to
// acceptance_wait_time_max) forever, except under salt-call.
func (a *Authenticator) SignIn(ctx context.Context, host, ip string, retPort int) (*Session, error) {
	wait := a.Opts.Seconds("acceptance_wait_time", 10)
	waitMax := a.Opts.Seconds("acceptance_wait_time_max", 0)
	for {
		sess, c, err := a.signInOnce(ctx, host, ip, retPort)
		if err != nil {
			return nil, err
		}
		if c == credsOK {
			return sess, nil
		}
		if a.Opts.Bool("caller") {
			if a.Opts.Has("local_masters") {
				return nil, ErrNotAccepted
			}
			return nil, &ExitError{Code: 2, Msg: ErrNotAccepted.Error()}
		}
		a.Log.Infof("Waiting %v seconds before retry.", wait.Seconds())
		if err := a.Sleep(ctx, wait); err != nil {
			return nil, err
		}
		if wait < waitMax {
			wait += wait
			a.Log.Debugf("Authentication wait time is %v", wait.Seconds())
		}
	}
}

// signInOnce is AsyncAuth.sign_in: up to auth_tries requests of auth_timeout.
func (a *Authenticator) signInOnce(ctx context.Context, host, ip string, retPort int) (*Session, creds, error) {
	timeout := a.Opts.Seconds("auth_timeout", 5)
	tries := a.Opts.Int("auth_tries", 7)
	if tries < 1 {
		tries = 1 // auth_tries 0 still sends one request
	}
	nonce := newNonce()
	load, _ := json.Marshal(wire.AuthLoad{ID: a.ID, Pub: a.Keys.PubPEM, Nonce: nonce})
	var reply wire.SignedReply
	var err error
	for i := 0; i < tries; i++ {
		reply, err = request(ctx, net.JoinHostPort(ip, strconv.Itoa(retPort)), wire.Request{Cmd: wire.CmdAuth, Load: load}, timeout)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
	}
	if err != nil {
		if a.Opts.Bool("auth_safemode") {
			a.Log.Warnf("SaltReqTimeoutError: %v", err)
			return nil, credsRetry, nil
		}
		return nil, 0, ErrTimeout
	}
	return a.handleReply(ctx, host, ip, retPort, nonce, reply)
}

// request sends one request and waits for the reply for up to timeout. Like a
// ZeroMQ REQ socket, a refused connection, or one the peer closes without
// answering (a socket of another type, e.g. a master's publish port named
// as its ret port: salt-semantics §1.5), is retried until the timeout
// rather than failing at once, so such a master costs auth_timeout.
func request(ctx context.Context, addr string, req wire.Request, timeout time.Duration) (wire.SignedReply, error) {
	deadline := time.Now().Add(timeout)
	var reply wire.SignedReply
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return reply, ErrTimeout
		}
		c, err := wire.Dial("tcp", addr, left)
		if err == nil {
			err = c.Request(req, &reply, time.Until(deadline))
			c.Close()
			if err == nil {
				return reply, nil
			}
		}
		select {
		case <-ctx.Done():
			return reply, ctx.Err()
		case <-time.After(min(100*time.Millisecond, time.Until(deadline))):
		}
	}
}

// masterPubName is the cached master key file in pki_dir (§3.2, §6.1).
func (a *Authenticator) masterPubName() string {
	if a.MasterPubName != "" {
		return a.MasterPubName
	}
	return "minion_master.pub"
}

func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// handleReply is handle_signin_response (§1.8, §3.4), in Salt's order:
// verify_master for an accepted reply (which may replace the cached
// minion_master.pub), then the whole-reply signature against the cached
// key, then the ret verdict, master_finger and the AES key.
func (a *Authenticator) handleReply(ctx context.Context, host, ip string, retPort int, nonce string, sr wire.SignedReply) (*Session, creds, error) {
	var r wire.AuthReply
	if err := json.Unmarshal(sr.Payload, &r); err != nil || r.Nonce != nonce {
		return nil, 0, fmt.Errorf("decode sign-in reply: invalid payload")
	}
	cachePath := filepath.Join(a.Opts.Str("pki_dir"), a.masterPubName())
	if r.Accepted && !a.verifyMaster(host, cachePath, r) {
		a.Log.Criticalf("The Salt Master server's public key did not authenticate!\nThe master may need to be updated if it is a version of Salt lower than %s, or\nIf you are confident that you are connecting to a valid Salt Master, then remove the master public key and restart the Salt Minion.\nThe master public key can be found at:\n%s", simver.SaltVersion, cachePath)
		return nil, 0, ErrInvalidKey
	}
	if err := verifyPayload(cachePath, sr); err != nil {
		a.Log.Criticalf("The payload signature did not validate.")
		return nil, 0, err
	}
	if !r.Accepted {
		switch v := r.Ret.(type) {
		case bool:
			if v {
				a.Log.Errorf("The Salt Master has cached the public key for this node, this salt minion will wait for %v seconds before attempting to re-authenticate", a.Opts.Float("acceptance_wait_time", 10))
				return nil, credsRetry, nil
			}
			return a.rejected(ctx)
		case string:
			if v == "full" {
				a.Log.Errorf("The Salt Master has rejected this minion's public key because it has reached its maximum number of minions")
				return nil, 0, ErrFull
			}
		}
		return nil, 0, fmt.Errorf("decode sign-in reply: unexpected ret %v", r.Ret)
	}
	if fp := a.Opts.Str("master_finger"); fp != "" && fp != pki.FingerFile(cachePath) {
		a.Log.Criticalf("The specified fingerprint in the master configuration file:\n%s\nDoes not match the authenticating master's key:\n%s\nVerify that the configured fingerprint matches the fingerprint of the correct master and that this minion is not subject to a man-in-the-middle attack.", fp, pki.FingerFile(cachePath))
		return nil, 0, &ExitError{Code: 42, Msg: "master_finger mismatch"}
	}
	aes, err := wire.DecryptKey(a.Keys.Private, r.AES)
	if err != nil {
		return nil, 0, err
	}
	sess := &Session{Host: host, IP: ip, RetPort: retPort, PublishPort: r.PublishPort, AES: aes}
	// §1.4: the minion's own publish_port wins unless it is unset or 4506.
	if p := a.Opts.Int("publish_port", 0); p != 0 && p != 4506 {
		sess.PublishPort = p
	}
	return sess, credsOK, nil
}

func (a *Authenticator) rejected(ctx context.Context) (*Session, creds, error) {
	if a.Opts.Bool("rejected_retry") {
		a.Log.Errorf("The Salt Master has rejected this minion's public key.\nTo repair this issue, delete the public key for this minion on the Salt Master.\nThe Salt Minion will attempt to re-authenicate.")
		return nil, credsRetry, nil
	}
	a.Log.Criticalf("The Salt Master has rejected this minion's public key!\nTo repair this issue, delete the public key for this minion on the Salt Master and restart this minion.\nOr restart the Salt Master in open mode to clean out the keys. The Salt Minion will now exit.")
	if a.RejectDelay != nil {
		_ = a.Sleep(ctx, a.RejectDelay())
	}
	return nil, 0, &ExitError{Code: 77, Msg: "The Salt Master has rejected this minion's public key"}
}
