package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/saltout"
)

// momCLITimeout is `salt -t` for jobs sent through syndics: the CLI also
// waits syndic_wait (5 s) and, for silent ids, gather_job_timeout.
const momCLITimeout = 10

// saltOnMaster runs `salt --out=json -t<momCLITimeout> '*' <fun> args...` on
// master and counts the documents per minion id.
func saltOnMaster(ctx context.Context, w *world, master, fun string, args ...string) (saltout.Returns, map[string]int, error) {
	argv := inContainerTimeout(callTimeout, append([]string{"salt", "--out=json", fmt.Sprintf("-t%d", momCLITimeout), "*", fun}, args...)...)
	out, err := w.Lab.Exec(ctx, master, argv)
	if err != nil {
		return nil, nil, fmt.Errorf("run salt %s on %s: %w", fun, master, err)
	}
	rets, _, err := saltout.ParseStream(out.Stdout)
	if err != nil {
		return nil, nil, fmt.Errorf("salt %s on %s exited %d: %w", fun, master, out.ExitCode, err)
	}
	counts, err := saltout.CountDocs(out.Stdout)
	if err != nil {
		return nil, nil, err
	}
	w.logf("salt '*' %s on %s exited %d; documents per id: %v", fun, master, out.ExitCode, counts)
	return rets, counts, nil
}

// onceEach describes every lab minion that is not in the stream exactly once
// with an answer accepted by ok.
func onceEach(ms []string, rets saltout.Returns, counts map[string]int, ok func(string) bool) []string {
	var bad []string
	for _, m := range ms {
		switch {
		case counts[m] == 0:
			bad = append(bad, m+": no document")
		case counts[m] > 1:
			bad = append(bad, fmt.Sprintf("%s: %d documents (the job ran more than once)", m, counts[m]))
		case !ok(m):
			bad = append(bad, fmt.Sprintf("%s: returned %s", m, clipRaw(string(rets[m]))))
		}
	}
	return bad
}

// masterReachesEveryMinionOnce: `salt '*' test.ping` on a master of masters
// reaches every minion through the syndics, and each minion answers exactly
// once although it receives the job from two syndic masters (jid dedup,
// salt-semantics §6.3). Ids that are not lab minions (the syndics' own ids,
// accepted keys on the MoM) are ignored.
func masterReachesEveryMinionOnce(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	ms := minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	rets, counts, err := saltOnMaster(ctx, w, master, "test.ping")
	if err != nil {
		return err
	}
	if bad := onceEach(ms, rets, counts, rets.True); len(bad) > 0 {
		return fmt.Errorf("expected every minion to answer test.ping from %s exactly once with true; observed: %s", master, strings.Join(bad, "; "))
	}
	return nil
}

// masterAppendsMarker runs a job on every minion through master that appends
// one line to a fresh marker file, and remembers the file.
func masterAppendsMarker(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	marker := fmt.Sprintf("/tmp/saltlab-marker-%d", time.Now().UnixNano())
	rets, counts, err := saltOnMaster(ctx, w, master, "cmd.run", "echo ran >> "+marker)
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.marker = marker
	w.mu.Unlock()
	if bad := onceEach(minions(w.Lab), rets, counts, rets.Responded); len(bad) > 0 {
		return fmt.Errorf("expected every minion to return the cmd.run job from %s exactly once; observed: %s", master, strings.Join(bad, "; "))
	}
	return nil
}

// markerHasOneLine checks on every minion that the job appended exactly one
// line: it executed once, not once per syndic.
func markerHasOneLine(ctx context.Context) error {
	w := worldFrom(ctx)
	w.mu.Lock()
	marker := w.marker
	w.mu.Unlock()
	if marker == "" {
		return fmt.Errorf("no marker job ran in this scenario; run the job step first")
	}
	var bad []string
	for _, m := range minions(w.Lab) {
		out, err := w.Lab.Exec(ctx, m, []string{"cat", marker})
		if err != nil {
			return fmt.Errorf("read %s on %s: %w", marker, m, err)
		}
		if n := strings.Count(out.Stdout, "\n"); out.ExitCode != 0 || n != 1 {
			bad = append(bad, fmt.Sprintf("%s: cat exited %d with %d lines", m, out.ExitCode, n))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("expected exactly one line in %s on every minion; observed: %s", marker, strings.Join(bad, "; "))
	}
	return nil
}
