package signin

import (
	"context"
	"errors"
	"time"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// Channel is the minion's remote pillar and file client bound to one
// master session (the publishing master in a job, the signed-in master
// under salt-call).
type Channel struct {
	Sess    *Session
	ID      string
	Timeout time.Duration
	// Grains go with pillar requests (the master's minion data cache).
	Grains any
	// Current returns the freshest session for Sess.Host after a key
	// rotation (nil: keep Sess); Reauth signs in again. Both optional.
	Current func() *Session
	Reauth  func(ctx context.Context) error
}

func (c *Channel) call(ctx context.Context, cmd string, load, out any) error {
	for attempt := 0; ; attempt++ {
		s := c.Sess
		if c.Current != nil {
			if cur := c.Current(); cur != nil && cur.Host == s.Host {
				s = cur
			}
		}
		err := s.Call(ctx, c.ID, cmd, load, out, c.Timeout)
		if errors.Is(err, ErrBadKey) && attempt == 0 && c.Reauth != nil {
			if rerr := c.Reauth(ctx); rerr == nil {
				continue
			}
		}
		return err
	}
}

// Pillar asks the master to compile this minion's pillar.
func (c *Channel) Pillar(ctx context.Context) (*jsonout.Map, error) {
	out := jsonout.NewMap()
	err := c.call(ctx, wire.CmdPillar, wire.PillarLoad{ID: c.ID, Saltenv: "base", Grains: c.Grains}, out)
	return out, err
}

// GetFile fetches a salt:// URL from the master's file_roots.
func (c *Channel) GetFile(ctx context.Context, url string) (string, bool, error) {
	var r wire.FileReply
	err := c.call(ctx, wire.CmdServeFile, wire.FileLoad{Path: url, Saltenv: "base"}, &r)
	return r.Data, r.Found, err
}

// HashFile asks the master for a salt:// URL's hash.
func (c *Channel) HashFile(ctx context.Context, url string) (*jsonout.Map, error) {
	out := jsonout.NewMap()
	err := c.call(ctx, wire.CmdFileHash, wire.FileLoad{Path: url, Saltenv: "base"}, out)
	return out, err
}
