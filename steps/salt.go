package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// callTimeout bounds one Salt command when no tighter deadline applies.
const callTimeout = 60 * time.Second

// minionConfigScript prints /etc/salt/minion and minion.d/*.conf in Salt's
// merge order, separated as YAML documents.
const minionConfigScript = `for f in /etc/salt/minion /etc/salt/minion.d/*.conf; do [ -f "$f" ] && { echo '---'; cat "$f"; echo; }; done; true`

// salt is the scenario's Salt client: the lab's exec, recording into the
// run's history.
func (w *world) salt() client.Client {
	return client.Client{Ex: w.Lab, Rec: w.recorder()}
}

// saltCall runs salt-call fun on minion and records it: ok when it exits
// 0 with a return (the return is the value).
func (w *world) saltCall(ctx context.Context, minion string, budget time.Duration, fun string, args ...string) (saltout.CallResult, client.Outcome) {
	return w.salt().Call(ctx, minion, budget, client.SaltCall(fun, args...))
}

// saltCallVia is saltCall signed in to one master (client.SaltCallVia).
func (w *world) saltCallVia(ctx context.Context, minion, master string, budget time.Duration, fun string) (saltout.CallResult, client.Outcome) {
	return w.salt().Call(ctx, minion, budget, client.SaltCallVia(master, fun))
}

// saltJob runs `salt <target> fun args...` on master and records it: ok
// when accept holds for the returns (the value is a client.JobValue).
func (w *world) saltJob(ctx context.Context, master, target string, cliTimeout int, budget time.Duration, accept func(saltout.Returns) bool, fun string, args ...string) (saltout.Returns, map[string]int, client.Outcome) {
	return w.salt().Job(ctx, master, budget, client.Salt(target, cliTimeout, fun, args...), accept)
}

// saltKeys runs `salt-key -L` on master and records it (history.KeysValue).
func (w *world) saltKeys(ctx context.Context, master string, budget time.Duration) (saltout.KeyList, client.Outcome) {
	return w.salt().Keys(ctx, master, budget)
}

// saltKeyAction runs `salt-key -a|-d|-r <id>` on master and records it.
func (w *world) saltKeyAction(ctx context.Context, master, action, id string, budget time.Duration) client.Outcome {
	return w.salt().KeyAction(ctx, master, action, id, budget)
}

// saltFingers records master's local key fingerprints (salt-key -F).
func (w *world) saltFingers(ctx context.Context, master string, budget time.Duration) client.Outcome {
	return w.salt().Fingers(ctx, master, budget)
}

// masterOption records the value of one of master's options (salt-run
// config.get), target the option name.
func (w *world) masterOption(ctx context.Context, master, option string, budget time.Duration) (json.RawMessage, client.Outcome) {
	return w.salt().MasterOption(ctx, master, option, budget)
}

// minionConfig reads and merges a minion's Salt configuration (for bounds
// only: which master served is never taken from it).
func minionConfig(ctx context.Context, l Lab, minion string) (saltcfg.Minion, error) {
	out, err := l.Exec(ctx, minion, []string{"bash", "-c", minionConfigScript})
	if err != nil {
		return saltcfg.Minion{}, fmt.Errorf("read minion config of %s: %w", minion, err)
	}
	cfg, err := saltcfg.Parse(out.Stdout)
	if err != nil {
		return saltcfg.Minion{}, fmt.Errorf("read minion config of %s: %w", minion, err)
	}
	return cfg, nil
}

// saltVersion asks a container which Salt it runs, e.g.
// "salt-call 3006.9 (Sulfur)" or "salt-call 3006.9 (saltlab sim 0.1.0)".
func saltVersion(ctx context.Context, l Lab, service string) (string, error) {
	return client.Client{Ex: l}.Plain(ctx, service, client.SaltCall("--version"), 30*time.Second)
}

// VersionsReport is `salt --versions-report` of the lab's first master:
// Salt's release and every dependency's, for the reports.
func VersionsReport(ctx context.Context, l Lab) (string, error) {
	masters := Masters(l)
	if len(masters) == 0 {
		return "", fmt.Errorf("ask salt versions report: the lab has no master")
	}
	return client.Client{Ex: l}.Plain(ctx, masters[0], client.Salt("", 0, "--versions-report"), 60*time.Second)
}
