package history

import (
	"encoding/json"
	"maps"
	"strings"
	"time"
)

// SetPlacement tells the view which swarm node runs each service's
// container (service -> node hostname), as the lab's deploy placed them;
// later entries about a placed service carry its node in Host. It is read
// when each entry is appended, so no entry costs an engine call; a lab
// whose tasks move calls it again. nil: no placement (compose).
func (r *Recorder) SetPlacement(where map[string]string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.where = maps.Clone(where)
}

// hostOf is the node of the container e is about, by the placement.
func (r *Recorder) hostOf(e Entry) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.where) == 0 {
		return ""
	}
	for _, svc := range []string{e.Node, faultTarget(e.Target), e.Master} {
		if h := r.where[svc]; svc != "" && h != "" {
			return h
		}
	}
	return ""
}

// faultTarget is the first service a fault's or an operation's target
// names ("a,b", "a,b|c" for a partition).
func faultTarget(t string) string {
	if i := strings.IndexAny(t, ",|>"); i >= 0 {
		return t[:i]
	}
	return t
}

// ClockValue is a Clock entry's Value: the node's clock minus the
// recording host's, and the half round trip of the measurement, within
// which the true offset lies.
type ClockValue struct {
	OffsetNS      int64 `json:"offset_ns"`
	UncertaintyNS int64 `json:"uncertainty_ns"`
}

// ClockEntry is the Clock entry of node, measured at: offset is the
// node's clock minus the host's, within uncertainty.
func ClockEntry(node string, at time.Time, offset, uncertainty time.Duration) Entry {
	// Two int64 fields: Marshal cannot fail.
	v, _ := json.Marshal(ClockValue{OffsetNS: offset.Nanoseconds(), UncertaintyNS: uncertainty.Nanoseconds()})
	return Entry{Type: Clock, Host: node, Time: at, Value: v}
}
