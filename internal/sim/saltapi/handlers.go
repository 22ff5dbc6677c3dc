package saltapi

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

func (s *Server) index(*req) (any, error) {
	return jsonout.NewMap().Set("return", "Welcome").Set("clients", clientNames), nil
}

func (s *Server) lowstatePOST(q *req) (any, error) {
	ret, err := s.execLowstate(q.r.Context(), q.lowstate, q.token, "")
	if err != nil {
		return nil, err
	}
	return jsonout.NewMap().Set("return", ret), nil
}

func (s *Server) runPOST(q *req) (any, error) {
	return s.lowstatePOST(&req{r: q.r, lowstate: q.lowstate})
}

func (s *Server) loginGET(q *req) (any, error) {
	q.w.Header().Set("WWW-Authenticate", "Session")
	// UNCONFIRMED: the exact "status" value (cherrypy.response.status).
	return jsonout.NewMap().Set("status", http.StatusOK).Set("return", "Please log in"), nil
}

// loginPOST mints a Salt token and ties it to a CherryPy session; the
// session id, not the Salt token, goes back to the client (§5.3).
func (s *Server) loginPOST(q *req) (any, error) {
	if !s.masterRunning() {
		return nil, errMasterDown
	}
	var creds map[string]any
	switch ls := q.lowstate.(type) {
	case []any:
		if len(ls) > 0 {
			creds, _ = ls[0].(map[string]any)
		}
	case map[string]any:
		creds = ls
	}
	if creds == nil {
		// Login.POST calls creds.get on None → AttributeError → 500 (INFER).
		return nil, errors.New("no credentials in the request body")
	}
	tok, err := s.auth.MkToken(eauth.Creds{Username: str(creds["username"]), Password: str(creds["password"]), Eauth: str(creds["eauth"])})
	if err != nil {
		if errors.Is(err, eauth.ErrAuthentication) {
			return nil, errStatus(http.StatusUnauthorized, "Could not authenticate using provided credentials")
		}
		return nil, err
	}
	sid := q.sessionID
	if _, known := s.sessions.get(sid); !known || sid == "" {
		sid = newSessionID() // CherryPy regenerates ids it does not know
	}
	s.sessions.put(sid, tok.Token, sessionTimeout)
	q.w.Header().Set("X-Auth-Token", sid)
	http.SetCookie(q.w, &http.Cookie{Name: sessionCookie, Value: sid, Path: "/", Expires: s.now().Add(sessionTimeout)})
	var perms any = jsonout.NewMap()
	if p := s.loginPerms(tok.Eauth, tok.Name); len(p) > 0 {
		perms = p
	}
	return jsonout.NewMap().Set("return", []any{jsonout.NewMap().Set("token", sid).Set("expire", tok.Expire).
		Set("start", tok.Start).Set("user", tok.Name).Set("eauth", tok.Eauth).Set("perms", perms)}), nil
}

// loginPerms is Login.POST's perms: the user's entry plus '*', sorted
// when they are all strings (spec §5.4).
func (s *Server) loginPerms(eauthName, name string) []any {
	ext, _ := s.opts["external_auth"].(map[string]any)
	b, _ := ext[eauthName].(map[string]any)
	var perms []any
	if l, ok := b[name].([]any); ok {
		perms = append(perms, l...)
	}
	if l, ok := b["*"].([]any); ok {
		perms = append(perms, l...)
	}
	strs := make([]string, 0, len(perms))
	for _, p := range perms {
		ps, ok := p.(string)
		if !ok {
			return perms
		}
		strs = append(strs, ps)
	}
	sort.Strings(strs)
	out := []any{}
	for i, p := range strs {
		if i == 0 || p != strs[i-1] {
			out = append(out, p)
		}
	}
	return out
}

// logout drops the session and expires the cookie; the Salt token stays valid.
func (s *Server) logout(q *req) (any, error) {
	s.sessions.delete(q.sessionID)
	http.SetCookie(q.w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1})
	return jsonout.NewMap().Set("return", "Your token has been cleared"), nil
}

// tokenPOST is Token.POST: runner auth.mk_token for every creds chunk; the
// answer is a bare list of raw Salt tokens.
func (s *Server) tokenPOST(q *req) (any, error) {
	chunks, ok := q.lowstate.([]any)
	if !ok {
		return nil, errStatus(http.StatusBadRequest, "Lowstates must be a list")
	}
	for _, c := range chunks {
		m, ok := c.(map[string]any)
		if !ok {
			return nil, errors.New("token request chunk is not a mapping")
		}
		for _, k := range []string{"username", "password", "eauth"} {
			if _, ok := m[k]; !ok {
				return nil, errStatus(http.StatusBadRequest, `Require "username", "password", and "eauth" params`)
			}
		}
		m["client"], m["fun"] = "runner", "auth.mk_token"
		m["kwarg"] = map[string]any{"username": m["username"], "password": m["password"], "eauth": m["eauth"]}
	}
	return s.execLowstate(q.r.Context(), chunks, "", "")
}

func (s *Server) minionsGET(q *req) (any, error) {
	tgt := q.r.PathValue("mid")
	if tgt == "" {
		tgt = "*"
	}
	ls := []any{map[string]any{"client": "local", "tgt": tgt, "fun": "grains.items"}}
	ret, err := s.execLowstate(q.r.Context(), ls, q.token, "")
	if err != nil {
		return nil, err
	}
	return jsonout.NewMap().Set("return", ret), nil
}

// minionsPOST is local_async with 202 and job links.
func (s *Server) minionsPOST(q *req) (any, error) {
	ret, err := s.execLowstate(q.r.Context(), q.lowstate, q.token, "local_async")
	if err != nil {
		return nil, err
	}
	links := []any{}
	for _, r := range ret {
		if m, ok := r.(*jsonout.Map); ok && m.Len() > 0 {
			jid, _ := m.Get("jid")
			links = append(links, jsonout.NewMap().Set("href", fmt.Sprintf("/jobs/%v", jid)))
		}
	}
	q.status = http.StatusAccepted
	return jsonout.NewMap().Set("return", ret).Set("_links", jsonout.NewMap().Set("jobs", links)), nil
}

func (s *Server) jobsGET(q *req) (any, error) {
	jid := q.r.PathValue("jid")
	low := map[string]any{"client": "runner", "fun": "jobs.list_jobs"}
	if jid != "" {
		low = map[string]any{"client": "runner", "fun": "jobs.list_job", "jid": jid}
	}
	ret, err := s.execLowstate(q.r.Context(), []any{low}, q.token, "")
	if err != nil {
		return nil, err
	}
	if jid == "" {
		return jsonout.NewMap().Set("return", []any{ret[0]}), nil
	}
	minionRet := jsonout.NewMap()
	if info, ok := ret[0].(*jsonout.Map); ok {
		if res, ok := info.Get("Result"); ok {
			if rm, ok := res.(*jsonout.Map); ok {
				for _, id := range rm.Keys() {
					v, _ := rm.Get(id)
					if vm, ok := v.(*jsonout.Map); ok {
						x, _ := vm.Get("return")
						minionRet.Set(id, x)
					}
				}
			}
		}
	}
	return jsonout.NewMap().Set("info", []any{ret[0]}).Set("return", []any{minionRet}), nil
}

// keysGET is Keys.GET: wheel key.list_all / key.finger; "return" is the
// wheel return itself (a dict, not a list).
func (s *Server) keysGET(q *req) (any, error) {
	low := map[string]any{"client": "wheel", "fun": "key.list_all"}
	if mid := q.r.PathValue("mid"); mid != "" {
		low = map[string]any{"client": "wheel", "fun": "key.finger", "match": mid}
	}
	ret, err := s.execLowstate(q.r.Context(), []any{low}, q.token, "")
	if err != nil {
		return nil, err
	}
	var out any = jsonout.NewMap()
	if m, ok := ret[0].(*jsonout.Map); ok {
		if d, ok := m.Get("data"); ok {
			if dm, ok := d.(*jsonout.Map); ok {
				if r, ok := dm.Get("return"); ok {
					out = r
				}
			}
		}
	}
	return jsonout.NewMap().Set("return", out), nil
}

// stats is Stats.GET: {} unless collect_stats.
// INFER: a small subset of CherryPy's cpstats tree.
func (s *Server) stats(*req) (any, error) {
	if !s.api.CollectStats {
		return jsonout.NewMap(), nil
	}
	up := s.now().Sub(s.started).Seconds()
	return jsonout.NewMap().Set("CherryPy Applications", jsonout.NewMap().
		Set("Enabled", true).Set("Total Requests", s.requests.Load()).
		Set("Uptime", math.Round(up*1000)/1000).Set("Start Time", float64(s.started.UnixNano())/1e9)), nil
}

// hook fires salt/netapi/hook/<path> with body, post and headers.
func (s *Server) hook(q *req) (any, error) {
	if !s.masterRunning() {
		return nil, errMasterDown
	}
	tag := "salt/netapi/hook"
	if rest := strings.Trim(q.r.PathValue("rest"), "/"); rest != "" {
		tag += "/" + rest
	}
	headers := jsonout.NewMap()
	keys := make([]string, 0, len(q.r.Header))
	for k := range q.r.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		headers.Set(k, q.r.Header.Get(k))
	}
	headers.Set("Remote-Addr", remoteIP(q.r))
	var post any = q.data
	if post == nil {
		post = jsonout.NewMap()
	}
	data := jsonout.NewMap().Set("body", q.raw).Set("post", post).Set("headers", headers)
	err := s.lc.Fire(tag, data)
	return jsonout.NewMap().Set("success", err == nil), nil
}

func remoteIP(r *http.Request) string {
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i > 0 {
		host = strings.Trim(host[:i], "[]")
	}
	return host
}
