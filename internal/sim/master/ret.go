package master

import (
	"encoding/json"
	"errors"

	"github.com/saltlab/saltlab/internal/sim/wire"
)

// handleRet serves the request/reply (ret) port: one reply per request.
func (m *Master) handleRet(c *wire.Conn) {
	for {
		var req wire.Request
		if err := c.Recv(&req); err != nil {
			return
		}
		var reply any
		switch req.Cmd {
		case wire.CmdAuth:
			r, err := m.handleAuth(req.Load)
			if err != nil {
				m.log.Errorf("Failed to handle sign-in request: %v", err)
				reply = map[string]any{"error": "bad load"}
			} else {
				reply = r
			}
		case wire.CmdPing:
			reply = map[string]any{"ret": true}
		case wire.CmdReturn:
			reply = m.handleReturn(req)
		case wire.CmdSyndicReturn:
			reply = m.handleSyndicReturn(req)
		case wire.CmdMinionEvent:
			reply = m.handleMinionEvent(req)
		case wire.CmdPillar:
			reply = m.handlePillar(req)
		case wire.CmdServeFile:
			reply = m.handleServeFile(req)
		case wire.CmdFileHash:
			reply = m.handleFileHash(req)
		default:
			reply = map[string]any{"error": "unknown command"}
		}
		if err := c.Send(reply); err != nil {
			return
		}
	}
}

// standaloneJid is the jid of a return no published job asked for.
const standaloneJid = "req"

// handleReturn stores an AES-sealed job return. A return sealed with an old
// key (the minion has not re-authenticated since a master restart) is refused
// so the minion re-authenticates, as Salt's AES rotation forces it to.
func (m *Master) handleReturn(req wire.Request) map[string]any {
	var ret wire.Return
	if err := wire.Open(m.currentAES(), req.Data, &ret); err != nil {
		if errors.Is(err, wire.ErrDecrypt) {
			return map[string]any{"error": "bad key"}
		}
		return map[string]any{"error": "bad load"}
	}
	if ret.ID != req.ID {
		return map[string]any{"error": "id mismatch"}
	}
	if len(ret.Return) == 0 {
		ret.Return = json.RawMessage("null")
	}
	standalone := ret.Jid == standaloneJid
	if standalone {
		// salt/utils/job.py store_job: "The minion is returning a
		// standalone job, request a jobid" (salt-call's return_pub sends
		// jid "req"); the load is saved with tgt = the minion's id.
		ret.Jid = m.jobs.newJid()
		if err := m.jobs.storeLoad(wire.Publication{Jid: ret.Jid, Tgt: ret.ID, TgtType: "glob", Fun: ret.Fun, Arg: nonNil(ret.FunArgs)}); err != nil {
			m.log.Errorf("Failed to save the load of standalone job %s: %v", ret.Jid, err)
		}
	}
	m.jobs.storeReturn(ret, m.log)
	m.fireJobRet(ret, standalone)
	return map[string]any{"ret": true}
}
