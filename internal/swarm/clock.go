package swarm

import (
	"context"
	"fmt"
	"time"
)

// ClockOffset is one node's clock against this host's: Offset is the
// node's time minus the host's, and the true offset lies within
// Uncertainty of it (half the round trip of the call that read it).
// History entries take it as a Clock entry (history.ClockEntry).
//
// The nodes of a swarm built by `saltlab swarm up` share this machine's
// kernel, and so its clock: their offsets are zero within the
// uncertainty. Nodes on other machines are why it is measured.
type ClockOffset struct {
	Node        string
	At          time.Time
	Offset      time.Duration
	Uncertainty time.Duration
}

// ClockOffsets measures each node's clock once, from its engine's
// /info (SystemTime, which the engine reads while it answers) against the
// host's clock read just before and just after the call: one call per
// node, at bring-up, never per history entry.
func (c *Cluster) ClockOffsets(ctx context.Context) ([]ClockOffset, error) {
	var out []ClockOffset
	for _, n := range c.Nodes {
		before := time.Now()
		info, err := n.Client.Info(ctx)
		after := time.Now()
		if err != nil {
			return out, fmt.Errorf("read the clock of node %s: %w", n.Name, err)
		}
		off, unc, err := offsetOf(before, after, info.SystemTime)
		if err != nil {
			return out, fmt.Errorf("read the clock of node %s: %w", n.Name, err)
		}
		out = append(out, ClockOffset{Node: n.Name, At: before, Offset: off, Uncertainty: unc})
	}
	return out, nil
}

// offsetOf is the offset of a clock that read system (RFC 3339, as the
// engine's /info gives it) at some moment between before and after on
// this host's clock: against their midpoint, within half their distance.
// The monotonic readings give the round trip, so a step of the host's
// wall clock during the call does not widen it.
func offsetOf(before, after time.Time, system string) (offset, uncertainty time.Duration, err error) {
	remote, err := time.Parse(time.RFC3339Nano, system)
	if err != nil {
		return 0, 0, fmt.Errorf("engine's SystemTime %q: %w", system, err)
	}
	half := after.Sub(before) / 2
	return remote.Sub(before.Add(half)), half, nil
}
