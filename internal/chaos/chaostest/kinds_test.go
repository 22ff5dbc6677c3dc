package chaostest

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// TestKindsCoverTheCatalog: the undo tests run one row per kind, so a
// kind added to the catalogue without a row (or a row of a kind that is
// gone) fails here, without Docker.
func TestKindsCoverTheCatalog(t *testing.T) {
	want := []fault.Kind{chaos.KindKeyAction}
	for _, in := range chaos.Catalog {
		want = append(want, in.Kind)
	}
	var got []fault.Kind
	for _, k := range Kinds {
		got = append(got, k.Kind)
		assert.NotEmpty(t, k.Target, k.Kind)
		if k.Args == nil {
			assert.NoError(t, k.Spec.Validate(), "%s: a row without CLI arguments is injected with its Spec", k.Kind)
		} else {
			_, err := chaos.Lookup(string(k.Kind))
			assert.NoError(t, err, "%s: a row with CLI arguments is a catalogue kind", k.Kind)
		}
	}
	assert.ElementsMatch(t, want, got)
}
