package master

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// SyndicDir is where a master of masters registers the syndics that have
// returned (Salt's syndic_dir, cachedir/syndics/<syndic_id>). The salt CLI
// does not report registered syndic ids as unresponsive (§4.2).
func SyndicDir(cachedir string) string { return filepath.Join(cachedir, "syndics") }

// handleSyndicReturn is AESFuncs._syndic_return (§6.2 step 5): it registers
// the syndic, unpacks each minion return into a normal return for that
// minion, and passes forwarded job events (expected minions) to the CLIs
// waiting for the jid.
func (m *Master) handleSyndicReturn(req wire.Request) map[string]any {
	if _, ok := m.dirs.Read(pki.Accepted, req.ID); !ok {
		return map[string]any{"error": "not accepted"}
	}
	var fwd wire.SyndicForward
	if err := wire.Open(m.currentAES(), req.Data, &fwd); err != nil {
		if errors.Is(err, wire.ErrDecrypt) {
			return map[string]any{"error": "bad key"}
		}
		return map[string]any{"error": "bad load"}
	}
	if len(fwd.Returns) > 0 {
		if err := m.registerSyndic(req.ID); err != nil {
			m.log.Errorf("Failed to register syndic %s: %v", req.ID, err)
		}
	}
	for _, ev := range fwd.Events {
		m.log.Debugf("Syndic %s expects minions %v for job %s", req.ID, ev.Minions, ev.Jid)
		m.jobs.expect(ev.Jid, ev.Minions)
		m.fireForwardedNew(req.ID, ev)
	}
	for _, ret := range fwd.Returns {
		if len(ret.Return) == 0 {
			ret.Return = json.RawMessage("null")
		}
		ret.Minions = nil
		m.jobs.storeReturn(ret, m.log)
		// _syndic_return fires the minion's return event on the MoM bus too
		m.fireJobRet(ret, false)
	}
	return map[string]any{"ret": true}
}

func (m *Master) registerSyndic(id string) error {
	if !validID(id) {
		return errors.New("invalid syndic id")
	}
	d := SyndicDir(m.opts.Str("cachedir"))
	if err := os.MkdirAll(d, 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(d, id), os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}
