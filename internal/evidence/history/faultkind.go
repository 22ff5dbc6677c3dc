package history

// FaultKind names a fault as it is recorded: the "kind" of a fault entry
// in history.jsonl and of a line of the chaos ledger. The chaos room's
// registry (internal/chaos) names every kind it injects and records with
// it, so a new kind needs no edit here; the kinds below are the ones the
// checkers and reports, which judge recorded files only, name themselves,
// without importing the chaos room. The strings are on disk in saved
// runs: never change one.
type FaultKind string

// The recorded fault kinds the checkers and the runner judge by.
const (
	FaultStop     FaultKind = "stop"      // a stopped container; healed by starting it again
	FaultKill     FaultKind = "kill"      // a killed container
	FaultPause    FaultKind = "pause"     // a paused (frozen) container
	FaultProcStop FaultKind = "proc-stop" // one program's processes stopped with SIGSTOP
	// FaultProcKill is one program's processes killed: a master's
	// salt-master started again afterwards leaves its old event stream deaf.
	FaultProcKill FaultKind = "proc-kill"
)
