package steps

import (
	"context"
	"fmt"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/poll"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/scenario"
)

// nameGoneTimeout bounds waiting for Docker's embedded DNS to drop a
// stopped container's name: Docker removes the record when it releases
// the container's network endpoint, just after the process exits.
const nameGoneTimeout = 15 * time.Second

// getentNotFound is getent's exit status for a key it cannot find.
const getentNotFound = 2

// nameStopsResolving waits until name no longer resolves inside service,
// asking the container's own resolver (`getent hosts`, as Salt's
// resolution goes through libc) and recording every lookup. A scenario
// uses it to order a fault after the name is gone: Docker drops a stopped
// container's name a moment after its master closed its connections, and
// a minion alive check in that moment sees "resolves, not connected" and
// fails over (salt-semantics §1.9).
func nameStopsResolving(ctx context.Context, name, service string) error {
	w := worldFrom(ctx)
	service, err := w.Lab.Roles().ServiceNamed(service)
	if err != nil {
		return err
	}
	if n, err := w.Lab.Roles().ServiceNamed(name); err == nil {
		name = n // a role phrase names the service, whose name Docker serves
	}
	deadline := time.Now().Add(nameGoneTimeout)
	var last client.Outcome
	gone, err := poll.Run(ctx, poll.Until(deadline), func(ctx context.Context, left time.Duration) bool {
		last = w.Op(ctx, "getent hosts "+name, service, "", func(ctx context.Context) client.Outcome {
			return lookupName(ctx, w.Lab, service, name, left)
		})
		return last.OK() && last.Value == false
	})
	if err != nil {
		return fmt.Errorf("wait for %s to stop resolving on %s: %w", name, service, err)
	}
	if !gone {
		return fmt.Errorf("expected %q to stop resolving on %s within %s; observed: %s", name, service, nameGoneTimeout, describe(last))
	}
	return nil
}

// lookupName runs one `getent hosts name` in service: ok with true and
// the addresses when it resolves, ok with false when getent finds nothing.
func lookupName(ctx context.Context, l scenario.Lab, service, name string, budget time.Duration) client.Outcome {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	out, err := l.Exec(ctx, service, []string{"getent", "hosts", name})
	switch {
	case err != nil:
		return client.Indeterminate(fmt.Sprintf("run getent hosts %s on %s: %v", name, service, err))
	case out.ExitCode == 0:
		return client.Succeeded(map[string]any{"resolves": true, "hosts": strings.Fields(out.Stdout)})
	case out.ExitCode == getentNotFound:
		return client.Succeeded(false)
	}
	return client.Failed(nil, "getent hosts %s on %s exited %d: %s", name, service, out.ExitCode, strings.TrimSpace(out.Stderr))
}

// describe says what an outcome observed, for an error message.
func describe(o client.Outcome) string {
	if o.Err != "" {
		return o.Err
	}
	return fmt.Sprintf("%v", o.Value)
}
