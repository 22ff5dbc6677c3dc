package master

import (
	"errors"

	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// Events is the master's event bus.
func (m *Master) Events() *events.Bus { return m.bus }

// fireJobNew is the salt/job/<jid>/new event LocalClient's publish fires.
func (m *Master) fireJobNew(pub wire.Publication) {
	d := jsonout.NewMap().Set("jid", pub.Jid).Set("tgt_type", pub.TgtType).Set("tgt", pub.Tgt).
		Set("user", pub.User).Set("fun", pub.Fun).Set("arg", nonNil(pub.Arg)).
		Set("minions", pub.Minions).Set("missing", []string{})
	m.bus.Fire(events.Tagify("salt/job", pub.Jid, "new"), d)
}

// fireJobRet is the salt/job/<jid>/ret/<id> event AESFuncs._return fires
// (salt.utils.job.store_job). A standalone return's load also carries the
// arg, tgt_type and tgt store_job filled in for its fresh jid.
func (m *Master) fireJobRet(ret wire.Return, standalone bool) {
	var v any = string(ret.Return)
	if d, err := jsonout.Decode(ret.Return); err == nil {
		v = d
	}
	d := jsonout.NewMap().Set("cmd", "_return").Set("id", ret.ID).Set("success", ret.Success).
		Set("return", v).Set("retcode", ret.Retcode).Set("jid", ret.Jid).Set("fun", ret.Fun).
		Set("fun_args", nonNil(ret.FunArgs))
	if standalone {
		d.Set("arg", nonNil(ret.FunArgs)).Set("tgt_type", "glob").Set("tgt", ret.ID)
	}
	m.bus.Fire(events.Tagify("salt/job", ret.Jid, "ret", ret.ID), d)
}

// fireForwardedNew fires a syndic's forwarded salt/job/<jid>/new on the
// master of masters the way AESFuncs._minion_event fires forwarded events:
// once under its own tag ("old dup event") and once under the syndic's
// pretag, syndic/<syndic id>/salt/job/<jid>/new. INFER: Salt forwards the
// syndic master's whole new-event data; the double carries only the jid
// and the minions that syndic matched.
func (m *Master) fireForwardedNew(syndic string, ev wire.SyndicEvent) {
	tag := events.Tagify("salt/job", ev.Jid, "new")
	for _, t := range []string{tag, events.Tagify("syndic", syndic, tag)} {
		m.bus.Fire(t, jsonout.NewMap().Set("jid", ev.Jid).Set("minions", nonNil2(ev.Minions)))
	}
}

func nonNil2(a []string) []string {
	if a == nil {
		return []string{}
	}
	return a
}

// fireAuth is the salt/auth event of ReqServerChannel._auth, sent only when
// auth_events (default True) is set.
func (m *Master) fireAuth(id, act, pub string, result any) {
	if m.opts.Has("auth_events") && !m.opts.Bool("auth_events") {
		return
	}
	d := jsonout.NewMap().Set("result", result).Set("act", act).Set("id", id).Set("pub", pub)
	m.bus.Fire("salt/auth", d)
}

// handleMinionEvent is AESFuncs._minion_event: the load minus its token is
// fired under its own tag.
func (m *Master) handleMinionEvent(req wire.Request) map[string]any {
	var ev wire.MinionEvent
	if err := wire.Open(m.currentAES(), req.Data, &ev); err != nil {
		if errors.Is(err, wire.ErrDecrypt) {
			return map[string]any{"error": "bad key"}
		}
		return map[string]any{"error": "bad load"}
	}
	if ev.ID != req.ID || ev.Tag == "" {
		return map[string]any{"error": "bad load"}
	}
	var data any
	if len(ev.Data) > 0 {
		if v, err := jsonout.Decode(ev.Data); err == nil {
			data = v
		}
	}
	d := jsonout.NewMap().Set("id", ev.ID).Set("cmd", wire.CmdMinionEvent).Set("pretag", ev.Pretag).
		Set("data", data).Set("tag", ev.Tag)
	m.bus.Fire(ev.Tag, d)
	return map[string]any{"ret": true}
}

// streamEvents serves LocalEvents: every bus event goes to the client until
// it hangs up.
func (m *Master) streamEvents(c *wire.Conn) {
	ch, stop := m.bus.Subscribe()
	defer stop()
	if err := c.Send(wire.LocalReply{}); err != nil {
		return
	}
	done := make(chan struct{})
	go func() {
		var x any
		_ = c.Recv(&x)
		close(done)
	}()
	for {
		select {
		case ev := <-ch:
			if err := c.Send(ev); err != nil {
				return
			}
		case <-done:
			return
		}
	}
}

// fireLocal serves LocalFire (salt-key's salt/key events, salt-api /hook).
func (m *Master) fireLocal(c *wire.Conn, req wire.LocalRequest) {
	if req.Tag == "" {
		_ = c.Send(wire.LocalReply{Error: "fire: empty tag"})
		return
	}
	d := jsonout.NewMap()
	if len(req.Data) > 0 {
		v, err := jsonout.Decode(req.Data)
		if err != nil {
			_ = c.Send(wire.LocalReply{Error: "fire: " + err.Error()})
			return
		}
		if mm, ok := v.(*jsonout.Map); ok {
			d = mm
		} else {
			d.Set("data", v)
		}
	}
	m.bus.Fire(req.Tag, d)
	_ = c.Send(wire.LocalReply{})
}

func nonNil(a []any) []any {
	if a == nil {
		return []any{}
	}
	return a
}
