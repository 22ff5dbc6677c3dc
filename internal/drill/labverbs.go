package drill

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/usage"
)

// restartGrace is how long a restart lets the container's processes stop
// before they are killed, as a host's shutdown would.
const restartGrace = 10 * time.Second

// Act does verb (spec.Verbs: restart, boot, unpause, reconnect) to a service's
// container for the learner, from outside it, as an operator would from
// the hypervisor or the cloud console: nothing inside a stopped or
// paused container can run, so no shell mends it. It is in the learner's
// lane like a shell command (a forbidden action may be to restart every
// minion).
func (s *Session) Act(ctx context.Context, verb, service string, out io.Writer) error {
	if !slices.Contains(spec.Verbs, verb) {
		return usage.Errorf("drill %s: not a lab verb; the verbs are %s", verb, strings.Join(spec.Verbs, ", "))
	}
	if !slices.Contains(s.Progress.Services, service) {
		return usage.Errorf("drill %s %s: no such service; the lab has %s", verb, service, strings.Join(s.Progress.Services, ", "))
	}
	if err := s.act(ctx, state.Learner, verb, service); err != nil {
		return err
	}
	fmt.Fprintf(out, "drill: %s %s\n", service, map[string]string{spec.VerbRestart: "restarted", spec.VerbBoot: "booted", spec.VerbUnpause: "unpaused", spec.VerbReconnect: "reconnected"}[verb])
	return nil
}

// act does verb to service's container as one operation of who's lane
// ("learner", or a solution or wrong fix playing the learner), named
// "<verb> <service>"; its completion carries the learner's command line,
// so the debrief's commands, the time to detect and the board show it as
// they show a shell command.
func (s *Session) act(ctx context.Context, who, verb, service string) error {
	do := map[string]func(context.Context) error{
		spec.VerbRestart: func(ctx context.Context) error {
			// Docker's stop of a paused container resumes it to deliver the
			// signal, so a restart mends a paused host too.
			if err := s.lab.Stop(ctx, service, restartGrace); err != nil {
				return err
			}
			return s.lab.Start(ctx, service)
		},
		spec.VerbBoot:      func(ctx context.Context) error { return s.lab.Start(ctx, service) },
		spec.VerbUnpause:   func(ctx context.Context) error { return s.lab.Unpause(ctx, service) },
		spec.VerbReconnect: func(ctx context.Context) error { return s.reconnect(ctx, service) },
	}[verb]
	var err error
	s.client().Rec.Do(ctx, client.Op{F: state.ActName(verb, service), Node: service, Process: who}, func(ctx context.Context) client.Outcome {
		err = do(ctx)
		line := state.LearnerLine{At: time.Now().UTC(), Line: "saltlab drill " + verb + " " + service, Service: service}
		if err != nil {
			line.Exit = 1
			return client.Failed(line, "%v", err)
		}
		return client.Succeeded(line)
	})
	if err == nil {
		s.mendFaults(verb, service)
	}
	return err
}

// reconnect restores service's network: every network fault still
// pending in the run's fault ledger (chaos.IsNetwork) whose targets name
// it (a partition's peers do not count: the rules live in the targets'
// namespaces) is undone through the ledger, as heal would, so `stop` and `saltlab heal` find nothing
// left of it. A host whose network is whole is nothing to mend: that is
// an answer for the learner, not an error.
func (s *Session) reconnect(ctx context.Context, service string) error {
	errs := []error{s.engine.Ledger().Reload()} // a reset elsewhere may have recorded the incident again
	for _, e := range s.engine.Ledger().Pending() {
		if chaos.IsNetwork(e.Kind) && slices.Contains(chaos.LedgerTargets(e.Target), service) {
			errs = append(errs, s.engine.Ledger().Undo(ctx, s.engine, e.ID))
		}
	}
	return errors.Join(errs...)
}
