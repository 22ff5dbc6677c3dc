package master

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/target"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// handleLocal serves the salt/salt-run CLIs: publish a job, then stream its
// returns until the client hangs up.
func (m *Master) handleLocal(c *wire.Conn) {
	var req wire.LocalRequest
	if err := c.Recv(&req); err != nil {
		return
	}
	switch req.Cmd {
	case wire.LocalConnected:
		_ = c.Send(m.pub.connected())
		return
	case wire.LocalEvents:
		m.streamEvents(c)
		return
	case wire.LocalFire:
		m.fireLocal(c, req)
		return
	case wire.LocalPublish:
	default:
		_ = c.Send(wire.LocalReply{Error: "unknown command"})
		return
	}
	minions, err := m.expected(req.Tgt, req.TgtType)
	if err != nil {
		_ = c.Send(wire.LocalReply{Error: err.Error()})
		return
	}
	// order_masters keeps publishing when no local key matches: the
	// syndics below may know matching minions (§6.1, ClearFuncs.publish).
	mom := m.opts.Bool("order_masters")
	if len(minions) == 0 && !mom {
		_ = c.Send(wire.LocalReply{Minions: []string{}})
		return
	}
	jid := req.Jid
	if jid == "" {
		jid = m.jobs.newJid()
	}
	rets, stop := m.jobs.listen(jid)
	defer stop()
	pub := wire.Publication{Jid: jid, Tgt: req.Tgt, TgtType: req.TgtType, Fun: req.Fun, Arg: req.Arg, User: req.User, Minions: minions}
	if mom {
		pub.To = req.To
		pub.MasterID = m.opts.Str("master_id")
	}
	if err := m.jobs.storeLoad(pub); err != nil {
		m.log.Errorf("%v", err)
	}
	if err := c.Send(wire.LocalReply{Jid: jid, Minions: minions}); err != nil {
		return
	}
	m.log.Infof("User %s Published command %s with jid %s", req.User, req.Fun, jid)
	m.fireJobNew(pub)
	if err := m.pub.publish(pub); err != nil {
		m.log.Errorf("Failed to publish job %s: %v", jid, err)
	}
	done := make(chan struct{})
	go func() {
		var x any
		_ = c.Recv(&x) // returns when the client closes the connection
		close(done)
	}()
	for {
		select {
		case r := <-rets:
			if err := c.Send(r); err != nil {
				return
			}
		case <-done:
			return
		}
	}
}

// expected is CkMinions for glob and list targets: accepted keys only.
func (m *Master) expected(tgt any, tgtType string) ([]string, error) {
	if nm, ok := notmodelled.Target(tgtType); ok {
		return nil, nm
	}
	if tgtType != "" && tgtType != "glob" && tgtType != "list" {
		return nil, fmt.Errorf("target type %q is not supported by the Salt double", tgtType)
	}
	out := []string{}
	for _, id := range m.dirs.List(pki.Accepted) {
		if target.Match(tgt, tgtType, id) {
			out = append(out, id)
		}
	}
	return out, nil
}
