// Package ops holds saltlab's operator verbs on an existing lab or on the
// host: opening a run (status, logs), a chaos drill, heal, down, doctor,
// images and wheelhouse (re-judging a finished run, `check`, is the
// evidence room's: checker.RecheckRun). cmd/saltlab parses the flags,
// prints and maps errors to exit codes; everything that talks to Docker
// is here.
package ops
