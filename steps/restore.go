package steps

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/client"
)

// restoreTimeout bounds one restore in the After hook.
const restoreTimeout = 30 * time.Second

// restore puts back one thing a scenario's step changed on purpose.
type restore struct {
	what string
	do   func(ctx context.Context) error
}

// addRestore registers r for the After hook.
func (w *world) addRestore(what string, do func(ctx context.Context) error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.restores = append(w.restores, restore{what: what, do: do})
}

// runRestores runs the scenario's restores, newest first, on a context
// the scenario's cancellation cannot stop.
func (w *world) runRestores(ctx context.Context) error {
	w.mu.Lock()
	rs := w.restores
	w.restores = nil
	w.mu.Unlock()
	var errs []error
	for i := len(rs) - 1; i >= 0; i-- {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), restoreTimeout)
		if err := rs[i].do(rctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", rs[i].what, err))
		} else {
			w.logf("restored %s", rs[i].what)
		}
		cancel()
	}
	return errors.Join(errs...)
}

// keyRestoreScript puts an accepted minion key back unless it is accepted
// again already (auto_accept, or a later step): it removes the id from the
// other key directories and writes the saved key into minions/. Arguments:
// pki_dir, minion id, the key base64-encoded.
const keyRestoreScript = `d="$1"; id="$2"
[ -e "$d/minions/$id" ] && exit 0
rm -f "$d/minions_pre/$id" "$d/minions_rejected/$id" "$d/minions_denied/$id"
printf '%s' "$3" | base64 -d > "$d/minions/$id"`

// saveAcceptedKey reads minion's accepted key on master and registers its
// restore: a deleted or rejected key is accepted again after the scenario
// even where the masters do not auto-accept, so later scenarios start
// from a lab whose minions can sign in. A key not accepted now needs none.
func (w *world) saveAcceptedKey(ctx context.Context, master, pkiDir, minion string) error {
	path := pkiDir + "/minions/" + minion
	out, err := client.RunBounded(ctx, w.Lab, master, keyOpTimeout, "cat", "--", path)
	if err != nil {
		return fmt.Errorf("save the key of %s on %s: %w", minion, master, err)
	}
	if out.ExitCode != 0 {
		return nil
	}
	key := base64.StdEncoding.EncodeToString([]byte(out.Stdout))
	w.addRestore(fmt.Sprintf("the accepted key of %s on %s", minion, master), func(ctx context.Context) error {
		res, err := client.RunBounded(ctx, w.Lab, master, restoreTimeout, "bash", "-c", keyRestoreScript, "restore", pkiDir, minion, key)
		switch {
		case err != nil:
			return err
		case res.ExitCode != 0:
			return fmt.Errorf("exit %d: %s", res.ExitCode, client.LastLine(res.Stderr))
		}
		return nil
	})
	return nil
}
