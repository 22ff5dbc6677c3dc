package history

// FaultKind names a fault as it is recorded: the "kind" of a fault entry
// in history.jsonl and of a line of the chaos ledger. The history owns
// these strings, so the checkers and reports, which judge recorded files
// only, name kinds without importing the chaos room that injects them;
// the chaos room records with them. The strings are on disk in saved
// runs: never change one.
type FaultKind string

// The recorded fault kinds.
const (
	FaultStop     FaultKind = "stop"      // a stopped container; healed by starting it again
	FaultKill     FaultKind = "kill"      // a killed container
	FaultPause    FaultKind = "pause"     // a paused (frozen) container
	FaultRestart  FaultKind = "restart"   // a restarted container
	FaultProcStop FaultKind = "proc-stop" // one program's processes stopped with SIGSTOP
	// FaultProcKill is one program's processes killed: a master's
	// salt-master started again afterwards leaves its old event stream deaf.
	FaultProcKill   FaultKind = "proc-kill"
	FaultIsolate    FaultKind = "isolate"
	FaultPartition  FaultKind = "partition"
	FaultPortBlock  FaultKind = "port-block"
	FaultLatency    FaultKind = "latency"
	FaultLoss       FaultKind = "loss"
	FaultBandwidth  FaultKind = "bandwidth"
	FaultDNS        FaultKind = "dns"
	FaultDiskFull   FaultKind = "disk-full"
	FaultKeyReplace FaultKind = "key-replace"
	// FaultKeyAction is a salt-key accept, reject or delete of one
	// minion's key on one master.
	FaultKeyAction FaultKind = "key-action"
)
