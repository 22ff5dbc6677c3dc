package lab

import (
	"context"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// downTimeout bounds Down. Down ignores the caller's cancellation (it is
// typically called because the run was cancelled) but must not hang.
const downTimeout = 2 * time.Minute

// Down removes everything of this lab: containers (forced, with anonymous
// volumes), then networks, then volumes, matched by the run id AND project
// labels so that two labs of one run do not remove each other. It is
// idempotent, works after a partial or failed Up, and even from a Lab
// loaded in another process. The caller's cancellation is ignored so that
// Down still cleans up after Ctrl-C; downTimeout bounds it instead.
func (l *Lab) Down(ctx context.Context) error {
	if l.cli == nil {
		return fmt.Errorf("down project %s: %s", l.opts.Project, noClient)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), downTimeout)
	defer cancel()
	t := time.Now()
	swept, err := Sweep(ctx, l.cli, map[string]string{labels.Run: l.opts.RunID, labels.Project: l.opts.Project})
	l.out.printf("down: project %s: removed %s in %s", l.opts.Project, swept, since(t))
	l.mu.Lock()
	clear(l.ids)
	l.mu.Unlock()
	if err != nil {
		return fmt.Errorf("down project %s: %w", l.opts.Project, err)
	}
	return nil
}
