package scenario

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// CallTimeout bounds one Salt command when no tighter deadline applies.
const CallTimeout = 60 * time.Second

// minionConfigScript prints /etc/salt/minion and minion.d/*.conf in Salt's
// merge order, separated as YAML documents.
const minionConfigScript = `for f in /etc/salt/minion /etc/salt/minion.d/*.conf; do [ -f "$f" ] && { echo '---'; cat "$f"; echo; }; done; true`

// Salt is the scenario's Salt client: the lab's exec, recording into the
// run's history.
func (w *World) Salt() client.Client {
	return client.Client{Ex: w.Lab, Rec: w.Recorder(), Opts: w.MasterOpts}
}

// SaltCall runs salt-call fun on minion and records it: ok when it exits
// 0 with a return (the return is the value).
func (w *World) SaltCall(ctx context.Context, minion string, budget time.Duration, fun string, args ...string) (saltout.CallResult, client.Outcome) {
	return w.Salt().Call(ctx, minion, budget, client.SaltCall(fun, args...))
}

// SaltCallVia is SaltCall signed in to one master (client.SaltCallVia).
func (w *World) SaltCallVia(ctx context.Context, minion, master string, budget time.Duration, fun string) (saltout.CallResult, client.Outcome) {
	return w.Salt().Call(ctx, minion, budget, client.SaltCallVia(master, fun))
}

// SaltJob runs `salt <target> fun args...` on master and records it: ok
// when accept holds for the returns (the value is a client.JobValue).
func (w *World) SaltJob(ctx context.Context, master, target string, cliTimeout int, budget time.Duration, accept func(saltout.Returns) bool, fun string, args ...string) (saltout.Returns, map[string]int, client.Outcome) {
	return w.Salt().Job(ctx, master, budget, client.Salt(target, cliTimeout, fun, args...), accept)
}

// SaltKeys runs `salt-key -L` on master and records it (history.KeysValue).
func (w *World) SaltKeys(ctx context.Context, master string, budget time.Duration) (saltout.KeyList, client.Outcome) {
	return w.Salt().Keys(ctx, master, budget)
}

// SaltKeyAction runs `salt-key -a|-d|-r <id>` on master and records it.
func (w *World) SaltKeyAction(ctx context.Context, master, action, id string, budget time.Duration) client.Outcome {
	return w.Salt().KeyAction(ctx, master, action, id, budget)
}

// SaltFingers records master's local key fingerprints (salt-key -F).
func (w *World) SaltFingers(ctx context.Context, master string, budget time.Duration) client.Outcome {
	return w.Salt().Fingers(ctx, master, budget)
}

// MasterOption records the value of one of master's options (salt-run
// config.get), target the option name.
func (w *World) MasterOption(ctx context.Context, master, option string, budget time.Duration) (json.RawMessage, client.Outcome) {
	return w.Salt().MasterOption(ctx, master, option, budget)
}

// MinionConfig reads and merges a minion's Salt configuration (for bounds
// only: which master served is never taken from it).
func MinionConfig(ctx context.Context, l Lab, minion string) (saltcfg.Minion, error) {
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

// SaltVersionOn asks a container which Salt it runs, e.g.
// "salt-call 3006.9 (Sulfur)" or "salt-call 3006.9 (saltlab sim 0.1.0)".
func SaltVersionOn(ctx context.Context, l Lab, service string) (string, error) {
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

// SaltVersion asks the first minion (or master) which Salt it runs.
func SaltVersion(ctx context.Context, l Lab) (string, error) {
	targets := append(Minions(l), Masters(l)...)
	if len(targets) == 0 {
		return "", fmt.Errorf("ask salt version: the lab has no Salt services")
	}
	return SaltVersionOn(ctx, l, targets[0])
}
