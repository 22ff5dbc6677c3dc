package steps

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/saltcfg"
	"github.com/saltlab/saltlab/internal/saltout"
)

// callTimeout bounds one salt-call when no tighter deadline applies.
const callTimeout = 60 * time.Second

// minionConfigScript prints /etc/salt/minion and minion.d/*.conf in Salt's
// merge order, separated as YAML documents.
const minionConfigScript = `for f in /etc/salt/minion /etc/salt/minion.d/*.conf; do [ -f "$f" ] && { echo '---'; cat "$f"; echo; }; done; true`

// inContainerTimeout wraps argv in coreutils timeout, because cancelling a
// docker exec does not stop the process inside the container.
func inContainerTimeout(d time.Duration, argv ...string) []string {
	secs := int(math.Ceil(d.Seconds()))
	if secs < 1 {
		secs = 1
	}
	return append([]string{"timeout", "-k", "2", strconv.Itoa(secs)}, argv...)
}

// saltCall runs `salt-call --out=json <fun> args...` on minion, bounded by d.
func saltCall(ctx context.Context, l Lab, minion string, d time.Duration, fun string, args ...string) (saltout.CallResult, Output, error) {
	argv := inContainerTimeout(d, append([]string{"salt-call", "--out=json", fun}, args...)...)
	out, err := l.Exec(ctx, minion, argv)
	if err != nil {
		return saltout.CallResult{}, out, fmt.Errorf("run salt-call %s on %s: %w", fun, minion, err)
	}
	if out.ExitCode != 0 {
		return saltout.CallResult{}, out, fmt.Errorf("salt-call %s on %s exited %d: %s", fun, minion, out.ExitCode, lastLine(out.Stderr, out.Stdout))
	}
	r, err := saltout.ParseCall(out.Stdout)
	return r, out, err
}

// minionConfig reads and merges a minion's Salt configuration.
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
	out, err := l.Exec(ctx, service, inContainerTimeout(30*time.Second, "salt-call", "--version"))
	if err != nil {
		return "", fmt.Errorf("ask salt version on %s: %w", service, err)
	}
	if out.ExitCode != 0 {
		return "", fmt.Errorf("salt-call --version on %s exited %d: %s", service, out.ExitCode, lastLine(out.Stderr, out.Stdout))
	}
	return strings.TrimSpace(out.Stdout), nil
}

// VersionsReport is `salt --versions-report` of the lab's first master:
// Salt's release and every dependency's, for the reports.
func VersionsReport(ctx context.Context, l Lab) (string, error) {
	masters := byPrefix(l, masterPrefix)
	if len(masters) == 0 {
		return "", fmt.Errorf("ask salt versions report: the lab has no master")
	}
	out, err := l.Exec(ctx, masters[0], inContainerTimeout(60*time.Second, "salt", "--versions-report"))
	if err != nil {
		return "", fmt.Errorf("ask salt versions report on %s: %w", masters[0], err)
	}
	if out.ExitCode != 0 {
		return "", fmt.Errorf("salt --versions-report on %s exited %d: %s", masters[0], out.ExitCode, lastLine(out.Stderr, out.Stdout))
	}
	return strings.TrimSpace(out.Stdout), nil
}

// lastLine returns the last non-empty line of the first non-empty text.
func lastLine(texts ...string) string {
	for _, t := range texts {
		lines := strings.Split(strings.TrimSpace(t), "\n")
		if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
			return l
		}
	}
	return "(no output)"
}
