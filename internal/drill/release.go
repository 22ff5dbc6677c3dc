package drill

import (
	"context"
	"os"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/debrief"
)

// release asks a minion of the lab which Salt it runs (`salt-call
// --version`), so the debrief and the report name the release, not only
// the flavour.
func (s *Session) release(ctx context.Context) string {
	for _, sv := range s.Progress.Services {
		if !strings.HasPrefix(sv, "salt-minion-") {
			continue
		}
		v, err := client.Client{Ex: execer{s.lab}}.Plain(ctx, sv, client.SaltCall("--version"), 30*time.Second)
		if err == nil && v != "" {
			return strings.TrimPrefix(v, "salt-call ")
		}
	}
	return "unknown release"
}

// runInfo is what the report says of the run besides the drill.
func (s *Session) runInfo(ctx context.Context) debrief.Run {
	r := debrief.Run{Project: s.state.Project}
	r.Host, _ = os.Hostname()
	if v, err := s.live.Cli.ServerVersion(ctx); err == nil {
		r.Engine = v.Version
	}
	return r
}
