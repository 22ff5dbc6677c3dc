package labpool

import (
	"context"
	"sync"
	"testing"
)

// Group is a queue of one binary's takers of every slot that share one
// take: the pool's slots are taken when the first member arrives and
// given back when the last leaves, and the members' work runs one at a
// time meanwhile. A taker of every slot first waits for the labs that
// hold slots to end while the free slots idle; members that arrive
// while others wait or run pay that wait once between them.
type Group struct {
	pool Pool
	turn sync.Mutex // held by the member whose work runs

	mu      sync.Mutex // guards members and release
	members int
	release func()
}

// NewGroup is an empty group on p's every slot.
func NewGroup(p Pool) *Group { return &Group{pool: p} }

// Reserve makes the caller a member without a turn, taking every slot
// if it is the first; unreserve gives them back if it is the last.
func (g *Group) Reserve(ctx context.Context) (unreserve func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.members == 0 {
		if g.release, err = g.pool.Take(ctx, g.pool.Slots()); err != nil {
			return nil, err
		}
	}
	g.members++
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.members--; g.members == 0 {
			g.release()
			g.release = nil
		}
	}, nil
}

// Enter waits for the member's turn on every slot of the pool and
// returns its leave.
func (g *Group) Enter(ctx context.Context) (leave func(), err error) {
	unreserve, err := g.Reserve(ctx)
	if err != nil {
		return nil, err
	}
	g.turn.Lock()
	return func() {
		g.turn.Unlock()
		unreserve()
	}, nil
}

// Hold is Enter for a test, until it ends, waiting at most until the
// test's deadline, and logs as what how long it waited for its turn and
// held it.
func (g *Group) Hold(t testing.TB, what string) {
	t.Helper()
	holdFor(t, what, g.Enter)
}
