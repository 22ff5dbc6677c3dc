package chaos

import (
	"context"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// keyRestoreScript puts the minion's key back into exactly the directories
// that held it before the action, with the recorded text and mode, and
// removes it from the others. A key already where it was, with the same
// text, is left alone (an auto-accepting master took the minion back, or
// an earlier heal did), so repeating it changes nothing. Each file is
// written beside its place and renamed, as Salt's localfs_key store does,
// so a master never reads half a key. Arguments: pki_dir, minion id, then
// "DIR MODE BASE64" triples.
const keyRestoreScript = `d="$1"; id="$2"; shift 2
[ -d "$d" ] || { echo "no pki dir $d" >&2; exit 1; }
keep=" "
while [ $# -ge 3 ]; do
  s="$1"; mode="$2"; key="$3"; shift 3
  keep="$keep$s "
  f="$d/$s/$id"
  if [ -f "$f" ] && [ "$(base64 -w0 < "$f")" = "$key" ]; then continue; fi
  mkdir -p "$d/$s"
  t="$d/$s/.$id.saltlab-restore"
  printf '%s' "$key" | base64 -d > "$t"
  chmod "$mode" "$t"
  chown --reference="$d/$s" "$t" 2>/dev/null || true
  mv -f "$t" "$f"
done
for s in minions minions_pre minions_rejected minions_denied; do
  case "$keep" in *" $s "*) continue;; esac
  rm -f "$d/$s/$id"
done`

// undoKeyAction restores the minion's key on the master as it was before
// the action. The key directories outlive the master's processes (they
// are a volume), so a stopped master is an error heal reports; a removed
// one is nil, the lab is gone.
func undoKeyAction(ctx context.Context, e *Engine, en fault.Entry) error {
	id, svc, minion := en.Data[dataContainer], en.Data[dataService], en.Data[dataMinion]
	argv := []string{"bash", "-ec", keyRestoreScript, "saltlab", en.Data[dataDir], minion}
	for _, d := range strings.Fields(en.Data[dataPrev]) {
		mode, key, ok := strings.Cut(en.Data[dataKeyPrefix+d], " ")
		if !ok {
			return fmt.Errorf("restore the key of %s on %s: the ledger holds no key text for %s", minion, svc, d)
		}
		argv = append(argv, d, mode, key)
	}
	return e.inStopped(ctx, id, "the "+en.Data[dataKeyOp]+" of the key of "+minion, func() error {
		if _, err := e.run(ctx, id, argv...); err != nil {
			return fmt.Errorf("restore the key of %s on %s: %w", minion, svc, err)
		}
		if en.Data[dataPrev] == "" {
			e.logf("removed the key of %s on %s, which had none before", minion, svc)
			return nil
		}
		// "restored the accepted key of M on S" is the line operators
		// (and the e2e tests) know from the old in-memory restore.
		e.logf("restored the %s key of %s on %s", keyStates(en.Data[dataPrev]), minion, svc)
		return nil
	})
}
