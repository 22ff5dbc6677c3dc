package capacity

// BusReadiness says whether bring-up should stream the masters' event
// buses for the minions' start events (runner's startEvents) on flavour.
// On the double a stream is a Go process that subscribes in milliseconds,
// and `saltlab up` of hot became ready at the minions' start events. On
// real Salt a stream is a `salt-run` that spends seconds of CPU importing
// Salt while the masters and minions start on the same two cores: measured
// on 3007.16 (failover, 2 cores, 2026-11-27), bring-up took 12.7-15.3 s
// with the streams against 10.9-11.9 s before them, and in two of those
// three runs the minions' health checks passed before any start event came.
func BusReadiness(flavor string) bool { return flavor == "sim" }
