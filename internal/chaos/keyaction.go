package chaos

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client"
)

// KindKeyAction is a salt-key accept, reject or delete of one minion's key
// on one master. Scenario steps and drill files inject it; `saltlab chaos`
// does not offer it.
const KindKeyAction fault.Kind = "key-action"

// minionIDRe keeps an id a single file name under the key directories
// (Salt's valid_id refuses path separators too).
var minionIDRe = regexp.MustCompile(`^[A-Za-z0-9._@-]+$`)

func init() {
	register(Def{Kind: KindKeyAction, Place: 510, StepsOnly: true,
		Args: []Arg{
			{Option: optMinion, Example: "salt-minion-1", Help: "the minion id whose key is acted on"},
			{Option: optKeyOp, Example: "reject", Help: "accept, reject or delete"},
			{Option: optPath, Example: DefaultPKIDir, Optional: true, Help: "the master's pki dir (default " + DefaultPKIDir + ")"},
		},
		Check: func(s Spec) error {
			if !minionIDRe.MatchString(s.Minion) || s.Minion == "." || s.Minion == ".." {
				return fmt.Errorf("fault key-action: minion id %q: want a Salt minion id such as salt-minion-1", s.Minion)
			}
			if !keyOpVerbs[s.KeyOp] {
				return fmt.Errorf("fault key-action: action %q: want accept, reject or delete", s.KeyOp)
			}
			return checkPKIDir(s)
		},
		Mechanism: "the minion's key directories and key text recorded, then salt-key -y; heal: the key written back where it was and removed from the others",
		Salt:      "as salt-key: a rejected key is refused at the minion's next sign-in, a deleted one comes back pending, an accepted one is let in",
		inject:    keyActionFault, undo: undoKeyAction})
}

// Ledger data keys of key-action faults.
const (
	dataDir    = "dir"    // the master's pki_dir
	dataMinion = "minion" // the minion id
	dataKeyOp  = "action" // accept, reject or delete
	// dataPrev lists the key directories that held the minion's key
	// before the action (space-separated, possibly none); each has a
	// dataKeyPrefix+dir entry "MODE BASE64" with the key text.
	dataPrev      = "prev"
	dataKeyPrefix = "key."
)

// keyOpTimeout bounds salt-key when the engine runs it itself.
const keyOpTimeout = 30 * time.Second

// keyDirs are a master's minion key directories and the state salt-key
// calls each (salt/cache/localfs_key.py BASE_MAPPING, the same in 3006
// to 3008 and in the double's internal/sim/pki).
var keyDirs = []struct{ dir, state string }{
	{"minions", "accepted"}, {"minions_pre", "pending"}, {"minions_rejected", "rejected"}, {"minions_denied", "denied"},
}

// keyOpVerbs are the actions key-action takes.
var keyOpVerbs = map[string]bool{"accept": true, "reject": true, "delete": true}

// keyStateScript prints "DIR MODE BASE64" for each key directory holding
// the minion's key. Arguments: pki_dir, minion id.
const keyStateScript = `d="$1"; id="$2"
[ -d "$d" ] || { echo "no pki dir $d" >&2; exit 1; }
for s in minions minions_pre minions_rejected minions_denied; do
  f="$d/$s/$id"
  [ -f "$f" ] && [ ! -L "$f" ] || continue
  printf '%s %s %s\n' "$s" "$(stat -c %a "$f")" "$(base64 -w0 < "$f")"
done`

// keyActionFault records where the minion's key is, with its text, then
// runs the salt-key action. The key text is what lets heal put a deleted
// or rejected key back after the runner died: salt-key itself keeps no
// copy (salt-semantics §4.1).
func keyActionFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc, dir := s.Targets[0], pkiDir(s)
	info, err := e.unpausedTarget(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	out, err := e.run(ctx, info.ID, "bash", "-ec", keyStateScript, "saltlab", dir, s.Minion)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("read the key of %s on %s: %w", s.Minion, svc, err)
	}
	data, err := parseKeyState(out)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("read the key of %s on %s: %w", s.Minion, svc, err)
	}
	for k, v := range map[string]string{dataContainer: info.ID, dataService: svc, dataDir: dir, dataMinion: s.Minion, dataKeyOp: s.KeyOp} {
		data[k] = v
	}
	en, err := e.record(s, data)
	if err != nil {
		return en, err
	}
	act := s.Act
	if act == nil {
		act = func(ctx context.Context) error {
			// The steps' command (client.SaltKeyAction) under the one
			// container-side bound, unrecorded: heal drills have no history.
			_, err := e.run(ctx, info.ID, client.SaltKeyAction(s.KeyOp, s.Minion).Argv(keyOpTimeout)...)
			return err
		}
	}
	if err := act(ctx); err != nil {
		return en, fmt.Errorf("%s the key of %s on %s: %w", s.KeyOp, s.Minion, svc, err)
	}
	e.logf("%s the key of %s on %s, was %s (fault %d)", s.KeyOp, s.Minion, svc, keyStates(data[dataPrev]), en.ID)
	return en, nil
}

// parseKeyState reads keyStateScript's output into ledger data.
func parseKeyState(out string) (map[string]string, error) {
	data := map[string]string{}
	var prev []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 || !isKeyDir(f[0]) {
			return nil, fmt.Errorf("unexpected key state line %q", line)
		}
		prev = append(prev, f[0])
		data[dataKeyPrefix+f[0]] = f[1] + " " + f[2]
	}
	data[dataPrev] = strings.Join(prev, " ")
	return data, nil
}

func isKeyDir(d string) bool {
	for _, k := range keyDirs {
		if k.dir == d {
			return true
		}
	}
	return false
}

// keyStates names the directories dirs in salt-key's words: "accepted",
// "rejected and denied", "absent".
func keyStates(dirs string) string {
	var out []string
	for _, d := range strings.Fields(dirs) {
		for _, k := range keyDirs {
			if k.dir == d {
				out = append(out, k.state)
			}
		}
	}
	if len(out) == 0 {
		return "absent"
	}
	return strings.Join(out, " and ")
}
