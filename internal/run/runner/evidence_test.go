package runner

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/run/progress"
)

func TestFaultBanners(t *testing.T) {
	var b bytes.Buffer
	obs := faultBanners(progress.New(&b, time.Now()))
	e := fault.Entry{ID: 3, Kind: "stop", Target: "salt-master-1", Scenario: "Stopping master-1"}
	obs("inject", e, time.Now())
	obs("undone", e, time.Now())
	obs("undo-failed", e, time.Now())
	out := b.String()
	assert.Regexp(t, `==> \[ *[0-9.]+s\] fault: stop salt-master-1 \(fault 3, Stopping master-1\)`, out)
	assert.Contains(t, out, "heal: undid stop salt-master-1 (fault 3, Stopping master-1)")
	assert.Contains(t, out, "heal: FAILED to undo stop salt-master-1 (fault 3, Stopping master-1): `saltlab heal` retries it")
}
