// Package runners holds the master-side runner functions the double offers
// to salt-run and salt-api's runner client: manage.status/up/down
// (salt/runners/manage.py) and the jobs runner over the job cache.
package runners

import (
	"context"
	"sort"

	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// ManageStatus pings tgt (glob) on this master: "up" returned, "down" were
// expected (accepted keys) but silent. Both lists are sorted.
func ManageStatus(ctx context.Context, c *localclient.Client, tgt string) (up, down []string, err error) {
	if tgt == "" {
		tgt = "*"
	}
	j, err := c.Publish(ctx, wire.LocalRequest{Tgt: tgt, TgtType: "glob", Fun: "test.ping"})
	if err != nil {
		return nil, nil, err
	}
	defer j.Close()
	up = []string{}
	isUp := map[string]bool{}
	c.Collect(ctx, j, func(r wire.Return) {
		// a minion may return twice through two syndics (§6.3)
		if !isUp[r.ID] {
			isUp[r.ID] = true
			up = append(up, r.ID)
		}
	})
	down = []string{}
	for _, id := range j.Minions {
		if !isUp[id] {
			down = append(down, id)
		}
	}
	sort.Strings(up)
	sort.Strings(down)
	return up, down, nil
}
