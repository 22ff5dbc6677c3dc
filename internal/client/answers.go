package client

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// AnswersProcess is the process of the run's own function probes of a
// master: a lane of their own in the reports, one per master.
func AnswersProcess(master string) string { return "answers-probe " + master }

// answersBudget bounds one probe in the container: the script keeps to
// lib.AnswerBound per check, and the budget is whole seconds.
const answersBudget = 2 * lib.AnswerBound

// answersWait bounds one probe from the host too: an exec whose process
// is stopped with the container's (a freeze of every process) must not
// hold the run's probes up.
const answersWait = answersBudget + 5*time.Second

// Answers runs the function probe of a master (compose/lib/master-answers,
// inline: nothing needs to be mounted) and records it as operation
// history.AnswersOp: ok when its ret port answered within lib.AnswerBound
// (the value is the probe's line), fail when it did not (the line says
// what), info when the probe could not run to its end (a paused or stopped
// container).
func (c Client) Answers(ctx context.Context, master string) Outcome {
	return c.Rec.Do(ctx, Op{F: history.AnswersOp, Node: master, Target: master, Process: AnswersProcess(master)}, func(ctx context.Context) Outcome {
		ctx, cancel := context.WithTimeout(ctx, answersWait)
		defer cancel()
		return AnswersOutcome(RunBounded(ctx, c.Ex, master, answersBudget, lib.AnswersArgv()...))
	})
}

// AnswersOutcome reads a run of master-answers.
func AnswersOutcome(out Output, err error) Outcome {
	line := strings.TrimSpace(out.Stdout + " " + out.Stderr)
	switch {
	case err != nil:
		return Indeterminate("run master-answers: " + err.Error())
	case out.ExitCode == 0:
		return Succeeded(line)
	case out.ExitCode == 1:
		return Failed(nil, "%s", line)
	case out.ExitCode == ExitTimedOut:
		return Indeterminate("master-answers timed out after " + answersBudget.String())
	}
	return Indeterminate(fmt.Sprintf("master-answers exited %d: %s", out.ExitCode, line))
}
