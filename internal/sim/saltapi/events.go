package saltapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// events is Events.GET: a Server-Sent Events stream of the master bus.
// It accepts a session id known to this process or a raw Salt token, from
// ?token=, ?salt_token=, the X-Auth-Token header or the session cookie.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	tok := q.Get("token")
	if tok == "" {
		tok = q.Get("salt_token")
	}
	if tok == "" {
		tok = requestSessionID(r)
	}
	if !s.validEventToken(tok) {
		s.respond(w, r, 0, nil, errStatus(http.StatusUnauthorized, ""))
		return
	}
	if !s.masterRunning() {
		s.respond(w, r, 0, nil, errMasterDown)
		return
	}
	ch, err := s.lc.Watch(r.Context(), 400*time.Millisecond)
	if err != nil {
		s.respond(w, r, 0, nil, errMasterDown)
		return
	}
	fl, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream;charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Connection", "keep-alive")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 400\n")
	if fl != nil {
		fl.Flush()
	}
	for ev := range ch {
		body, err := jsonout.Render(jsonout.NewMap().Set("data", ev.Data).Set("tag", ev.Tag), -1)
		if err != nil {
			continue
		}
		if _, err := fmt.Fprintf(w, "tag: %s\ndata: %s\n\n", ev.Tag, body); err != nil {
			return
		}
		if fl != nil {
			fl.Flush()
		}
	}
}

// validEventToken is Events._is_valid_token: hex, then the session table,
// else the value itself as a Salt token; only existence is checked.
func (s *Server) validEventToken(tok string) bool {
	if !eauth.IsHex(tok) {
		return false
	}
	salt := tok
	if t, ok := s.sessions.get(tok); ok {
		salt = t
	}
	_, ok := s.auth.GetToken(salt)
	return ok
}
