package drill

import (
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/drill/state"
)

// takeNextFaultRequest folds an instructor's request into the progress:
// the next pending action is due now, so this tick injects it. The
// request file is removed whatever it held (a stale or broken request
// must not fire later).
func (s *Session) takeNextFaultRequest(now time.Time, out io.Writer) {
	r, err, rerr := state.TakeNextFaultRequest(s.RunDir)
	if rerr != nil {
		fmt.Fprintf(out, "drill: remove the next-fault request: %v\n", rerr)
	}
	if err != nil {
		fmt.Fprintf(out, "drill: %v\n", err)
		return
	}
	if r == nil {
		return
	}
	if i := state.NextPending(s.Drill, s.Progress); i >= 0 {
		s.Progress.Actions[i] = state.ActionState{State: "due", Due: now}
	}
}
