package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// eventSlack widens an operation's [invoke, completion] interval when
// matching the events it caused. Event times are Salt's own `_stamp` on
// the master (µs), read from the same kernel clock as the runner's
// (containers share it), and the master stamps a return before the caller
// sees it, so the slack only absorbs rounding; it is kept far below the
// pause between two attempts of a poll, so an event is never credited to
// a neighbouring operation.
const eventSlack = 20 * time.Millisecond

// at returns the entry with the given index.
func at(h []history.Entry, idx int64) (history.Entry, bool) {
	if idx >= 0 && idx < int64(len(h)) && h[idx].Index == idx {
		return h[idx], true // the usual dense file
	}
	for _, e := range h {
		if e.Index == idx {
			return e, true
		}
	}
	return history.Entry{}, false
}

// reference is the entry bounds are measured from; a missing one makes
// the check unknown (the returned result says so).
func reference(h []history.Entry, idx int64) (history.Entry, *Result) {
	e, ok := at(h, idx)
	if !ok {
		return e, &Result{Verdict: Unknown, Expected: "a reference entry", Observed: fmt.Sprintf("entry %d is not in the history", idx)}
	}
	return e, nil
}

// span selects entries by index: [From, To), To 0 meaning the end.
type span struct{ from, to int64 }

func (s span) has(idx int64) bool { return idx >= s.from && (s.to == 0 || idx < s.to) }

// ops returns the operations named f whose invocation lies in s.
func ops(h []history.Entry, s span, f string) []history.Op {
	fs := []string{f}
	if f == history.KeyListOp {
		// A key list read from the key folders is the same evidence.
		fs = history.KeyListOps()
	}
	var out []history.Op
	for _, o := range history.Ops(h) {
		if slices.Contains(fs, o.Invoke.F) && s.has(o.Invoke.Index) {
			out = append(out, o)
		}
	}
	return out
}

// done is an operation's completion time, or far in the future when the
// run never saw it complete (indeterminate, as Jepsen treats :info).
func done(o history.Op) time.Time {
	if o.Completion == nil {
		return time.Unix(1<<40, 0)
	}
	return o.Completion.Time
}

// during is operation o's interval widened by eventSlack on both sides:
// the events it caused lie within it.
func during(o history.Op) (from, to time.Time) {
	return o.Invoke.Time.Add(-eventSlack), done(o).Add(eventSlack)
}

func okOp(o history.Op) bool { return o.Completion != nil && o.Completion.Type == history.OK }

// failOp: the operation ran and failed (not info: it could not run to its end).
func failOp(o history.Op) bool { return o.Completion != nil && o.Completion.Type == history.Fail }

// opEvidence is the indices of an operation's entries.
func opEvidence(o history.Op) []int64 {
	if o.Completion == nil {
		return []int64{o.Invoke.Index}
	}
	return []int64{o.Invoke.Index, o.Completion.Index}
}

// window is one fault, open from Start until End (zero: never healed),
// as history.FaultWindows pairs it.
type window struct{ history.FaultWindow }

func (w window) overlaps(a, b time.Time) bool {
	return !b.Before(w.Start) && (w.End.IsZero() || !a.After(w.End))
}

// silenced says what the fault does to its master when it keeps it from
// running or answering (its event bus cannot publish while it is in
// force), for messages; "" when it does not: the container stopped,
// killed or paused, or its salt-master processes frozen (the event
// publisher is one of them; salt/master.py). A frozen salt-api or a killed
// salt-master (its supervisor restarts it, and the stream's end is
// recorded) does not silence it.
func (w window) silenced() string {
	switch k := w.Kind; {
	case k == history.FaultStop:
		return "stopped"
	case k == history.FaultPause:
		return "paused"
	case k == history.FaultKill:
		return "killed"
	case k == history.FaultProcStop && w.Program == "salt-master":
		return "frozen (salt-master stopped with SIGSTOP)"
	}
	return ""
}

// silences says whether the fault silences master (see silenced).
func (w window) silences(master string) bool {
	if w.silenced() == "" {
		return false
	}
	for _, t := range strings.FieldsFunc(w.Target, func(r rune) bool { return r == ',' || r == '|' || r == ' ' }) {
		if t == master {
			return true
		}
	}
	return false
}

// faults returns the fault windows of h (history.FaultWindows).
func faults(h []history.Entry) []window {
	ws := history.FaultWindows(h)
	out := make([]window, len(ws))
	for i, w := range ws {
		out[i] = window{w}
	}
	return out
}

// watched says whether master's event stream was being recorded for the
// whole of [a, b]. A fault that silences master (paused, frozen) stalls
// its stream without ending it, so no watch end is recorded; the stream
// cannot show what master would have published then, and a missing event
// in that time is not seen rather than absent.
func watched(h []history.Entry, master string, a, b time.Time) bool {
	for _, w := range faults(h) {
		if w.silences(master) && w.overlaps(a, b) {
			return false
		}
	}
	var since time.Time
	up := false
	for _, e := range h {
		if e.Type != history.Watch || e.Master != master {
			continue
		}
		switch e.Phase {
		case history.Start:
			since, up = e.Time, true
		case history.End:
			if up && !since.After(a) && !e.Time.Before(b) {
				return true
			}
			up = false
		}
	}
	return up && !since.After(a)
}

// eventData decodes an event's data (nil when it is not an object).
func eventData(e history.Entry) map[string]any {
	var m map[string]any
	_ = json.Unmarshal(e.Data, &m)
	return m
}

// retTag parses salt/job/<jid>/ret/<minion>.
func retTag(tag string) (jid, minion string, ok bool) {
	rest, ok := strings.CutPrefix(tag, "salt/job/")
	if !ok {
		return "", "", false
	}
	jid, minion, ok = strings.Cut(rest, "/ret/")
	return jid, minion, ok && jid != "" && minion != ""
}

// newTag parses salt/job/<jid>/new.
func newTag(tag string) (string, bool) {
	rest, ok := strings.CutPrefix(tag, "salt/job/")
	if !ok {
		return "", false
	}
	jid, ok := strings.CutSuffix(rest, "/new")
	return jid, ok && jid != "" && !strings.Contains(jid, "/")
}

// servedBy finds the masters whose buses carried the return of minion's
// fun during the operation: Salt fires salt/job/<jid>/ret/<id> on the
// master that received a return (salt/utils/job.py store_job), for
// published jobs and for salt-call's own returns (jid "req", caller.py
// return_pub) alike. This is master-side evidence of which master served;
// a minion's configuration is never consulted.
func servedBy(h []history.Entry, o history.Op, minion, fun string) (map[string][]int64, bool) {
	out := ServedBy(h, o, minion, fun)
	return out, len(out) > 0
}

// ServedBy returns, per master, the return events of minion's fun that
// master's bus carried during operation o (see servedBy).
func ServedBy(h []history.Entry, o history.Op, minion, fun string) map[string][]int64 {
	a, b := during(o)
	out := map[string][]int64{}
	for _, e := range h {
		if e.Type != history.Event || e.Time.Before(a) || e.Time.After(b) {
			continue
		}
		if _, m, ok := retTag(e.Tag); !ok || m != minion {
			continue
		}
		if d := eventData(e); fun != "" && d["fun"] != fun {
			continue
		}
		out[e.Master] = append(out[e.Master], e.Index)
	}
	return out
}

// mastersWatched lists the masters with any watch entry in h.
func mastersWatched(h []history.Entry) []string {
	seen := map[string]bool{}
	for _, e := range h {
		if e.Type == history.Watch {
			seen[e.Master] = true
		}
	}
	return sortedKeys(seen)
}
