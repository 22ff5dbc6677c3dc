package saltapi

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// req is what a handler sees after the CherryPy tools ran.
type req struct {
	r         *http.Request
	w         http.ResponseWriter
	sessionID string
	token     string // the Salt token of the session, "" if none
	data      any    // unserialized body
	raw       string
	lowstate  any
	status    int
}

type handler func(*req) (any, error)

type toolOpts struct {
	auth     bool // salt_auth: a session with a token is required
	noBody   bool // hypermedia_in off
	sessions bool
}

// Handler is the URL map (API.url_map) under root_prefix.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	sess := toolOpts{sessions: true}
	authed := toolOpts{sessions: true, auth: true}
	mux.Handle("GET /{$}", s.wrap(toolOpts{}, s.index))
	mux.Handle("POST /{$}", s.wrap(authed, s.lowstatePOST))
	mux.Handle("GET /login", s.wrap(sess, s.loginGET))
	mux.Handle("POST /login", s.wrap(sess, s.loginPOST))
	mux.Handle("POST /logout", s.wrap(authed, s.logout))
	mux.Handle("POST /token", s.wrap(toolOpts{}, s.tokenPOST))
	mux.Handle("POST /run", s.wrap(toolOpts{}, s.runPOST))
	mux.Handle("GET /minions", s.wrap(authed, s.minionsGET))
	mux.Handle("GET /minions/{mid}", s.wrap(authed, s.minionsGET))
	mux.Handle("POST /minions", s.wrap(authed, s.minionsPOST))
	mux.Handle("GET /jobs", s.wrap(authed, s.jobsGET))
	mux.Handle("GET /jobs/{jid}", s.wrap(authed, s.jobsGET))
	mux.Handle("GET /keys", s.wrap(sess, s.keysGET))
	mux.Handle("GET /keys/{mid}", s.wrap(sess, s.keysGET))
	mux.Handle("POST /keys", http.HandlerFunc(s.keysPOST))
	mux.Handle("GET /stats", s.wrap(toolOpts{sessions: true, auth: !s.api.StatsDisableAuth}, s.stats))
	mux.Handle("GET /events", http.HandlerFunc(s.events))
	hook := toolOpts{sessions: true, auth: !s.api.WebhookDisableAuth}
	mux.Handle("POST "+s.api.WebhookURL, s.wrap(hook, s.hook))
	mux.Handle("POST "+s.api.WebhookURL+"/{rest...}", s.wrap(hook, s.hook))
	var h http.Handler = mux
	if s.api.RootPrefix != "/" {
		h = http.StripPrefix(s.api.RootPrefix, mux)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		h.ServeHTTP(w, r)
	})
}

// wrap runs the CherryPy tools around a handler: salt_token, sessions,
// salt_auth, hypermedia_in, lowdata_fmt and hypermedia_out.
func (s *Server) wrap(t toolOpts, h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := &req{r: r, w: w, status: http.StatusOK}
		if t.sessions {
			q.sessionID = requestSessionID(r)
			if tok, ok := s.sessions.get(q.sessionID); ok {
				q.token = tok
			}
		}
		var ret any
		err := func() error {
			if t.auth && q.token == "" {
				return errStatus(http.StatusUnauthorized, "")
			}
			if !t.noBody {
				data, raw, err := readBody(r)
				if err != nil {
					return err
				}
				q.data, q.raw = data, raw
				q.lowstate = lowstate(data)
			}
			var err error
			ret, err = h(q)
			return err
		}()
		s.respond(w, r, q.status, ret, err)
	})
}

func (s *Server) respond(w http.ResponseWriter, r *http.Request, status int, ret any, err error) {
	var he *httpError
	if errors.As(err, &he) {
		w.Header().Set("Content-Type", "text/html;charset=utf-8")
		w.WriteHeader(he.status)
		fmt.Fprint(w, errorPage(he.status, he.msg))
		return
	}
	if err != nil {
		s.log.Debugf("Error while processing request for: %s: %v", r.URL.Path, err)
		msg := "An unexpected error occurred"
		if s.api.Debug {
			msg = err.Error()
		}
		status, ret = http.StatusInternalServerError, jsonout.NewMap().Set("status", 500).Set("return", msg)
	}
	ct, aerr := bestType(r.Header.Get("Accept"))
	if aerr != nil {
		errors.As(aerr, &he)
		w.Header().Set("Content-Type", "text/html;charset=utf-8")
		w.WriteHeader(he.status)
		fmt.Fprint(w, errorPage(he.status, he.msg))
		return
	}
	body, eerr := encode(ret, ct)
	if eerr != nil {
		w.Header().Set("Content-Type", "text/html;charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, errorPage(http.StatusInternalServerError, "Could not serialize the return data from Salt."))
		return
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
