package client

import (
	"context"
	"errors"
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// fakeExec answers every command with one output (or error) and keeps
// what it was asked to run.
type fakeExec struct {
	out Output
	err error
	ran [][]string
}

func (f *fakeExec) Exec(_ context.Context, _ string, argv []string) (Output, error) {
	f.ran = append(f.ran, argv)
	return f.out, f.err
}

// memHistory is an in-memory history: dense indexes, like the file's.
type memHistory struct {
	entries []history.Entry
	fail    bool
}

func (h *memHistory) Append(e history.Entry) (history.Entry, error) {
	if h.fail {
		return e, errors.New("disk full")
	}
	e.Index = int64(len(h.entries))
	h.entries = append(h.entries, e)
	return e, nil
}

// warnings collects what the recorder warns.
type warnings []string

func (w *warnings) warn(format string, args ...any) {
	*w = append(*w, fmt.Sprintf(format, args...))
}
