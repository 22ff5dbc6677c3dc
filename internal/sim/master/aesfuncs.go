package master

import (
	"errors"

	"github.com/saltlab/saltlab/internal/sim/fileserver"
	"github.com/saltlab/saltlab/internal/sim/pillar"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// handleSealed opens an AES request, runs answer on the decoded load and
// seals the answer ({"data": ...}). A stale key gets "bad key" so the
// minion re-authenticates, as for returns.
func handleSealed[L any](m *Master, req wire.Request, answer func(L) (any, error)) map[string]any {
	var load L
	if err := wire.Open(m.currentAES(), req.Data, &load); err != nil {
		if errors.Is(err, wire.ErrDecrypt) {
			return map[string]any{"error": "bad key"}
		}
		return map[string]any{"error": "bad load"}
	}
	v, err := answer(load)
	if err != nil {
		m.log.Errorf("%s from %s: %v", req.Cmd, req.ID, err)
		return map[string]any{"error": err.Error()}
	}
	sealed, err := wire.Seal(m.currentAES(), v)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"data": sealed}
}

// handlePillar compiles the requesting minion's pillar from this master's
// pillar_roots: with divergent roots, masters serve divergent pillars (§4.3).
func (m *Master) handlePillar(req wire.Request) map[string]any {
	return handleSealed(m, req, func(l wire.PillarLoad) (any, error) {
		if l.ID != req.ID {
			return nil, errors.New("id mismatch")
		}
		p := pillar.Compile(m.opts.BaseRoots("pillar_roots"), l.ID)
		m.cacheMinionData(l.ID, l.Grains, p)
		return p, nil
	})
}

func (m *Master) handleServeFile(req wire.Request) map[string]any {
	return handleSealed(m, req, func(l wire.FileLoad) (any, error) {
		data, ok, err := fileserver.Read(m.opts.BaseRoots("file_roots"), l.Path)
		return wire.FileReply{Found: ok, Data: data}, err
	})
}

func (m *Master) handleFileHash(req wire.Request) map[string]any {
	return handleSealed(m, req, func(l wire.FileLoad) (any, error) {
		return fileserver.Hash(m.opts.BaseRoots("file_roots"), l.Path)
	})
}
