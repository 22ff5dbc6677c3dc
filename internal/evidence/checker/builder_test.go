package checker

import (
	"encoding/json"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// hist writes hand-made histories for the tests: times are offsets from t0.
type hist struct{ h []history.Entry }

var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func (b *hist) add(at time.Duration, e history.Entry) int64 {
	e.Index, e.Time = int64(len(b.h)), t0.Add(at)
	b.h = append(b.h, e)
	return e.Index
}

// op records an invocation at `at` and its completion `took` later
// (typ "" leaves it without completion).
func (b *hist) op(at, took time.Duration, typ history.Type, f, node, target, value, errText string) int64 {
	inv := b.add(at, history.Entry{Type: history.Invoke, F: f, Node: node, Process: node, Target: target})
	if typ != "" {
		e := history.Entry{Type: typ, Pair: inv, F: f, Node: node, Process: node, Target: target, Error: errText}
		if value != "" {
			e.Value = json.RawMessage(value)
		}
		b.add(at+took, e)
	}
	return inv
}

func (b *hist) ev(at time.Duration, master, tag, data string) int64 {
	return b.add(at, history.Entry{Type: history.Event, Master: master, Tag: tag, Data: json.RawMessage(data)})
}

func (b *hist) fault(at time.Duration, id string, kind history.FaultKind, target, phase string) int64 {
	return b.add(at, history.Entry{Type: history.Fault, FaultID: id, Kind: kind, Target: target, Phase: phase})
}

func (b *hist) watch(at time.Duration, master, phase string) int64 {
	return b.add(at, history.Entry{Type: history.Watch, Master: master, Phase: phase})
}

func s(n float64) time.Duration { return time.Duration(n * float64(time.Second)) }

func bounds(limit time.Duration, minions ...string) map[string]Bound {
	out := map[string]Bound{}
	for _, m := range minions {
		out[m] = Bound{Limit: limit, Explain: "test bound"}
	}
	return out
}
