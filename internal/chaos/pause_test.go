package chaos

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// flakyPause fails its first attempts with the given errors, then pauses.
type flakyPause struct {
	Docker
	errs  []error
	tries int
}

func (f *flakyPause) ContainerPause(context.Context, string) error {
	f.tries++
	if f.tries <= len(f.errs) {
		return f.errs[f.tries-1]
	}
	return nil
}

// TestPauseRetriesOnlyTheFreezer: runc's "unable to freeze" leaves the
// container as it was, so the pause is tried again within pauseWithin;
// any other error is the answer at once.
func TestPauseRetriesOnlyTheFreezer(t *testing.T) {
	freeze := errors.New("Error response from daemon: Cannot pause container c0ffee: OCI runtime pause failed: unable to freeze: unknown")
	gone := errors.New("Error response from daemon: No such container: c0ffee")
	tests := []struct {
		name      string
		errs      []error
		wantTries int
		wantErr   string
	}{
		{"first try", nil, 1, ""},
		{"freezer gives up twice", []error{freeze, freeze}, 3, ""},
		{"another error is final", []error{gone, nil}, 1, "No such container"},
		{"freezer then another error", []error{freeze, gone}, 2, "No such container"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := &flakyPause{errs: tc.errs}
			err := pauseContainer(context.Background(), d, "c0ffee", Spec{})
			assert.Equal(t, tc.wantTries, d.tries)
			if tc.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.wantErr)
		})
	}
}

// TestPauseGivesUpAtItsBound: a freezer that never succeeds is reported
// with the bound and runc's own words.
func TestPauseGivesUpAtItsBound(t *testing.T) {
	freeze := errors.New("OCI runtime pause failed: unable to freeze: unknown")
	errs := make([]error, 1000)
	for i := range errs {
		errs[i] = freeze
	}
	d := &flakyPause{errs: errs}
	err := pauseContainer(context.Background(), d, "c0ffee", Spec{})
	assert.ErrorContains(t, err, "pause within 10s: OCI runtime pause failed: unable to freeze")
	assert.Greater(t, d.tries, 1)
}
