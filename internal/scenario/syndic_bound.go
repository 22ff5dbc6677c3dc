package scenario

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// SyndicRelayBound is the largest saltcfg.SyndicRelayBound over minions,
// each with every syndic node's configuration (a syndic reads its ZeroMQ
// settings from its minion configuration, which MinionConfig reads).
func (w *World) SyndicRelayBound(ctx context.Context, minionIDs, syndics []string) (time.Duration, string, error) {
	nodes := make([]saltcfg.Node, 0, len(syndics))
	for _, s := range syndics {
		cfg, err := MinionConfig(ctx, w.Lab, s)
		if err != nil {
			return 0, "", err
		}
		nodes = append(nodes, saltcfg.Node{Name: s, Cfg: cfg})
	}
	var limit time.Duration
	var explain string
	for _, m := range minionIDs {
		b, err := w.MinionBound(ctx, m, func(cfg saltcfg.Minion) (saltcfg.Bound, error) {
			return saltcfg.SyndicRelayBound(saltcfg.Node{Name: m, Cfg: cfg}, nodes)
		})
		if err != nil {
			return 0, "", err
		}
		if b.Limit > limit {
			limit, explain = b.Limit, b.Explain
		}
	}
	return limit, explain, nil
}
