package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
	"github.com/saltlab/saltlab/internal/scenario"
)

// parityOptions are the master options compared by value: who may do what
// through salt-api and the CLIs, and which minion may call which master
// function (salt-semantics §5.1; salt/config/__init__.py).
func parityOptions() []string {
	return []string{"external_auth", "publisher_acl", "peer", "peer_run"}
}

// parityRoots are the roots options compared file by file.
func parityRoots() []string { return []string{"file_roots", "pillar_roots"} }

// rootsDigestScript prints sha256sum of every regular file under the
// directories given as arguments (missing ones skipped: Salt skips them
// too), in a stable order.
const rootsDigestScript = `for d in "$@"; do [ -d "$d" ] && find "$d" -type f -print0; done | sort -z | xargs -0 -r sha256sum --`

// rootDirs are the directories of a roots option's value ({env: [dirs]}),
// every environment's, sorted and without repeats.
func rootDirs(raw json.RawMessage) ([]string, error) {
	var roots map[string][]string
	if err := json.Unmarshal(raw, &roots); err != nil {
		return nil, fmt.Errorf("read roots %s: %w", raw, err)
	}
	var dirs []string
	for _, ds := range roots {
		dirs = append(dirs, ds...)
	}
	slices.Sort(dirs)
	return slices.Compact(dirs), nil
}

// recordRoots records the digest of every file under master's roots
// option (read with config.get), target the option.
func (w *world) recordRoots(ctx context.Context, master, option string) {
	raw, o := w.MasterOption(ctx, master, option, keyOpTimeout)
	if !o.OK() {
		return
	}
	dirs, derr := rootDirs(raw)
	w.Op(ctx, history.RootsDigestOp, master, option, func(ctx context.Context) client.Outcome {
		if derr != nil {
			return client.Failed(nil, "%v", derr)
		}
		out, err := client.RunBounded(ctx, w.Lab, master, keyOpTimeout, append([]string{"bash", "-c", rootsDigestScript, "roots"}, dirs...)...)
		switch {
		case err != nil:
			return client.Indeterminate(fmt.Sprintf("digest %s on %s: %v", option, master, err))
		case out.ExitCode != 0:
			return client.Failed(nil, "digest %s: exit %d: %s", option, out.ExitCode, client.LastLine(out.Stderr))
		}
		files, err := saltout.ParseSums(out.Stdout)
		if err != nil {
			return client.Failed(nil, "%v", err)
		}
		return client.Succeeded(history.RootsDigest{Dirs: dirs, Files: files})
	})
}

// everyMasterSameConfig records, per master, the access-control options
// and a digest of every file under file_roots and pillar_roots, and judges
// that they are the same on every master (checker.Parity).
func everyMasterSameConfig(ctx context.Context) error {
	w := worldFrom(ctx)
	from := w.History.Next()
	for _, m := range scenario.Masters(w.Lab) {
		for _, opt := range parityOptions() {
			w.MasterOption(ctx, m, opt, keyOpTimeout)
		}
		for _, r := range parityRoots() {
			w.recordRoots(ctx, m, r)
		}
	}
	return w.Judge(checker.NameParity, checker.ParityParams{From: from, To: w.History.Next(), Masters: scenario.Masters(w.Lab),
		Options: parityOptions(), Roots: parityRoots()}, "", false)
}
