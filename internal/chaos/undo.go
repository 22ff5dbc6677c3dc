package chaos

import (
	"context"
	"errors"
	"fmt"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

var _ fault.Undoer = (*Engine)(nil)

// Undo heals one recorded fault. It is idempotent: a fault already healed,
// or whose target is gone, is nil. ctx should be detached from the caller's
// cancellation (fault.Ledger.UndoAll does that); without a deadline
// cleanupTimeout applies.
func (e *Engine) Undo(ctx context.Context, en fault.Entry) error {
	d, err := defOf(en.Kind)
	if err != nil {
		return fmt.Errorf("undo fault %d: %w", en.ID, err)
	}
	if _, has := ctx.Deadline(); !has {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cleanupTimeout)
		defer cancel()
	}
	if err := d.undo(ctx, e, en); err != nil {
		return err
	}
	e.logf("healed fault %d (%s %s)", en.ID, en.Kind, en.Target)
	return nil
}

// HealAll undoes every pending fault of the ledger, newest first, on a
// context the caller cannot cancel, then removes the run's helpers.
func (e *Engine) HealAll(ctx context.Context) error {
	err := e.ledger.UndoAll(ctx, e)
	if len(e.ledger.Pending()) > 0 {
		return err // keep helpers: the next heal needs them
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	return errors.Join(err, e.removeHelpers(ctx))
}
