//go:build docker

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// gateTimeout bounds one run of the gate's job on real Salt: bring-up and
// four scenarios of up to three highstates per minion on two cores.
const gateTimeout = 30 * time.Minute

// jobCommands are the command lines of docs/ci-gate.md's "The job's
// commands" block: what both documented CI jobs run, and what this test
// runs, so the page cannot drift from what was tested.
func jobCommands(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "ci-gate.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)## The job's commands.*?```sh\n(.*?)```").FindSubmatch(b)
	require.NotNil(t, m, "docs/ci-gate.md has a ```sh block under \"## The job's commands\"")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(m[1])), "\n") {
		lines = append(lines, strings.TrimSpace(l))
	}
	require.Len(t, lines, 2, "build, then run")
	return lines
}

// userRepo lays out a user's Salt repository as the jobs check it out:
// salt/ and pillar/ (the examples, plus extra files), saltlab/ beside them.
func userRepo(t *testing.T, extra map[string]string) string {
	t.Helper()
	root, err := filepath.Abs(repoRoot)
	require.NoError(t, err)
	repo := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(repo, "salt"), os.DirFS(filepath.Join(root, "examples", "states"))))
	require.NoError(t, os.CopyFS(filepath.Join(repo, "pillar"), os.DirFS(filepath.Join(root, "examples", "pillar"))))
	for name, body := range extra {
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), []byte(body), 0o644))
	}
	require.NoError(t, os.Symlink(root, filepath.Join(repo, "saltlab")))
	return repo
}

// runJob runs the job's lines in repo with sh, as a CI runner would, and
// returns the output with the run's whole console (consoleOf), the exit
// code and the run's JUnit.
func runJob(t *testing.T, repo string) (string, int, report.Suites) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), gateTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-ec", strings.Join(jobCommands(t), "\n"))
	cmd.Dir = repo
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err, "%s", tail(string(out), 60))
	}
	files, err := filepath.Glob(filepath.Join(repo, "reports", "*", "junit.xml"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one run's reports: %s", tail(string(out), 60))
	junit, err := report.ReadJUnit(files[0])
	require.NoError(t, err)
	return consoleOf(filepath.Dir(files[0]), out), code, junit
}

// stateCases are the JUnit cases of states ("minion: id") and their failures.
func stateCases(junit report.Suites) map[string]string {
	out := map[string]string{}
	for _, s := range junit.Suites {
		for _, c := range s.Cases {
			if !strings.Contains(c.Name, ": ") || !strings.Contains(c.Classname, ".") {
				continue
			}
			out[c.Name] = ""
			if c.Failure != nil {
				out[c.Name] = c.Failure.Message + "\n" + c.Failure.Body
			}
		}
	}
	return out
}

// TestCIGateJobCommands runs docs/ci-gate.md's job on real Salt: the
// examples pass with one JUnit case per state id of every minion, and a
// seeded render error fails naming its file and line. (A seeded
// non-idempotent state is judged on real Salt's captured output in the
// steps' tests; a third real lab here would cost CI minutes for no
// other code path.)
func TestCIGateJobCommands(t *testing.T) {
	parallelRealLab(t)
	requireIndex(t)
	out, code, junit := runJob(t, userRepo(t, nil))
	require.Equal(t, 0, code, "%s", tail(out, 80))
	assertAllPassed(t, junit)
	cases := stateCases(junit)
	for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
		for _, id := range []string{"motd", "app-dir", "app-config", "app-stamp"} {
			assert.Contains(t, cases, m+": "+id)
		}
	}

	out, code, _ = runJob(t, userRepo(t, map[string]string{
		"salt/top.sls":    "base:\n  '*':\n    - broken\n",
		"salt/broken.sls": "broken:\n  file.managed:\n    - name: /tmp/broken\n    - contents: {{ pillar['app']['missing_key'] }}\n",
	}))
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "render error in broken.sls or broken/init.sls, line 4")
}
