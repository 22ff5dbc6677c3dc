package eauth

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
)

// ErrAuthentication is any eauth failure; the HTTP layer maps it to 401.
var ErrAuthentication = errors.New("authentication failed")

// Creds are the eauth fields of a login or lowstate chunk.
type Creds struct {
	Username, Password, Eauth string
}

// Auth is LoadAuth over the master options.
type Auth struct {
	opts  config.Opts
	log   *saltlog.Logger
	store tokenStore
	now   func() time.Time
}

// New checks eauth_tokens and prepares the token store (token_dir, default
// <cachedir>/tokens).
func New(opts config.Opts, log *saltlog.Logger) (*Auth, error) {
	if s := opts.Str("eauth_tokens"); s != "" && s != "localfs" {
		return nil, fmt.Errorf("%w: %q", ErrUnsupportedStore, s)
	}
	dir := opts.Str("token_dir")
	if dir == "" {
		dir = filepath.Join(opts.Str("cachedir"), "tokens")
	}
	return &Auth{opts: opts, log: log, store: tokenStore{dir: dir}, now: time.Now}, nil
}

func (a *Auth) backend(eauth string) (map[string]any, bool) {
	ext, _ := a.opts["external_auth"].(map[string]any)
	b, ok := ext[eauth]
	if !ok {
		return nil, false
	}
	m, _ := b.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return m, true
}

// Check authenticates creds (LoadAuth.authenticate_eauth): the eauth must
// be configured under external_auth, the user must have an entry there,
// and the backend must accept the password.
func (a *Auth) Check(c Creds) error {
	if c.Username == "" || c.Eauth == "" {
		return fmt.Errorf("%w: missing username or eauth", ErrAuthentication)
	}
	b, ok := a.backend(c.Eauth)
	if !ok {
		a.log.Warnf("The eauth system \"%s\" is not enabled", c.Eauth)
		return fmt.Errorf("%w: eauth %q not enabled", ErrAuthentication, c.Eauth)
	}
	if !Known(b, c.Username) {
		a.log.Debugf("eauth \"%s\" has no entry for user %s", c.Eauth, c.Username)
		return fmt.Errorf("%w: no entry for %s", ErrAuthentication, c.Username)
	}
	ok, err := authenticate(a.opts, b, c.Eauth, c.Username, c.Password)
	if err != nil {
		a.log.Errorf("%v", err)
		return fmt.Errorf("%w: %v", ErrAuthentication, err)
	}
	if !ok {
		a.log.Warnf("Authentication failure of type \"eauth\" occurred for user %s.", c.Username)
		return ErrAuthentication
	}
	return nil
}

// MkToken authenticates and stores a new token valid token_expire seconds.
func (a *Auth) MkToken(c Creds) (Token, error) {
	if err := a.Check(c); err != nil {
		return Token{}, err
	}
	tok, err := newToken()
	if err != nil {
		return Token{}, err
	}
	now := a.now()
	t := Token{Token: tok, Start: epoch(now), Expire: epoch(now) + a.opts.Float("token_expire", 43200), Name: c.Username, Eauth: c.Eauth}
	if err := a.store.write(t); err != nil {
		return Token{}, err
	}
	return t, nil
}

// GetToken returns a valid token; expired ones are removed (get_tok).
func (a *Auth) GetToken(tok string) (Token, bool) {
	t, ok := a.store.read(tok)
	if !ok {
		return Token{}, false
	}
	if epoch(a.now()) > t.Expire {
		a.store.remove(tok)
		return Token{}, false
	}
	return t, true
}

// Perms returns the permission list of a user under an eauth backend.
func (a *Auth) Perms(eauth, name string) []any {
	b, _ := a.backend(eauth)
	return UserPerms(b, name)
}

// Authorize checks a request against the perms of name under eauth.
func (a *Auth) Authorize(eauth, name string, r Request) error {
	if Allowed(a.Perms(eauth, name), r) {
		return nil
	}
	a.log.Warnf("Authorization failure occurred for user %s: %s", name, describe(r))
	return fmt.Errorf("%w: %s may not run %s", ErrAuthentication, name, r.Fun)
}
