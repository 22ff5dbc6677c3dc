package scenario

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// healthLag is how long Docker may keep calling a master healthy after it
// stopped answering. Docker calls a container unhealthy after `retries`
// failed probes in a row; the built-in topologies' check (master-answers)
// has 3 retries, a 1 s interval and Docker's 2 s timeout, so Docker
// itself allows 3 x (1 s + 2 s) = 9 s even when a loaded host stretches
// each probe to its timeout. The run's own probe every 2 s and the
// engine's event come on top: 12 s. A check that cannot notice at all (a
// process grep, an open port) still shows within any scenario that keeps a
// master frozen longer than that.
var healthLag = checker.Bound{
	Limit: 12 * time.Second,
	Explain: "3 failed Docker health probes of at most 1 s interval + 2 s timeout each (9 s), " +
		"plus the run's 2 s probe interval and the engine's event, rounded up",
}

// afterScenario names the check made once a scenario's steps are done.
const afterScenario = "(after the scenario)"

// judgeHonestHealth probes every master whose Docker health the run
// records once more, so that even a short scenario holds a probe of each,
// then asks honest-health whether Docker called one healthy while it did
// not answer, over the scenario's entries.
func (w *World) judgeHonestHealth(ctx context.Context) error {
	if w.Answers == nil {
		return nil
	}
	nodes := w.Answers(ctx)
	if len(nodes) == 0 {
		return nil
	}
	w.SetStep(afterScenario)
	return w.Judge(checker.NameHonestHealth, checker.HonestHealthParams{From: w.From, F: history.AnswersOp, Nodes: nodes, Lag: healthLag}, "", false)
}
