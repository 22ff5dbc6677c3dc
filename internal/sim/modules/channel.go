package modules

import (
	"context"
	"errors"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/fileserver"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/pillar"
)

// MasterChannel is what pillar.* and cp.* need from "the master": in a job
// the master that published it (hot mode: each master its own pillar and
// files, §4.3), under salt-call the master it signed in to, and under
// salt-call --local the minion's own roots (LocalChannel).
type MasterChannel interface {
	Pillar(ctx context.Context) (*jsonout.Map, error)
	GetFile(ctx context.Context, url string) (string, bool, error)
	HashFile(ctx context.Context, url string) (*jsonout.Map, error)
}

// errNoChannel is returned when a function needing the master runs without one.
var errNoChannel = errors.New("no master connection for the file client")

// LocalChannel serves pillar and files from the minion's own pillar_roots
// and file_roots (file_client: local).
type LocalChannel struct{ Opts config.Opts }

// Pillar compiles the local pillar.
func (l LocalChannel) Pillar(context.Context) (*jsonout.Map, error) {
	return pillar.Compile(l.Opts.BaseRoots("pillar_roots"), l.Opts.Str("id")), nil
}

// GetFile reads a salt:// URL from the local file_roots.
func (l LocalChannel) GetFile(_ context.Context, url string) (string, bool, error) {
	return fileserver.Read(l.Opts.BaseRoots("file_roots"), url)
}

// HashFile hashes a salt:// URL from the local file_roots.
func (l LocalChannel) HashFile(_ context.Context, url string) (*jsonout.Map, error) {
	return fileserver.Hash(l.Opts.BaseRoots("file_roots"), url)
}
