package steps

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/evidence/checker"
)

// healthLag is how long Docker may keep calling a master healthy after it
// stopped answering. The built-in topologies' health check (master-answers,
// bound lib.AnswerBound, every 500 ms, unhealthy after 3 failures in a row)
// needs at most 3 x (0.5 s + 1 s) = 4.5 s; the run's own probe every 2 s
// and the engine's event add a little; 10 s leaves room for a loaded host
// and still catches a check that cannot notice at all.
var healthLag = checker.Bound{
	Limit: 10 * time.Second,
	Explain: "3 failed health probes of " + lib.AnswerBound.String() +
		" each at Docker's 500 ms interval (4.5 s), plus the run's probe interval and the engine's event, rounded up",
}

// afterScenario names the check made once a scenario's steps are done.
const afterScenario = "(after the scenario)"

// judgeHonestHealth probes every master whose Docker health the run
// records once more, so that even a short scenario holds a probe of each,
// then asks honest-health whether Docker called one healthy while it did
// not answer, over the scenario's entries.
func (w *world) judgeHonestHealth(ctx context.Context) error {
	if w.Answers == nil {
		return nil
	}
	nodes := w.Answers(ctx)
	if len(nodes) == 0 {
		return nil
	}
	w.mu.Lock()
	w.step = afterScenario
	w.mu.Unlock()
	return w.judge(checker.NameHonestHealth, checker.HonestHealthParams{From: w.from, F: checker.AnswersOp, Nodes: nodes, Lag: healthLag}, "", false)
}
