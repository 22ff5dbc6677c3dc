// Package fault records every fault the lab injects before it acts and undoes
// them all, newest first, on a context that cannot be cancelled. The ledger is
// appended to a JSON-lines file in the run directory so that a later
// `saltlab heal` (or the next run) can undo faults of a runner that was
// SIGKILLed.
package fault

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/owned"
)

// UndoTimeout bounds undoing all faults of one ledger.
const UndoTimeout = 60 * time.Second

// Kind names a fault type. The kinds are the history's recorded
// vocabulary (history.FaultKind), so the checkers and reports, which read
// recorded files only, name them without importing this room.
type Kind = history.FaultKind

// Entry is one recorded fault; its line format is the history's.
type Entry = history.LedgerFault

// event is one line of the ledger file.
type event = history.LedgerLine

// undoEvent is the line recording an undo of e that happened now.
func undoEvent(kind string, e Entry, err error) event {
	ev := event{Event: kind, At: time.Now().UTC(), LedgerFault: e, InjectedAt: &e.At}
	if err != nil {
		ev.Error = err.Error()
	}
	return ev
}

// Undoer reverses faults. Undo must be idempotent: undoing a fault whose
// target is already healed or gone returns nil.
type Undoer interface {
	Undo(ctx context.Context, e Entry) error
}

// Ledger holds the faults of one run.
type Ledger struct {
	mu      sync.Mutex
	path    string
	nextID  int
	pending []Entry
	observe Observer
}

// Observer is told every line the ledger writes: "inject", "undone",
// "undo-failed" or "stale", the fault, and the line's own time. The run's
// history records fault windows from it.
type Observer func(event string, e Entry, at time.Time)

// SetObserver makes o hear every later ledger line (nil: none).
func (l *Ledger) SetObserver(o Observer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.observe = o
}

// NewLedger returns a ledger appending to path ("" keeps it in memory only).
func NewLedger(path string) *Ledger { return &Ledger{path: path, nextID: 1} }

// Path is the ledger's file ("" for one kept in memory).
func (l *Ledger) Path() string { return l.path }

// Record writes the fault to the ledger; call it before the fault acts.
func (l *Ledger) Record(kind Kind, target, scenario string) (Entry, error) {
	return l.Add(Entry{Kind: kind, Target: target, Scenario: scenario})
}

// Add writes e, with a fresh ID and time, to the ledger; call it before the
// fault acts, with e.Data holding what the undo will need.
func (l *Ledger) Add(e Entry) (Entry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e.ID, e.At = l.nextID, time.Now().UTC()
	if err := l.append(event{Event: history.LedgerInject, At: e.At, LedgerFault: e}); err != nil {
		return Entry{}, fmt.Errorf("record fault %s %s: %w", e.Kind, e.Target, err)
	}
	l.nextID++
	l.pending = append(l.pending, e)
	return e, nil
}

// Pending returns the faults not undone yet, oldest first.
func (l *Ledger) Pending() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Entry(nil), l.pending...)
}

// UndoAll undoes every pending fault, newest first. It detaches from ctx's
// cancellation (cleanup must run after Ctrl-C) and applies UndoTimeout.
// Faults that fail to undo stay pending; all errors are joined.
func (l *Ledger) UndoAll(ctx context.Context, u Undoer) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), UndoTimeout)
	defer cancel()
	l.mu.Lock()
	defer l.mu.Unlock()
	var errs []error
	var left []Entry
	for i := len(l.pending) - 1; i >= 0; i-- {
		e := l.pending[i]
		if err := u.Undo(ctx, e); err != nil {
			errs = append(errs, fmt.Errorf("undo fault %d (%s %s): %w", e.ID, e.Kind, e.Target, err))
			_ = l.append(undoEvent(history.LedgerUndoFailed, e, err))
			left = append([]Entry{e}, left...)
			continue
		}
		if err := l.append(undoEvent(history.LedgerUndone, e, nil)); err != nil {
			errs = append(errs, err)
		}
	}
	l.pending = left
	return errors.Join(errs...)
}

// Undo undoes the pending fault id alone (a drill's `--for` ending), on a
// context detached from ctx's cancellation with UndoTimeout. A fault not
// pending is nil: it was healed already.
func (l *Ledger) Undo(ctx context.Context, u Undoer, id int) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), UndoTimeout)
	defer cancel()
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, e := range l.pending {
		if e.ID != id {
			continue
		}
		if err := u.Undo(ctx, e); err != nil {
			_ = l.append(undoEvent(history.LedgerUndoFailed, e, err))
			return fmt.Errorf("undo fault %d (%s %s): %w", e.ID, e.Kind, e.Target, err)
		}
		l.pending = append(l.pending[:i:i], l.pending[i+1:]...)
		return l.append(undoEvent(history.LedgerUndone, e, nil))
	}
	return nil
}

// Abandon closes every pending fault without undoing it, when the lab it
// acted on is gone (removed by `saltlab down`, or swept as a dead run's):
// nothing is left to undo, so a "stale" line, with why, ends each one.
// The faults are no longer pending for Open, and their windows stay
// open (history.LedgerWindows). It returns the faults it closed.
func (l *Ledger) Abandon(why string) ([]Entry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	closed := l.pending
	var errs []error
	for _, e := range closed {
		ev := undoEvent(history.LedgerStale, e, nil)
		ev.Error = why
		errs = append(errs, l.append(ev))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("close stale faults: %w", err)
	}
	l.pending = nil
	return closed, nil
}

func (l *Ledger) append(ev event) error {
	if err := l.write(ev); err != nil {
		return err
	}
	if l.observe != nil {
		l.observe(ev.Event, ev.LedgerFault, ev.At)
	}
	return nil
}

func (l *Ledger) write(ev event) error {
	if l.path == "" {
		return nil
	}
	f, err := owned.Append(l.path, 0o644)
	if err != nil {
		return fmt.Errorf("open ledger: %w", err)
	}
	b, _ := json.Marshal(ev)
	if _, err := f.Write(append(b, '\n')); err != nil {
		_ = f.Close()
		return fmt.Errorf("write ledger: %w", err)
	}
	// Sync: the ledger must survive a SIGKILL right after the fault acts.
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return fmt.Errorf("sync ledger: %w", err)
	}
	return f.Close()
}
