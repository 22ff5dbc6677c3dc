package runner

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/run/settings"
)

// fakeEngine answers the Docker Engine API calls a bring-up makes before it
// creates anything (ping, and the listings that look for leftovers) with
// an empty engine; any other call is recorded, so a test can tell that
// nothing was created.
type fakeEngine struct {
	mu    sync.Mutex
	other []string
}

func (f *fakeEngine) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Api-Version", "1.41")
	w.Header().Set("Content-Type", "application/json")
	switch p := r.URL.Path; {
	case strings.HasSuffix(p, "/_ping"):
		_, _ = io.WriteString(w, "OK")
	case strings.HasSuffix(p, "/containers/json"), strings.HasSuffix(p, "/networks"):
		_, _ = io.WriteString(w, "[]")
	case strings.HasSuffix(p, "/volumes"):
		_, _ = io.WriteString(w, `{"Volumes": [], "Warnings": null}`)
	default:
		f.mu.Lock()
		f.other = append(f.other, r.Method+" "+p)
		f.mu.Unlock()
		http.Error(w, `{"message": "fake engine: not served"}`, http.StatusInternalServerError)
	}
}

// TestRunThatNeverStartedLeavesNothing: `up` and `run` whose images
// cannot be had (here: a checkout without images/) fail before bring-up,
// and leave no reports/<run id>/, no private directory and no object on
// the engine.
func TestRunThatNeverStartedLeavesNothing(t *testing.T) {
	engine := &fakeEngine{}
	srv := httptest.NewServer(engine)
	defer srv.Close()
	t.Setenv("DOCKER_HOST", "tcp://"+strings.TrimPrefix(srv.URL, "http://"))
	t.Setenv("DOCKER_TLS_VERIFY", "")
	t.Setenv("DOCKER_CERT_PATH", "")

	for _, verb := range []string{"up", "run"} {
		t.Run(verb, func(t *testing.T) {
			reports, state := t.TempDir(), t.TempDir()
			cfg := settings.Config{RepoRoot: t.TempDir(), Topology: "hot", Compose: "../../../compose/hot/compose.yaml", Flavor: images.FlavorSim,
				ReportsDir: reports, StateDir: state, RunID: "never-" + verb, Features: []string{"../../../features"}}
			var err error
			if verb == "up" {
				_, err = Up(context.Background(), cfg)
			} else {
				var res Result
				res, err = Run(context.Background(), cfg)
				assert.Empty(t, res.RunDir, "no run directory to point at")
			}
			require.ErrorContains(t, err, "resolve salt flavour")
			assert.NoDirExists(t, filepath.Join(reports, "never-"+verb), "no reports/<run id>/ for a run that never started")
			entries, rerr := os.ReadDir(state)
			require.NoError(t, rerr)
			for _, e := range entries {
				assert.Equal(t, owned.Marker, e.Name(), "no private directory left, only the state folder's marker")
			}
			engine.mu.Lock()
			defer engine.mu.Unlock()
			assert.Empty(t, engine.other, "nothing was created on the engine")
		})
	}
}
