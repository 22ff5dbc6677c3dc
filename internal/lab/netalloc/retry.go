package netalloc

import (
	"context"
	"fmt"
)

// Retry allocates a plan and runs try with it. Allocate and the network
// create inside try are not atomic: two labs started at once (even by two
// processes) may pick the same /24, and the loser's create fails. When
// taken recognises that failure, Retry allocates again — the winner's
// network is now listed, so the next pick differs — up to attempts times.
// try must undo its partial work before returning an error.
func Retry(ctx context.Context, cli Lister, masters, attempts int, taken func(error) bool, try func(Plan) error) error {
	var err error
	for range attempts {
		var plan Plan
		if plan, err = Allocate(ctx, cli, masters); err != nil {
			return err
		}
		if err = try(plan); err == nil || !taken(err) || ctx.Err() != nil {
			return err
		}
	}
	return fmt.Errorf("allocate lab subnet: lost the race for a free subnet %d times: %w", attempts, err)
}
