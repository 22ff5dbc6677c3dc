// Package steps holds the Gherkin step definitions: the phrases of the
// feature files and their wiring into godog. A step acts on the lab
// through the scenario's World (internal/scenario), which runs Salt
// only through its CLIs inside the lab's containers, so the same steps run
// against real Salt and the Salt double; faults go through the fault
// ledger and are undone when the scenario ends.
package steps

import (
	"context"
	"sync"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/scenario"
)

// world is the state of one scenario: the scenario's World and the notes
// the phrases leave for later steps of the same scenario.
type world struct {
	*scenario.World
	mu           sync.Mutex               // guards the notes below, set and read by steps that poll at once
	marker       string                   // file the marker job appends to (syndic steps)
	markerAt     int64                    // history index where the marker job began
	markerMaster string                   // and the master it was published on
	markerJob    client.Cmd               // and the command that published it
	daemons      map[string]string        // minion -> daemon identity, see noteMinionDaemons
	apiToken     string                   // session token of the last salt-api login
	apiPath      string                   // and the load balancer path it was issued under
	haStream     *haStream                // the HA client's running stream, if any
	lastKeyAct   *keyAct                  // the scenario's last salt-key action (key steps)
	baseline     *checker.HighstateParams // the scenario's first highstate (CI gate steps)
}

type worldKey struct{}

func worldFrom(ctx context.Context) *world {
	w, _ := ctx.Value(worldKey{}).(*world)
	return w
}

// hooks binds each godog scenario to the run's sequence of scenarios
// (scenario.Sequence): Before begins it under its row's name, each step
// is named for its verdicts, and After stops what the phrases left
// running, then ends it (judged, healed, its reset owed).
func hooks(sc *godog.ScenarioContext, seq *scenario.Sequence) {
	sc.Before(func(ctx context.Context, s *godog.Scenario) (context.Context, error) {
		sw, err := seq.Begin(ctx, s)
		if err != nil {
			return ctx, err
		}
		return context.WithValue(ctx, worldKey{}, &world{World: sw}), nil
	})
	sc.StepContext().Before(func(ctx context.Context, st *godog.Step) (context.Context, error) {
		if w := worldFrom(ctx); w != nil {
			w.SetStep(st.Text)
		}
		return ctx, nil
	})
	sc.After(func(ctx context.Context, s *godog.Scenario, scErr error) (context.Context, error) {
		var sw *scenario.World
		if w := worldFrom(ctx); w != nil {
			stopLeftoverHAStream(w)
			sw = w.World
		}
		return ctx, seq.End(ctx, sw, s.Name)
	})
}
