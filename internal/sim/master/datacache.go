package master

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/pki"
)

// MinionDataPath is where the minion data cache keeps a minion's grains and
// pillar: <cachedir>/minions/<id>/data.json. INFER: Salt's localfs cache uses
// data.p (msgpack); the double stores JSON.
func MinionDataPath(cachedir, id string) string {
	return filepath.Join(cachedir, "minions", id, "data.json")
}

// MinionData is one minion's cache entry.
type MinionData struct {
	Grains map[string]any `json:"grains"`
	Pillar any            `json:"pillar"`
}

// cacheMinionData stores grains and pillar when a minion asks for its
// pillar, as AESFuncs._pillar does with minion_data_cache (default True).
func (m *Master) cacheMinionData(id string, grains, pillarData any) {
	if !validID(id) || (m.opts.Has("minion_data_cache") && !m.opts.Bool("minion_data_cache")) {
		return
	}
	b, err := json.Marshal(map[string]any{"grains": grains, "pillar": pillarData})
	if err == nil {
		path := MinionDataPath(m.opts.Str("cachedir"), id)
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			err = pki.WriteFileAtomic(path, b, 0o644)
		}
	}
	if err != nil {
		m.log.Errorf("Failed to update the minion data cache for %s: %v", id, err)
	}
}
