package selection

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// Tags of scenarios that hold only for minions with, or without, ZeroMQ's
// disconnect monitor (saltcfg.MonitorsPubDisconnect: Salt 3007.15 and
// later, where zmq_monitor defaults to True): the DNS trap exists only
// without it.
const (
	MonitorTag   = "@zmq-monitor"
	NoMonitorTag = "@no-zmq-monitor"
)

// onRelease narrows sel to the scenarios that hold for the Salt the lab
// runs, read from `salt-call --version` (version); it is unchanged when
// the version cannot be read, and the scenarios' own first steps then
// check the minions themselves.
//
// zmqMonitor is the minions' setting when the run gives it (--set
// minion.zmq_monitor), else nil: the release's default, on from 3007.15.
// A drop-in of the user's that sets it is seen by the scenarios' first
// step only.
func onRelease(sel tagexpr.Expr, version string, zmqMonitor *bool) (tagexpr.Expr, string, error) {
	v, err := saltver.ParseReported(version)
	if err != nil {
		return sel, "", nil
	}
	monitor := true
	if zmqMonitor != nil {
		monitor = *zmqMonitor
	}
	ver, since := strings.TrimSpace(version), saltcfg.MonitorSince().String()
	var drop, why string
	switch {
	case saltcfg.MonitorsPubDisconnect(v, monitor):
		drop, why = NoMonitorTag, fmt.Sprintf("%s (%s) runs ZeroMQ's disconnect monitor by default (Salt %s and later), so there is no DNS trap to show", ver, NoMonitorTag, since)
	case v.AtLeast(saltcfg.MonitorSince()):
		drop, why = MonitorTag, fmt.Sprintf("%s has the ZeroMQ disconnect monitor, but this run sets zmq_monitor False (%s)", ver, MonitorTag)
	default:
		drop, why = MonitorTag, fmt.Sprintf("%s (%s) has no ZeroMQ disconnect monitor, which came with Salt %s", ver, MonitorTag, since)
	}
	not, err := tagexpr.Parse("not " + drop)
	if err != nil {
		return tagexpr.Expr{}, "", fmt.Errorf("build the scenario selection: %w", err)
	}
	return tagexpr.And(sel, not), why, nil
}
