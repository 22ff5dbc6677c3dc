package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/scenario"
)

// keyOpTimeout bounds one salt-key, salt-run config.get or stat on a master.
const keyOpTimeout = 15 * time.Second

// keyAct is the last salt-key action of a scenario, for the step judging it.
type keyAct struct {
	action, master, minion string
	from                   int64
}

// recordPkiDir records which directory holds master's minion keys (its
// pki_dir, or cluster_pki_dir on a cluster peer: keyDirOption; then
// device:inode of that directory): masters showing the same identity share
// one key directory. It returns the directory, or "" when pki_dir could
// not be read (Salt's default then, chaos.DefaultPKIDir), and an error
// when a cluster peer's could not be, or not even which option names it.
func (w *world) recordPkiDir(ctx context.Context, master string) (string, error) {
	option, err := keyDirOption(w.MasterOption(ctx, master, "cluster_id", keyOpTimeout))
	if err != nil {
		return "", fmt.Errorf("%s: %w", master, err)
	}
	raw, o := w.MasterOption(ctx, master, option, keyOpTimeout)
	var dir string
	if !o.OK() || json.Unmarshal(raw, &dir) != nil || dir == "" {
		if option == "pki_dir" {
			return "", nil
		}
		return "", fmt.Errorf("%s: read %s: %s %s", master, option, raw, o.Err)
	}
	w.Op(ctx, history.PkiDirOp, master, "", func(ctx context.Context) client.Outcome {
		out, err := client.RunBounded(ctx, w.Lab, master, keyOpTimeout, "stat", "-L", "-c", "%d:%i", "--", dir)
		switch {
		case err != nil:
			return client.Indeterminate(fmt.Sprintf("stat %s on %s: %v", dir, master, err))
		case out.ExitCode != 0:
			return client.Failed(nil, "stat %s: exit %d: %s", dir, out.ExitCode, client.LastLine(out.Stderr))
		}
		return client.Succeeded(history.PkiDirValue{Dir: dir, ID: strings.TrimSpace(out.Stdout)})
	})
	return dir, nil
}

// keyDirOption is the master option naming the directory its minion keys
// live in: cluster_pki_dir on a peer of a master cluster (a cluster_id set;
// Salt 3007+ keeps every minion key there, salt/key.py, and checks tokens
// against it, salt/channel/server.py ReqServerChannel.validate_token),
// else pki_dir. When cluster_id could not be read it is an error, not a
// guess: a key action on a cluster peer's pki_dir would be undone in the
// wrong directory, leaving the key rejected in cluster_pki_dir for every
// later scenario (measured on a loaded host, where salt-run config.get
// outlived keyOpTimeout).
func keyDirOption(clusterID json.RawMessage, o client.Outcome) (string, error) {
	if !o.OK() {
		return "", fmt.Errorf("read cluster_id, which says which directory holds the minion keys: %s", o.Err)
	}
	var id any
	if json.Unmarshal(clusterID, &id) == nil {
		if s, ok := id.(string); ok && s != "" {
			return "cluster_pki_dir", nil
		}
	}
	return "pki_dir", nil
}

// listEveryMaster records one key list of every master.
func (w *world) listEveryMaster(ctx context.Context) {
	for _, m := range scenario.Masters(w.Lab) {
		w.SaltKeys(ctx, m, keyListTimeout)
	}
}

// keyAction: `salt-key` accepts, deletes or rejects one minion's key on one
// master while the minions are connected. The step records what the
// checker needs around it: every master's pki_dir identity and key lists
// before and after. The action goes through the chaos engine, which puts
// the key's previous state on the ledger before salt-key runs, so the
// After hook, or `saltlab heal` after the runner died, puts the key back.
func keyAction(ctx context.Context, action, minion, master string) error {
	w := worldFrom(ctx)
	if w.Chaos == nil {
		return fmt.Errorf("%s the key of %s: %w", action, minion, errNoChaos)
	}
	master, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return err
	}
	if minion, err = w.Lab.Roles().ServiceNamed(minion); err != nil {
		return err
	}
	from := w.History.Next()
	var pkiDir string
	for _, m := range scenario.Masters(w.Lab) {
		dir, err := w.recordPkiDir(ctx, m)
		if m != master {
			continue
		}
		if err != nil {
			// The chaos engine would take Salt's default pki_dir (an
			// empty path) and undo the action there, which on a cluster
			// peer is not where the key is.
			return fmt.Errorf("%s the key of %s: %w", action, minion, err)
		}
		pkiDir = dir
	}
	w.listEveryMaster(ctx)
	if action == "reject" {
		// Once the master rotates its AES key (salt-key asks it to), the
		// rejected minion's daemon signs in again, is refused and exits 77
		// (salt-semantics §10.1): a fault, so the After hook restarts the
		// minions after putting the key back.
		markFault(w, fmt.Sprintf("key of %s rejected on %s", minion, master))
	}
	// salt-key's outcome is not the step's: the key lists around it say
	// what it changed, and the checker judges them.
	act := func(ctx context.Context) error {
		w.SaltKeyAction(ctx, master, action, minion, keyOpTimeout)
		return nil
	}
	s := chaos.Spec{Kind: chaos.KindKeyAction, Targets: []string{master}, Path: pkiDir, Minion: minion, KeyOp: action, Act: act, Scenario: w.Name}
	if _, err := w.Chaos.Inject(ctx, s); err != nil {
		return fmt.Errorf("%s the key of %s on %s: %w", action, minion, master, err)
	}
	w.listEveryMaster(ctx)
	w.mu.Lock()
	w.lastKeyAct = &keyAct{action: action, master: master, minion: minion, from: from}
	w.mu.Unlock()
	return nil
}

// keyActionShowsWhereShared judges the scenario's last salt-key action.
func keyActionShowsWhereShared(ctx context.Context) error {
	w := worldFrom(ctx)
	w.mu.Lock()
	a := w.lastKeyAct
	w.mu.Unlock()
	if a == nil {
		return fmt.Errorf("judge a key action: the scenario ran no salt-key action before this step")
	}
	return w.Judge(checker.NameKeyAction, checker.KeyActionParams{From: a.from, To: w.History.Next(), Action: a.action,
		Master: a.master, Minion: a.minion, Masters: scenario.Masters(w.Lab)}, "", false)
}

// masterListsKeysAs lists master's keys once and judges that every named
// minion's key is in state (accepted, pending, rejected, denied, absent).
func masterListsKeysAs(ctx context.Context, master, who, state string) error {
	w := worldFrom(ctx)
	master, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return err
	}
	ids, err := w.Lab.Roles().ServicesNamed(who)
	if err != nil {
		return err
	}
	from := w.History.Next()
	w.SaltKeys(ctx, master, keyListTimeout)
	return w.Judge(checker.NameKeyState, checker.KeyStateParams{From: from, To: w.History.Next(), Master: master, Minions: ids, State: state}, "", false)
}

// noteMasterKeys records every master's local key fingerprints (salt-key
// -F), evidence for later checks: a failed check names masters whose keys
// the minions cannot all accept (checker.Diagnose).
func noteMasterKeys(ctx context.Context) error {
	w := worldFrom(ctx)
	for _, m := range scenario.Masters(w.Lab) {
		if o := w.SaltFingers(ctx, m, keyOpTimeout); !o.OK() {
			return fmt.Errorf("note the key fingerprints of %s: %s", m, o.Err)
		}
	}
	return nil
}

// everyMasterKeyAccepted records every master's key fingerprints and
// judges that a minion accepts every master's key (checker.MasterKeys).
func everyMasterKeyAccepted(ctx context.Context) error {
	w := worldFrom(ctx)
	from := w.History.Next()
	for _, m := range scenario.Masters(w.Lab) {
		w.SaltFingers(ctx, m, keyOpTimeout)
	}
	return w.Judge(checker.NameMasterKeys, checker.MasterKeysParams{From: from, To: w.History.Next(), Masters: scenario.Masters(w.Lab)}, "", false)
}

// everyMinionSignedInToEveryMaster has every minion sign in to each master
// in turn (salt-call --master M test.ping), so that every master holds
// every minion's key (the lab's masters auto-accept), and judges that each
// call was answered and each master lists every minion's key as accepted.
// A failover minion's daemon only ever signs in to one master; this puts
// its key on the others, so a later key action shows whether the
// directories are shared.
func everyMinionSignedInToEveryMaster(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := scenario.Minions(w.Lab)
	// One sign-in to the first entry of a one-master list: CallBound(0)
	// of the minion's own config (a refused master key would otherwise
	// hold the call for scenario.CallTimeout).
	budgets := map[string]time.Duration{}
	for _, m := range ms {
		b, err := w.MinionBound(ctx, m, func(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.CallBound(0), nil })
		if err != nil {
			return err
		}
		budgets[m] = b.Limit
	}
	from := w.History.Next()
	for _, master := range scenario.Masters(w.Lab) {
		var wg sync.WaitGroup
		for _, m := range ms {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.SaltCallVia(ctx, m, master, budgets[m], "test.ping")
			}()
		}
		wg.Wait()
	}
	errs := []error{w.Judge(checker.NameAvailability, checker.OutcomeParams{From: from, To: w.History.Next(), F: history.CallPingOp, Targets: ms}, "", false)}
	for _, master := range scenario.Masters(w.Lab) {
		lf := w.History.Next()
		w.SaltKeys(ctx, master, keyListTimeout)
		errs = append(errs, w.Judge(checker.NameKeyState, checker.KeyStateParams{From: lf, To: w.History.Next(), Master: master, Minions: ms, State: history.KeyAccepted}, "", false))
	}
	return errors.Join(errs...)
}
