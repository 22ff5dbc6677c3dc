package signin

import (
	"bytes"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/stretchr/testify/assert"
)

// TestPrepareFailover covers eval_master's failover branch (§1.6/§1.7).
func TestPrepareFailover(t *testing.T) {
	tests := []struct {
		name             string
		opts             config.Opts
		failed, failback bool
		wantMaster       any
		wantExit         bool
		log              string
	}{
		{name: "list: forces auth_tries 0 and retry_dns 0", opts: config.Opts{"master": []any{"a", "b"}, "retry_dns": 30},
			wantMaster: []any{"a", "b"}, log: "[CRITICAL] 'master_type' set to 'failover' but 'retry_dns' is not 0."},
		// The string branch does not touch auth_tries (only the list branch does).
		{name: "string becomes a one-element list", opts: config.Opts{"master": "a"}, wantMaster: []any{"a"}},
		{name: "failed master rotated to the end", opts: config.Opts{"master": "a", "master_list": []any{"a", "b", "c"}, "local_masters": []any{"a", "b", "c"}},
			failed: true, wantMaster: []any{"b", "c", "a"}, log: "Moving possibly failed master a to the end of the list of masters"},
		{name: "entries with ports reset to master_list", opts: config.Opts{"master": "a", "master_list": []any{"a:1", "b:1"}, "local_masters": []any{"a:1", "b:1"}},
			failed: true, wantMaster: []any{"a:1", "b:1"}},
		{name: "failback restarts from the original list", opts: config.Opts{"master": "b", "master_list": []any{"a", "b"}, "local_masters": []any{"b", "a"}},
			failed: true, failback: true, wantMaster: []any{"a", "b"}},
		{name: "wrong type exits 1", opts: config.Opts{"master": 5}, wantExit: true, log: "master_type set to 'failover' but 'master' is not of type list"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			o := config.MinionDefaults()
			o["master_type"] = "failover"
			for k, v := range tc.opts {
				o[k] = v
			}
			e := &Evaluator{Opts: o, Log: saltlog.New("salt.minion", &b, saltlog.Debug)}
			err := e.prepareFailover(tc.failed, tc.failback)
			if tc.wantExit {
				var exit *ExitError
				assert.ErrorAs(t, err, &exit)
				assert.Equal(t, 1, exit.Code)
			} else {
				assert.NoError(t, err)
				assert.Equal(t, tc.wantMaster, o["master"])
				assert.Equal(t, 0, o.Int("retry_dns", -1))
				if _, isList := tc.opts["master"].([]any); isList && !tc.failed {
					assert.Equal(t, 0, o.Int("auth_tries", -1))
				}
			}
			if tc.log != "" {
				assert.Contains(t, b.String(), tc.log)
			}
		})
	}
}
