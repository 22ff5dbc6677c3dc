package chaos

import (
	"context"
	"errors"
	"fmt"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// impl is how one kind acts and how it is undone.
type impl struct {
	inject func(ctx context.Context, e *Engine, s Spec) (fault.Entry, error)
	undo   func(ctx context.Context, e *Engine, en fault.Entry) error
}

var faults = map[fault.Kind]impl{
	KindStop:       {containerFault(stopContainer), undoRunning},
	KindKill:       {containerFault(killContainer), undoRunning},
	KindPause:      {containerFault(pauseContainer), undoRunning},
	KindRestart:    {containerFault(restartContainer), undoRunning},
	KindProcKill:   {processFault(""), undoProcKill},
	KindProcStop:   {processFault("STOP"), undoProcStop},
	KindIsolate:    {netFault(isolateRules, nil), undoNet},
	KindPartition:  {netFault(partitionRules, nil), undoNet},
	KindPortBlock:  {netFault(portRules, nil), undoNet},
	KindLoss:       {netFault(lossRules, nil), undoNet},
	KindDNS:        {netFault(dnsRules, nil), undoNet},
	KindLatency:    {latencyFault, undoLatency},
	KindBandwidth:  {bandwidthFault, undoBandwidth},
	KindDiskFull:   {diskFullFault, undoDiskFull},
	KindKeyReplace: {keyReplaceFault, undoKeyReplace},
	KindKeyAction:  {keyActionFault, undoKeyAction},
}

var _ fault.Undoer = (*Engine)(nil)

// Undo heals one recorded fault. It is idempotent: a fault already healed,
// or whose target is gone, is nil. ctx should be detached from the caller's
// cancellation (fault.Ledger.UndoAll does that); without a deadline
// cleanupTimeout applies.
func (e *Engine) Undo(ctx context.Context, en fault.Entry) error {
	f, ok := faults[en.Kind]
	if !ok {
		return fmt.Errorf("undo fault: unknown kind %q", en.Kind)
	}
	if _, has := ctx.Deadline(); !has {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cleanupTimeout)
		defer cancel()
	}
	if err := f.undo(ctx, e, en); err != nil {
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
