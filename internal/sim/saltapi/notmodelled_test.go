package saltapi_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/simtest"
)

// TestAPISaysNotModelled: a client, a targeting type, a runner or a wheel
// function of real Salt that the double lacks answers 501 with the one
// not-modelled message, never a 500 or a silent "no minions matched"; a
// name Salt lacks too keeps Salt's own answer.
func TestAPISaysNotModelled(t *testing.T) {
	t.Parallel()
	l := newAPILab(t)
	opts := l.opts.Copy()
	opts["netapi_enable_clients"] = []any{"local", "local_async", "local_batch", "local_subset", "runner", "runner_async", "ssh", "wheel", "wheel_async"}
	api := simtest.StartAPI(t, opts)
	sid := login(t, api.URL, "saltapi")
	tests := []struct {
		name string
		low  map[string]any
		want int
		text string
	}{
		{"local_batch", map[string]any{"client": "local_batch", "tgt": "*", "fun": "test.ping", "batch": "1"}, notmodelled.HTTPStatus,
			"the Salt double does not model the salt-api client local_batch; run with --salt real"},
		{"runner_async", map[string]any{"client": "runner_async", "fun": "jobs.list_jobs"}, notmodelled.HTTPStatus,
			"the Salt double does not model the salt-api client runner_async; run with --salt real"},
		{"ssh", map[string]any{"client": "ssh", "tgt": "*", "fun": "test.ping"}, notmodelled.HTTPStatus, "the salt-api client ssh"},
		{"compound target", map[string]any{"client": "local", "tgt": "G@os:Debian and minion-*", "tgt_type": "compound", "fun": "test.ping"}, notmodelled.HTTPStatus,
			"the Salt double does not model compound targeting (-C/--compound, tgt_type compound); run with --salt real"},
		{"nodegroup target, asynchronously", map[string]any{"client": "local_async", "tgt": "web", "tgt_type": "nodegroup", "fun": "test.ping"}, notmodelled.HTTPStatus,
			"nodegroup targeting (-N/--nodegroup, tgt_type nodegroup)"},
		{"a runner the double lacks", map[string]any{"client": "runner", "fun": "state.orchestrate", "arg": "orch.deploy"}, notmodelled.HTTPStatus,
			"the Salt double does not model the runner state.orchestrate; run with --salt real"},
		{"a runner Salt lacks too", map[string]any{"client": "runner", "fun": "nosuch.runner"}, http.StatusOK, "'nosuch.runner' is not available."},
		{"a wheel function the double lacks", map[string]any{"client": "wheel", "fun": "key.gen"}, notmodelled.HTTPStatus,
			"the Salt double does not model the wheel function key.gen; run with --salt real"},
		{"a list target is modelled", map[string]any{"client": "local", "tgt": "minion-1", "tgt_type": "list", "fun": "test.ping"}, http.StatusOK, `"minion-1": true`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, "POST", api.URL+"/", []any{tc.low}, auth(sid))
			require.Equal(t, tc.want, resp.StatusCode, body)
			assert.Contains(t, body, tc.text)
			assert.NotContains(t, body, "An unexpected error occurred")
		})
	}
}
