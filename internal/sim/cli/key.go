package cli

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/outputter"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

func keyFlags() []flag {
	return withUnmodelled("salt-key",
		flag{names: []string{"--list", "-l"}, value: true},
		flag{names: []string{"--list-all", "-L"}},
		flag{names: []string{"--accept", "-a"}, value: true},
		flag{names: []string{"--accept-all", "-A"}},
		flag{names: []string{"--reject", "-r"}, value: true},
		flag{names: []string{"--reject-all", "-R"}},
		flag{names: []string{"--delete", "-d"}, value: true},
		flag{names: []string{"--delete-all", "-D"}},
		flag{names: []string{"--finger", "-f"}, value: true},
		flag{names: []string{"--finger-all", "-F"}},
		flag{names: []string{"--yes", "-y"}},
		flag{names: []string{"--include-rejected"}},
		flag{names: []string{"--include-denied"}},
		flag{names: []string{"--include-accepted"}},
		flag{names: []string{"--include-all"}},
		flag{names: []string{"--quiet", "-q"}},
		flag{names: []string{"--gen-keys"}, value: true},
		flag{names: []string{"--gen-keys-dir"}, value: true},
		flag{names: []string{"--gen-signature"}},
		flag{names: []string{"--auto-create"}},
	)
}

// keyLabel is salt/output/key.py's heading per key directory.
func keyLabel(dir string) string {
	switch dir {
	case "local":
		return "Local Keys:"
	case "minions":
		return "Accepted Keys:"
	case "minions_denied":
		return "Denied Keys:"
	case "minions_pre":
		return "Unaccepted Keys:"
	case "minions_rejected":
		return "Rejected Keys:"
	}
	return dir + ":"
}

// runKey is salt-key (§4.1). It works on pki_dir directly and exits 0 in
// practically all cases.
func runKey(_ context.Context, e *Env, args []string) int {
	p, err := parse(args, keyFlags())
	if err != nil {
		return usageError(e, "salt-key", err)
	}
	opts, code, done := preamble(e, "salt-key", p, config.Master)
	if done {
		return code
	}
	out, err := outOptions(p)
	if err != nil {
		return usageError(e, "salt-key", err)
	}
	rel, err := e.release()
	if err != nil {
		fmt.Fprintln(e.Stderr, err)
		return 1
	}
	k := &keyCmd{e: e, p: p, opts: opts, out: out, dirs: pki.KeyDirs{Root: opts.Str("pki_dir")}, in: bufio.NewReader(e.Stdin), release: rel}
	lc := localclient.New(opts, 0)
	k.fire = func(act, id string) {
		// With the master down the event is simply lost.
		_ = lc.FireKey(act, id)
	}
	switch {
	case p.has("--gen-keys"):
		return genKeys(e, p.str("--gen-keys-dir", "."), p.str("--gen-keys", ""))
	case p.has("--gen-signature"):
		return genSignature(e, opts, p.has("--auto-create"))
	case p.has("--accept"), p.has("--accept-all"):
		k.accept(p.str("--accept", "*"))
	case p.has("--reject"), p.has("--reject-all"):
		k.reject(p.str("--reject", "*"))
	case p.has("--delete"), p.has("--delete-all"):
		k.delete(p.str("--delete", "*"))
	case p.has("--finger"), p.has("--finger-all"):
		k.finger(p.str("--finger", "*"))
	case p.has("--list"):
		k.list(p.str("--list", "all"))
	default:
		k.list("all")
	}
	return 0
}

type keyCmd struct {
	e    *Env
	p    parsed
	opts config.Opts
	out  outputter.Options
	dirs pki.KeyDirs
	in   *bufio.Reader
	fire func(act, id string)
	// release decides what the drop file holds (simver.Release.DropFileNamesMaster).
	release simver.Release
}

// selection maps key directory → ids, rendered by the key outputter.
type selection map[pki.Status][]string

func (k *keyCmd) print(sel selection, fingers map[string]map[string]string) {
	if k.out.Out == "json" {
		m := jsonout.NewMap()
		for _, s := range pki.AllStatuses() {
			if ids, ok := sel[s]; ok {
				if fingers != nil {
					fm := jsonout.NewMap()
					for _, id := range ids {
						fm.Set(id, fingers[string(s)][id])
					}
					m.Set(string(s), fm)
				} else {
					m.Set(string(s), ids)
				}
			}
		}
		if loc, ok := fingers["local"]; ok {
			fm := jsonout.NewMap()
			for _, n := range sortedKeys(loc) {
				fm.Set(n, loc[n])
			}
			m.Set("local", fm)
		}
		printDoc(k.e, m, k.out)
		return
	}
	names := []string{}
	for s := range sel {
		names = append(names, string(s))
	}
	if _, ok := fingers["local"]; ok {
		names = append(names, "local")
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintln(k.e.Stdout, keyLabel(n))
		ids := sel[pki.Status(n)]
		if n == "local" {
			ids = sortedKeys(fingers["local"])
		}
		for _, id := range ids {
			if fingers != nil {
				fmt.Fprintf(k.e.Stdout, "%s:  %s\n", id, fingers[n][id])
			} else {
				fmt.Fprintln(k.e.Stdout, id)
			}
		}
	}
}

func (k *keyCmd) list(which string) {
	sel := selection{}
	for _, s := range statusesFor(which) {
		sel[s] = k.dirs.List(s)
	}
	k.print(sel, nil)
}

func statusesFor(which string) []pki.Status {
	switch strings.ToLower(which) {
	case "acc", "accepted":
		return []pki.Status{pki.Accepted}
	case "pre", "un", "unaccepted":
		return []pki.Status{pki.Pending}
	case "rej", "rejected":
		return []pki.Status{pki.Rejected}
	case "den", "denied":
		return []pki.Status{pki.Denied}
	}
	return pki.AllStatuses()
}

func (k *keyCmd) match(glob string, from []pki.Status) selection {
	sel := selection{}
	for _, s := range from {
		if ids := k.dirs.Match(s, glob); len(ids) > 0 {
			sel[s] = ids
		}
	}
	return sel
}

// confirm prints the listing and asks unless --yes; defYes picks the default.
func (k *keyCmd) confirm(verb string, sel selection, defYes bool) bool {
	fmt.Fprintf(k.e.Stdout, "The following keys are going to be %s:\n", verb)
	k.print(sel, nil)
	if k.p.has("--yes") {
		return true
	}
	prompt := "Proceed? [N/y] "
	if defYes {
		prompt = "Proceed? [n/Y] "
	}
	fmt.Fprint(k.e.Stdout, prompt)
	line, _ := k.in.ReadString('\n')
	ans := strings.ToLower(strings.TrimSpace(line))
	if ans == "" {
		return defYes
	}
	return strings.HasPrefix(ans, "y")
}

func (k *keyCmd) accept(glob string) {
	from := []pki.Status{pki.Pending}
	if k.p.has("--include-rejected") || k.p.has("--include-all") {
		from = append(from, pki.Rejected)
	}
	if k.p.has("--include-denied") || k.p.has("--include-all") {
		from = append(from, pki.Denied)
	}
	sel := k.match(glob, from)
	if len(sel) == 0 {
		fmt.Fprintf(k.e.Stdout, "The key glob '%s' does not match any unaccepted keys.\n", glob)
		return
	}
	if !k.confirm("accepted", sel, true) {
		return
	}
	k.apply(sel, pki.Accepted, "accepted")
}

func (k *keyCmd) reject(glob string) {
	from := []pki.Status{pki.Pending}
	msg := "unaccepted"
	if k.p.has("--include-accepted") || k.p.has("--include-all") {
		from = append(from, pki.Accepted)
		msg = "unaccepted or accepted"
	}
	sel := k.match(glob, from)
	if len(sel) == 0 {
		fmt.Fprintf(k.e.Stdout, "The key glob '%s' does not match any %s keys.\n", glob, msg)
		return
	}
	if !k.confirm("rejected", sel, true) {
		return
	}
	k.apply(sel, pki.Rejected, "rejected")
	// Key.reject rotates too (salt/key.py): a rejected minion that is
	// still connected loses the session key at the next rotation.
	k.dropFile()
}

func (k *keyCmd) delete(glob string) {
	sel := k.match(glob, pki.AllStatuses())
	if len(sel) == 0 {
		fmt.Fprintf(k.e.Stdout, "The key glob '%s' does not match any accepted, unaccepted or rejected keys.\n", glob)
		return
	}
	if !k.confirm("deleted", sel, false) {
		return
	}
	for _, s := range pki.AllStatuses() {
		for _, id := range sel[s] {
			if err := k.dirs.Remove(s, id); err != nil {
				fmt.Fprintf(k.e.Stderr, "Error: %v\n", err)
				continue
			}
			fmt.Fprintf(k.e.Stdout, "Key for minion %s deleted.\n", id)
			k.fire("delete", id)
		}
	}
	k.dropFile()
}

// dropFile asks the running master to rotate its AES key, as Key.delete_key
// and Key.reject do with rotate_aes_key (default True): every minion of this master
// re-authenticates on its next publication (§4.1). From 3007 the file holds
// the master's id (salt/key.py: salt.crypt.dropfile(cachedir, user,
// opts["id"]); salt/crypt.py dropfile writes master_id, mode 0400).
func (k *keyCmd) dropFile() {
	if !k.opts.Bool("rotate_aes_key") {
		return
	}
	var body []byte
	if k.release.DropFileNamesMaster() {
		id, err := config.MasterID(k.opts, k.e.Hostname)
		if err != nil {
			fmt.Fprintf(k.e.Stderr, "[ERROR   ] Failed to request an AES key rotation: %v\n", err)
			return
		}
		body = []byte(id)
	}
	path := filepath.Join(k.opts.Str("cachedir"), master.DropFile)
	if _, err := os.Stat(path); err == nil && k.release.DropFileNamesMaster() {
		// 3007's dropfile keeps a pending request, whoever it names.
		return
	}
	err := os.MkdirAll(filepath.Dir(path), 0o755)
	if err == nil {
		_ = os.Remove(path) // a leftover read-only drop file
		err = os.WriteFile(path, body, 0o400)
	}
	if err != nil {
		fmt.Fprintf(k.e.Stderr, "[ERROR   ] Failed to request an AES key rotation: %v\n", err)
	}
}

func (k *keyCmd) apply(sel selection, to pki.Status, verb string) {
	for _, s := range pki.AllStatuses() {
		for _, id := range sel[s] {
			if err := k.dirs.Move(s, to, id); err != nil {
				fmt.Fprintf(k.e.Stderr, "Error: %v\n", err)
				continue
			}
			fmt.Fprintf(k.e.Stdout, "Key for minion %s %s.\n", id, verb)
			k.fire(strings.TrimSuffix(verb, "ed"), id)
		}
	}
}

// finger prints pem_finger for matching keys; only categories with a
// match appear and "local" (master.pem/.pub) comes last in JSON.
func (k *keyCmd) finger(glob string) {
	sel := k.match(glob, pki.AllStatuses())
	fingers := map[string]map[string]string{}
	for s, ids := range sel {
		fingers[string(s)] = map[string]string{}
		for _, id := range ids {
			fingers[string(s)][id] = pki.FingerFile(k.dirs.Path(s, id))
		}
	}
	// salt/key.py local_keys: every *.pem and *.pub file in pki_dir, so
	// master_sign.pem/.pub appear too where the master signs its key.
	for _, n := range localKeyFiles(k.dirs.Root) {
		if ok, _ := path.Match(glob, n); ok {
			if fingers["local"] == nil {
				fingers["local"] = map[string]string{}
			}
			fingers["local"][n] = pki.FingerFile(filepath.Join(k.dirs.Root, n))
		}
	}
	k.print(sel, fingers)
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// localKeyFiles is salt/key.py Key.local_keys: the *.pem and *.pub regular
// files of pki_dir, sorted case-insensitively.
func localKeyFiles(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".pem") || strings.HasSuffix(n, ".pub")) {
			out = append(out, n)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i]) < strings.ToLower(out[j]) })
	return out
}
