package saltapi

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
	"time"
)

// sessionCookie is CherryPy's session cookie name.
const sessionCookie = "session_id"

// sessionTimeout is LowDataAdapter's tools.sessions.timeout (600 minutes,
// sliding). Login.POST stores session["timeout"] as a plain key, which does
// not change it; the Salt token's own expiry is checked on every call.
const sessionTimeout = 600 * time.Minute

// session is a CherryPy session: the Salt token it wraps and its sliding
// timeout. Sessions live in this process only (CherryPy's default RAM
// storage), which is why a second salt-api answers 401 (§5.3, §10.6).
type session struct {
	token   string
	timeout time.Duration
	expires time.Time
}

type sessionStore struct {
	mu  sync.Mutex
	m   map[string]*session
	now func() time.Time
}

func newSessionStore() *sessionStore {
	return &sessionStore{m: map[string]*session{}, now: time.Now}
}

// newSessionID is CherryPy's Session.generate_id: 20 random bytes as hex.
func newSessionID() string {
	b := make([]byte, 20)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// get returns the Salt token of a live session and slides its expiry.
func (s *sessionStore) get(id string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.m[id]
	if !ok {
		return "", false
	}
	now := s.now()
	if now.After(ss.expires) {
		delete(s.m, id)
		return "", false
	}
	ss.expires = now.Add(ss.timeout)
	return ss.token, true
}

func (s *sessionStore) put(id, token string, timeout time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[id] = &session{token: token, timeout: timeout, expires: s.now().Add(timeout)}
}

func (s *sessionStore) delete(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, id)
}

// requestSessionID is salt_token_tool + CherryPy's session lookup: the
// X-Auth-Token header wins over the session_id cookie.
func requestSessionID(r *http.Request) string {
	if h := r.Header.Get("X-Auth-Token"); h != "" {
		return h
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		return c.Value
	}
	return ""
}
