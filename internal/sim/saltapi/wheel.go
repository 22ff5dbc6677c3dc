package saltapi

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/pki"
)

// wheel is WheelClient.cmd_sync(full_return=True) for the key wheel: the
// whole event data of salt/wheel/<jid>/ret.
func (s *Server) wheel(id identity, low map[string]any) (any, error) {
	fun := str(low["fun"])
	if err := s.authorize(id, eauth.Request{Client: "wheel", Fun: fun}); err != nil {
		return nil, err
	}
	if nm, ok := notmodelled.Wheel(fun); ok && !slices.Contains(wheelFunctions(), fun) {
		return nil, notModelled(nm)
	}
	pos, kw := callArgs(low)
	match, _ := param(pos, kw, "match", 0)
	if fun == "key.gen_accept" {
		match, _ = param(pos, kw, "id_", 0)
	}
	jid := s.jids.Next()
	tag := "salt/wheel/" + jid
	_ = s.lc.Fire(tag+"/new", jsonout.NewMap().Set("fun", "wheel."+fun).Set("jid", jid).Set("user", id.name))
	var ret any
	var ok bool
	if fun == "key.gen_accept" {
		ret, ok = s.genAccept(match, truthy(kw["force"]))
	} else {
		ret, ok = s.keyWheel(fun, match, truthy(kw["include_rejected"]), truthy(kw["include_denied"]), truthy(kw["include_accepted"]))
	}
	data := jsonout.NewMap().Set("fun", "wheel."+fun).Set("jid", jid).Set("tag", tag).Set("user", id.name).
		Set("_stamp", events.Stamp(s.now())).Set("return", ret).Set("success", ok)
	_ = s.lc.Fire(tag+"/ret", data)
	return jsonout.NewMap().Set("tag", tag).Set("data", data), nil
}

// wheelFunctions are the wheel functions the double has.
func wheelFunctions() []string {
	return []string{"key.list_all", "key.finger", "key.accept", "key.reject", "key.delete", "key.gen_accept"}
}

// keyWheel runs salt/wheel/key.py functions on pki_dir, firing salt/key
// events like salt.key.Key.
func (s *Server) keyWheel(fun, match string, inclRej, inclDen, inclAcc bool) (any, bool) {
	switch fun {
	case "key.list_all":
		m := jsonout.NewMap()
		for _, st := range []pki.Status{pki.Accepted, pki.Pending, pki.Rejected, pki.Denied} {
			m.Set(string(st), s.keys.List(st))
		}
		return m.Set("local", []string{"master.pem", "master.pub"}), true
	case "key.finger":
		return s.fingers(match), true
	case "key.accept":
		s.moveKeys(match, pendingPlus(map[pki.Status]bool{pki.Rejected: inclRej, pki.Denied: inclDen}), pki.Accepted, "accept")
		return s.globMatch(match), true
	case "key.reject":
		s.moveKeys(match, pendingPlus(map[pki.Status]bool{pki.Accepted: inclAcc, pki.Denied: inclDen}), pki.Rejected, "reject")
		return s.globMatch(match), true
	case "key.delete":
		for _, st := range pki.AllStatuses() {
			for _, id := range s.keys.Match(st, match) {
				if s.keys.Remove(st, id) == nil {
					_ = s.lc.Fire(events.KeyTag, events.KeyData("delete", id))
				}
			}
		}
		return s.globMatch(match), true
	}
	return "'" + fun + "' is not available.", false
}

// pendingPlus is the source states of key.accept/key.reject: pending keys
// plus the include_* states asked for, in salt-key's order.
func pendingPlus(include map[pki.Status]bool) []pki.Status {
	from := []pki.Status{pki.Pending}
	for _, st := range []pki.Status{pki.Accepted, pki.Rejected, pki.Denied} {
		if include[st] {
			from = append(from, st)
		}
	}
	return from
}

func (s *Server) moveKeys(match string, from []pki.Status, to pki.Status, act string) {
	for _, st := range from {
		for _, id := range s.keys.Match(st, match) {
			if s.keys.Move(st, to, id) == nil {
				_ = s.lc.Fire(events.KeyTag, events.KeyData(act, id))
			}
		}
	}
}

// globMatch is Key.glob_match: the states holding keys that match now.
func (s *Server) globMatch(match string) *jsonout.Map {
	m := jsonout.NewMap()
	for _, st := range pki.AllStatuses() {
		if ids := s.keys.Match(st, match); len(ids) > 0 {
			m.Set(string(st), ids)
		}
	}
	return m
}

// fingers is Key.finger: only states with a match, local keys last.
func (s *Server) fingers(match string) *jsonout.Map {
	m := jsonout.NewMap()
	for _, st := range pki.AllStatuses() {
		ids := s.keys.Match(st, match)
		if len(ids) == 0 {
			continue
		}
		fm := jsonout.NewMap()
		for _, id := range ids {
			fm.Set(id, pki.FingerFile(s.keys.Path(st, id)))
		}
		m.Set(string(st), fm)
	}
	local := jsonout.NewMap()
	for _, n := range []string{"master.pem", "master.pub"} {
		if ok, _ := path.Match(match, n); ok || strings.EqualFold(match, n) {
			local.Set(n, pki.FingerFile(filepath.Join(s.keys.Root, n)))
		}
	}
	if local.Len() > 0 {
		m.Set("local", local)
	}
	return m
}
