package stack

import (
	"context"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab"
)

// readProject reads compose files as lab.Load does (interpolation from
// the given environment only), without saltlab's compose policy.
func readProject(t testing.TB, file string) (*types.Project, error) {
	t.Helper()
	return lab.ReadProject(context.Background(), []string{file}, "saltlab-unit-20261122-000000-abcdef", nil)
}
