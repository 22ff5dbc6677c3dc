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
// decrypts) and re-authenticate (§4.1, §10 honourable mentions). From 3007
// the drop file must name this master (see dropFileWantsRotation).
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
		if !m.dropFileWantsRotation(dfn) {
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
	if m.Release.LogsAESRotation() {
		m.log.Infof("Rotating master AES key")
	}
	m.aesMu.Lock()
	m.aes = key
	m.aesMu.Unlock()
	return nil
}

// dropFileWantsRotation is handle_key_rotate's test of the drop file. 3006
// rotates on any drop file (and removes it). From 3007 the file holds the id
// of the master whose salt-key wrote it, and a master rotates only on its
// own id; a file naming another master stays where it is
// (salt/master.py Maintenance.handle_key_rotate: to_rotate =
// read_dropfile(cachedir) == opts["id"]; os.remove only if to_rotate).
func (m *Master) dropFileWantsRotation(dfn string) bool {
	b, err := os.ReadFile(dfn)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if !m.Release.DropFileNamesMaster() {
		return true
	}
	if err != nil {
		m.log.Errorf("read %s: %v", dfn, err)
		return false
	}
	return string(b) == m.id
}
