// Package ready is what bring-up waits on besides Docker's health: the
// declared daemons' keys accepted on masters that do not accept them
// automatically, as an operator would, and each minion's start event on
// the buses of the masters it must be connected to, which says a minion
// is ready the moment its master has it.
package ready

import (
	"context"
	"io"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/run/labview"
)

// Up brings l (whose roles are r) up with up until it is ready: l.Up on
// compose; on Swarm a deploy of the same lab as services. A
// master without auto_accept holds each daemon's key pending, and the
// minions' health (a connection to the publish port) cannot pass until
// someone accepts it: with acceptKeys, bring-up does, for the declared ids
// only. Where the flavour's buses say it sooner (capacity.BusReadiness),
// a minion is ready by its start events (startEvents), read from ev's
// health events and the masters' streams.
func Up(ctx context.Context, ev lab.Eventer, l *lab.Lab, up func(context.Context) error, r roles.Roles, flavor string, acceptKeys bool, log io.Writer) error {
	if acceptKeys {
		acc := newKeyAccepter(labview.Of(l, r), r, log)
		plain := up
		up = func(ctx context.Context) error { return acceptKeysDuring(ctx, acc, keyAcceptBound, plain) }
	}
	if se, ok := newStartEvents(r); ok && capacity.BusReadiness(flavor) {
		stop := se.watch(ctx, ev, l)
		defer stop()
	}
	return up(ctx)
}
