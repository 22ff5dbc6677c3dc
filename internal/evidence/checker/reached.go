package checker

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// ReachedParams are the parameters of EventReached.
type ReachedParams struct {
	From int64 `json:"from"`
	// F names the CLI operation that made the minion send the event
	// (`salt <minion> event.send <tag>`); its invocation time is when the
	// masters' streams must have been recorded.
	F string `json:"f"`
	// Tag is the event's tag, unique to the step.
	Tag string `json:"tag"`
	// Masters must each carry the event on their bus.
	Masters []string `json:"masters"`
}

// EventReached judges that an event a minion sent (event.send, which
// fires it to every master the minion is connected to: salt/modules/event.py
// send -> fire_master) reached each of Masters' buses. A master whose
// stream was not recorded when the event was sent makes its absence
// unknown, not invalid.
func EventReached(h []history.Entry, p ReachedParams) Result {
	s := span{from: p.From}
	want := fmt.Sprintf("the event %s on the bus of %v", p.Tag, p.Masters)
	sent := ops(h, s, p.F)
	if len(sent) == 0 {
		return Result{Verdict: Unknown, Expected: want, Observed: fmt.Sprintf("no %s operation recorded from entry %d", p.F, p.From)}
	}
	at, opEv := sent[0].Invoke.Time, opEvidence(sent[0])
	seen := map[string][]int64{}
	for _, e := range h {
		if e.Type == history.Event && s.has(e.Index) && e.Tag == p.Tag {
			seen[e.Master] = append(seen[e.Master], e.Index)
		}
	}
	var subs []Subject
	for _, m := range p.Masters {
		sub := Subject{Name: m, Evidence: append(append([]int64(nil), opEv...), seen[m]...)}
		switch {
		case len(seen[m]) > 0:
			sub.Verdict, sub.Observed = Valid, fmt.Sprintf("%d event(s) %s", len(seen[m]), p.Tag)
		case watched(h, m, at, at):
			sub.Verdict, sub.Observed = Invalid, "no event "+p.Tag+" (its bus was recorded)"
		default:
			sub.Verdict, sub.Observed = Unknown, "no event "+p.Tag+", and its bus was not recorded then"
		}
		subs = append(subs, sub)
	}
	return fold(want, subs)
}
