// Package usage marks errors caused by what the user typed (a flag value, an
// argument, a run id, a tag expression) as opposed to errors of the lab or
// the host. The CLI exits 2 for them and 1 for every other error, so
// scripts can tell "fix your command line" from "the lab failed".
package usage

import (
	"errors"
	"fmt"
)

// Error wraps an error caused by bad input. Err is exported so that a
// positional literal (usage.Error{err}) works from other packages.
type Error struct{ Err error }

func (e Error) Error() string { return e.Err.Error() }

func (e Error) Unwrap() error { return e.Err }

// Errorf formats a usage error; %w wraps as in fmt.Errorf.
func Errorf(format string, args ...any) error {
	return Error{fmt.Errorf(format, args...)}
}

// Wrap marks err as a usage error; nil stays nil.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return Error{err}
}

// Is reports whether err, or an error it wraps, is a usage error.
func Is(err error) bool {
	var ue Error
	return errors.As(err, &ue)
}
