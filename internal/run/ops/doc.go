// Package ops holds saltlab's operator verbs on an existing lab or on the
// host: opening a run (status, logs), a chaos drill, heal, down, doctor,
// images and wheelhouse, and re-judging a finished run (check). cmd/saltlab
// parses the flags, prints and maps errors to exit codes; everything that
// talks to Docker is here.
package ops
