package chaostest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// TestKindsCoverTheRegistry: the undo tests run one row per registered
// kind, each a fault the registry takes as written; a row of a kind that
// is gone fails here, without Docker.
func TestKindsCoverTheRegistry(t *testing.T) {
	var want, got []fault.Kind
	for _, d := range chaos.Defs() {
		want = append(want, d.Kind)
	}
	for _, k := range Kinds() {
		got = append(got, k.Kind)
		assert.NotEmpty(t, k.Target, k.Kind)
		if k.Args == nil {
			assert.NoError(t, k.Spec.Validate(), "%s: a row without CLI arguments is injected with its Spec", k.Kind)
			continue
		}
		require.Equal(t, k.Target, k.Args[0], "%s: the first argument is the target", k.Kind)
		_, err := chaos.Lookup(string(k.Kind))
		assert.NoError(t, err, "%s: a row with CLI arguments is a catalogue kind", k.Kind)
		_, err = chaos.ParseWords(string(k.Kind), k.Args[:1], k.Args[1:])
		assert.NoError(t, err, "%s: its arguments parse", k.Kind)
	}
	assert.Equal(t, want, got)
	for _, r := range rows {
		assert.Contains(t, want, r.Kind, "a row of a kind the registry no longer has")
	}
}
