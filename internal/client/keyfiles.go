package client

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// keyFilesScript prints a "<folder>\t<id>" line for every key in
// salt-key's four key folders under $1, chosen as Salt 3008's key store
// chooses them (salt/cache/localfs_key.py list_all and list_, which
// salt/key.py list_keys reads): regular files, not links, whose names
// hold no backslash (salt.utils.verify.valid_id); in minions,
// minions_pre and minions_rejected not those whose names begin with a
// dot, in minions_denied all but .key_cache. A folder not made yet lists
// nothing. Bash alone: no Salt process, whose start-up (imports,
// configuration, loaders) is about a second of CPU on real Salt, where
// the lab lists keys some 30 times a run.
const keyFilesScript = `for d in minions minions_pre minions_rejected minions_denied; do
	for f in "$1/$d"/* "$1/$d"/.[!.]* "$1/$d"/..?*; do
		[ -f "$f" ] && [ ! -L "$f" ] || continue
		n=${f##*/}
		case $d:$n in minions_denied:.key_cache | *\\*) continue ;; minions_denied:*) ;; *:.*) continue ;; esac
		printf '%s\t%s\n' "$d" "$n"
	done
done
exit 0`

// KeyFilesArgv lists the keys under dir as KeyFiles does (ParseKeyFiles
// reads what it prints).
func KeyFilesArgv(dir string) []string {
	return []string{"bash", "-c", keyFilesScript, "key-files", dir}
}

// keyDir is the directory whose key folders salt-key on master lists,
// from the master's one reading of its options, when its keys are files
// there: Salt 3008's key store is a cache whose default driver,
// localfs_key, keeps them in the folders under cluster_pki_dir on a peer
// of a master cluster (cluster_id set) and else under pki_dir
// (salt/cache/localfs_key.py). ok is false without a reading, with
// another driver (mmap_key keeps no such files), and on a release
// without the store (no keys.cache_driver: its salt-key listed the
// folders by other rules), where salt-key -L runs instead.
func (c Client) keyDir(ctx context.Context, master string, budget time.Duration) (string, bool) {
	if c.Opts == nil {
		return "", false
	}
	opts, _, ok := c.Opts.of(ctx, c, master, budget)
	if !ok {
		return "", false
	}
	var driver string
	if json.Unmarshal(opts["keys.cache_driver"], &driver) != nil || driver != "localfs_key" {
		return "", false
	}
	option := "pki_dir"
	var id any
	if json.Unmarshal(opts["cluster_id"], &id) == nil && id != nil && id != "" && id != false {
		option = "cluster_pki_dir"
	}
	var dir string
	if json.Unmarshal(opts[option], &dir) != nil || !strings.HasPrefix(dir, "/") {
		return "", false
	}
	return dir, true
}

// KeyFiles lists the minion keys in dir's key folders on master and
// records the list as history.KeyFilesOp (history.KeysValue, with the
// directory read): the evidence salt-key -L gives, read from where
// salt-key reads it.
func (c Client) KeyFiles(ctx context.Context, master, dir string, budget time.Duration) (saltout.KeyList, Outcome) {
	var keys saltout.KeyList
	o := c.Rec.Do(ctx, Op{F: history.KeyFilesOp, Node: master}, func(ctx context.Context) Outcome {
		out, err := RunBounded(ctx, c.Ex, master, budget, KeyFilesArgv(dir)...)
		switch {
		case err != nil:
			return Indeterminate(fmt.Sprintf("list the keys under %s on %s: %v", dir, master, err))
		case out.ExitCode == ExitTimedOut:
			return Indeterminate(fmt.Sprintf("list the keys under %s on %s: timed out after %s", dir, master, budget.Round(time.Second)))
		case out.ExitCode != 0:
			return Failed(nil, "list the keys under %s: exit %d: %s", dir, out.ExitCode, LastLine(out.Stderr, out.Stdout))
		}
		if keys, err = ParseKeyFiles(out.Stdout); err != nil {
			return Failed(nil, "%v", err)
		}
		v := keysValue(keys)
		v.Dir = dir
		return Succeeded(v)
	})
	return keys, o
}

// ParseKeyFiles reads keyFilesScript's lines into salt-key -L's lists as
// Salt's key store makes them: an id in several of minions, minions_pre
// and minions_rejected is listed once, in the last (the store maps each
// id to one state); every list sorted ignoring case, and empty rather
// than absent.
func ParseKeyFiles(stdout string) (saltout.KeyList, error) {
	states := map[string]string{}
	var order []string
	k := saltout.KeyList{Accepted: []string{}, Pending: []string{}, Rejected: []string{}, Denied: []string{}}
	for _, line := range strings.Split(stdout, "\n") {
		if line == "" {
			continue
		}
		folder, id, ok := strings.Cut(line, "\t")
		switch {
		case !ok || id == "":
			return saltout.KeyList{}, fmt.Errorf("parse a key folder listing: unexpected line %q", line)
		case folder == "minions_denied":
			k.Denied = append(k.Denied, id)
		case folder == "minions", folder == "minions_pre", folder == "minions_rejected":
			if _, seen := states[id]; !seen {
				order = append(order, id)
			}
			states[id] = folder
		default:
			return saltout.KeyList{}, fmt.Errorf("parse a key folder listing: unexpected line %q", line)
		}
	}
	lists := map[string]*[]string{"minions": &k.Accepted, "minions_pre": &k.Pending, "minions_rejected": &k.Rejected}
	for _, id := range order {
		*lists[states[id]] = append(*lists[states[id]], id)
	}
	for _, list := range []*[]string{&k.Accepted, &k.Pending, &k.Rejected, &k.Denied} {
		slices.SortStableFunc(*list, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	}
	return k, nil
}
