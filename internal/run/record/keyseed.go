package record

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
)

// keySeedProcess is who acted in a KeySeedOp: saltlab itself, before any
// Salt daemon ran.
const keySeedProcess = "saltlab"

// recordKeySeeds puts into the history each master key pair bring-up
// wrote onto a shared key volume, at the times it wrote it: a reader of
// the history then knows saltlab, not the first master, made the pair
// the masters share.
func recordKeySeeds(rec *history.Recorder, seeds []lab.KeySeed, log io.Writer) {
	for _, s := range seeds {
		v, err := json.Marshal(history.KeySeedValue{Volume: s.Volume, Dir: s.Dir, Services: s.Services, Fingerprint: s.Fingerprint, FingerprintWhole: s.FingerprintWhole})
		if err == nil {
			var inv history.Entry
			inv, err = rec.Append(history.Entry{Type: history.Invoke, Time: s.Start, Process: keySeedProcess, Node: s.Via, F: history.KeySeedOp})
			if err == nil {
				_, err = rec.Append(history.Entry{Type: history.OK, Time: s.End, Pair: inv.Index, Process: keySeedProcess, Node: s.Via, F: history.KeySeedOp, Value: v})
			}
		}
		if err != nil {
			fmt.Fprintf(log, "warning: record the key pair seeded on %s: %v\n", s.Volume, err)
		}
	}
}
