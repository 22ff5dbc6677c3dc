package master

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/sim/wire"
)

// DropFile is the AES rotation request salt-key leaves in the master's
// cachedir when it deletes keys (salt.crypt.dropfile).
const DropFile = ".dfn"

func (m *Master) currentAES() []byte {
	m.aesMu.RLock()
	defer m.aesMu.RUnlock()
	return m.aes
}

// maintenance is the part of salt/master.py Maintenance the double needs:
// every loop_interval (60 s) it looks for the drop file and rotates the AES
// key. Minions notice on their next publication or return (it no longer
// decrypts) and re-authenticate (§4.1, §10 honourable mentions).
func (m *Master) maintenance(ctx context.Context) {
	iv := m.opts.Seconds("loop_interval", 60)
	if iv <= 0 {
		return
	}
	t := time.NewTicker(iv)
	defer t.Stop()
	dfn := filepath.Join(m.opts.Str("cachedir"), DropFile)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := os.Stat(dfn); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.Remove(dfn); err != nil {
			m.log.Errorf("remove %s: %v", dfn, err)
			continue
		}
		if err := m.rotateAES(); err != nil {
			m.log.Errorf("%v", err)
		}
	}
}

func (m *Master) rotateAES() error {
	key, err := wire.NewAESKey()
	if err != nil {
		return err
	}
	m.log.Infof("Rotating master AES key")
	m.aesMu.Lock()
	m.aes = key
	m.aesMu.Unlock()
	return nil
}
