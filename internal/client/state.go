package client

import (
	"context"
	"encoding/json"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// StateApply runs the minion's highstate served by master (StateApply)
// and records it, value a history.StateApplyValue. salt-call exits 1 when
// a state failed or a file did not render (salt/cli/caller.py: retcode
// from the states' results), so the return is parsed whatever the exit
// code: the failure is the evidence. The outcome is ok only for a
// converged run.
func (c Client) StateApply(ctx context.Context, minion, master string, test bool, budget time.Duration) (saltout.StateRun, Outcome) {
	var run saltout.StateRun
	o := c.Record(ctx, minion, minion, StateApply(master, test), budget, func(out Output) Outcome {
		call, err := saltout.ParseCall(out.Stdout)
		if err != nil {
			return Failed(nil, "exit %d: %s", out.ExitCode, LastLine(out.Stderr, out.Stdout))
		}
		if run, err = saltout.ParseStateRun(call.Local); err != nil {
			return Failed(nil, "exit %d: %v", out.ExitCode, err)
		}
		v := stateValue(master, test, run)
		if !run.Converged() {
			return Failed(v, "exit %d: %d state(s) failed, %d error(s)", out.ExitCode, len(run.Failed()), len(run.Errors))
		}
		return Succeeded(v)
	})
	return run, o
}

// stateValue is what the history keeps of a run.
func stateValue(master string, test bool, r saltout.StateRun) history.StateApplyValue {
	v := history.StateApplyValue{Master: master, Test: test, Errors: r.Errors}
	for _, e := range r.Errors {
		where := ""
		if re, ok := saltout.ParseRenderError(e); ok {
			where = re.Where()
		}
		v.Where = append(v.Where, where)
	}
	for _, s := range r.States {
		v.States = append(v.States, history.StateRecord{Key: s.Key, ID: s.ID, SLS: s.SLS, Result: s.Result, Comment: s.Comment, Changes: s.Changes})
	}
	return v
}

// PillarItems records the pillar master renders for minion, value a
// history.PillarValue.
func (c Client) PillarItems(ctx context.Context, minion, master string, budget time.Duration) (json.RawMessage, Outcome) {
	var pillar json.RawMessage
	o := c.Record(ctx, minion, minion, PillarItems(master), budget, func(out Output) Outcome {
		call, err := saltout.ParseCall(out.Stdout)
		if err != nil || out.ExitCode != 0 {
			return Failed(nil, "exit %d: %s", out.ExitCode, LastLine(out.Stderr, out.Stdout))
		}
		pillar = call.Local
		return Succeeded(history.PillarValue{Master: master, Pillar: pillar})
	})
	return pillar, o
}
