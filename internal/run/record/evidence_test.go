package record

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/run/console"
)

// The ledger tells each heal, once, in the scenario's story; its record
// of a fault before it acts is plumbing (the step tells the fault).
func TestFaultBanners(t *testing.T) {
	for _, verbose := range []bool{false, true} {
		var b bytes.Buffer
		obs := faultBanners(console.New(&b, console.Options{Verbose: verbose}).Lab("lab2"))
		e := fault.Entry{ID: 3, Kind: "stop", Target: "salt-master-1", Scenario: "Stopping master-1"}
		obs(history.LedgerInject, e, time.Now())
		obs(history.LedgerUndone, e, time.Now())
		obs(history.LedgerUndoFailed, e, time.Now())
		out := b.String()
		assert.Contains(t, out, "[lab2]     heal     undid stop salt-master-1 (fault 3)\n")
		assert.Contains(t, out, "[lab2]     warning  FAILED to undo stop salt-master-1 (fault 3): `saltlab heal` retries it\n")
		recorded := `[lab2] fault ledger: stop salt-master-1 (fault 3) of "Stopping master-1" recorded` + "\n"
		if verbose {
			assert.Contains(t, out, recorded)
		} else {
			assert.NotContains(t, out, "fault ledger")
		}
	}
}
