package drill

import (
	"context"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/usage"
)

// ResetResult is what a learner's reset did: the incident again on the
// same lab (Rearmed), or the lab removed for a fresh one, with why.
type ResetResult struct {
	Rearmed bool
	NewLab  string // why the lab could not be reused
}

// Reset takes the drill in flight back to its incident's start. When the
// drill allows it (Rearmable) it is the same lab, in seconds: every fault
// healed through the ledger, the round's progress cleared (hints, tasks
// met, the timer), the incident injected again as a new round (Rearm);
// the learner's earlier commands stay in the history, and the round is
// judged from its own start. A console watching the drill takes the new
// round at its next save. The incident must break every task again, as
// it did on a fresh lab: when something of the last round keeps a task
// met (a change the learner made that no fault's undo reverts), or the
// drill cannot be rearmed, the lab is healed and removed instead
// (Abandon) and the caller starts a fresh one, saying why.
func (s *Session) Reset(ctx context.Context) (ResetResult, error) {
	// The console saves its progress at every tick: start from its latest.
	if p, err := state.Load(s.RunDir); err == nil {
		s.Progress = p
	}
	if !s.Progress.Ended.IsZero() {
		return ResetResult{}, usage.Errorf("drill reset: the drill of run %s has ended; `saltlab drill start %s` starts it again", s.Progress.RunID, s.Drill.Name)
	}
	s.collect(ctx) // the last round's commands, into its lane
	s.recordReset(ctx)
	ok, why := s.Rearmable()
	if ok {
		if err := s.Rearm(ctx, s.Progress.Mode); err != nil {
			why = err.Error()
		} else if v := s.Probe(ctx); len(v.IDs(func(v state.Verdict) bool { return v != state.NotMet })) > 0 {
			left := v.IDs(func(v state.Verdict) bool { return v != state.NotMet })
			why = fmt.Sprintf("on the same lab the incident left %s not `not met` (%s): something of the last round outlived the heal", strings.Join(left, ", "), v.Why(left))
		} else {
			return ResetResult{Rearmed: true}, nil
		}
	}
	return ResetResult{NewLab: why}, s.Abandon(ctx)
}

// recordReset puts the learner's reset in their lane, so the timeline
// shows where the earlier round ended.
func (s *Session) recordReset(ctx context.Context) {
	s.client().Rec.Do(ctx, client.Op{F: "reset", Process: state.Learner}, func(context.Context) client.Outcome {
		return client.Succeeded(s.Progress.Round + 1)
	})
}
