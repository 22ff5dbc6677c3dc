package lab

// Readiness is a caller's own evidence that a service is ready, besides
// its Docker health check: Salt's event bus says a minion is connected
// the moment it is, where a health probe says so at its next interval
// (up to N x 100 ms apart in a fleet of N). Up counts a running service
// ready on either; a container that exits or restarts fails it as before.
type Readiness interface {
	// Ready reports whether service is ready by the caller's evidence,
	// and which evidence, for the log.
	Ready(service string) (evidence string, ok bool)
	// Judges says whether the caller has evidence of service at all;
	// Up then leaves its start to that evidence and its health check.
	Judges(service string) bool
}

// ProbeListener is a Readiness (SetReadiness) that also hears when a service's own
// health test, run by saltlab as the service started (startProbes),
// passed: up to one health-check interval before Docker's first probe
// says so. The start events of a hot minion must be seen on every master,
// and a master whose bus is followed only from Docker's healthy event
// misses the minions that start before it (measured on hot: minions
// then ready by their own Docker probe, 0.9 s later).
type ProbeListener interface {
	ProbePassed(service string)
}

// SetReadiness makes Up consult r besides Docker health; r calls Changed
// when its evidence about a service grows. Call it before Up.
func (l *Lab) SetReadiness(r Readiness) { l.readiness = r }

// Changed wakes Up's waits for service to look again (a no-op outside Up
// or when the engine's events are not followed, whose waits poll anyway).
func (l *Lab) Changed(service string) {
	if c := l.changes.Load(); c != nil {
		c.fire(service)
	}
}

// readyBy is the evidence other than Docker's health status that
// service is ready, if any: its own health test passing as it started
// (startProbes), or the caller's.
func (l *Lab) readyBy(service string) (string, bool) {
	if l.probes != nil && l.probes.ready(service) {
		return "health check, run by saltlab as it started", true
	}
	if l.readiness == nil {
		return "", false
	}
	return l.readiness.Ready(service)
}
