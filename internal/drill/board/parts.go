package board

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
)

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// actionView says what incident action i does, when it starts and where
// it is.
func actionView(i int, a spec.Action, p *state.Progress) ActionView {
	av := ActionView{N: i + 1, When: "at the start", State: "waiting"}
	switch {
	case a.Fault != nil:
		av.What = a.Fault.Kind + " " + a.Fault.Target
		if a.Fault.Process != "" {
			av.What += " (" + a.Fault.Process + ")"
		}
		if a.Fault.Minion != "" {
			av.What += fmt.Sprintf(" (%s %s)", a.Fault.KeyOp, a.Fault.Minion)
		}
	case a.Script != nil:
		av.What = "script " + a.Script.Script + " on " + a.Script.Service
	}
	if s := a.Start; s != nil {
		var w []string
		if s.AfterTask != "" {
			w = append(w, "after task "+s.AfterTask+" is met")
		}
		if s.Delay != "" {
			w = append(w, "after "+s.Delay)
		}
		av.When = strings.Join(w, ", then ")
	}
	if i >= len(p.Actions) {
		return av
	}
	st := p.Actions[i]
	if st.State != "" {
		av.State = st.State
	}
	av.Due, av.At, av.Err = timePtr(st.Due), timePtr(st.At), st.Err
	return av
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// commands are the learner's last maxCommands commands, oldest first,
// from the learner's lane as the board holds it, and what the page says
// of that lane: how many commands in all, and whether any were cut.
func commands(h History) ([]CommandView, LaneView) {
	out := []CommandView{}
	for _, e := range h.Learner {
		if !e.IsCompletion() || len(e.Value) == 0 {
			continue
		}
		var l state.LearnerLine
		if json.Unmarshal(e.Value, &l) != nil || l.Line == "" {
			continue
		}
		out = append(out, CommandView{At: l.At, Service: l.Service, Line: l.Line, Exit: l.Exit})
	}
	lane := LaneView{Total: len(out), Complete: h.LearnerDropped == 0}
	if !lane.Complete {
		lane.Note = fmt.Sprintf("the learner's lane is longer than the board keeps: its %d oldest entries (of commands, verbs and hints) are not counted here; the debrief counts them all", h.LearnerDropped)
	}
	if len(out) > maxCommands {
		out = out[len(out)-maxCommands:]
	}
	return out, lane
}
