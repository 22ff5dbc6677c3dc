//go:build docker

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
)

// assertSaltLogsSaved checks that a finished failover run kept the log
// files Salt's daemons wrote in the masters and minions
// (logs/<lab prefix><service>/salt-<daemon>.log, one prefix per lab of
// the run: "" for one lab, "lab1-" ... for several), that summary.json and
// report.html name them, and that nothing but such files (no key
// material) was copied.
func assertSaltLogsSaved(t *testing.T, runDir string, labPrefixes ...string) {
	t.Helper()
	var want []string
	for _, p := range labPrefixes {
		want = append(want, "logs/"+p+"salt-master-1/salt-master.log", "logs/"+p+"salt-master-2/salt-master.log",
			"logs/"+p+"salt-minion-1/salt-minion.log", "logs/"+p+"salt-minion-2/salt-minion.log")
	}
	for _, f := range want {
		assert.FileExists(t, filepath.Join(runDir, f))
	}
	b, err := os.ReadFile(filepath.Join(runDir, report.SummaryFile))
	require.NoError(t, err)
	var sum report.Summary
	require.NoError(t, json.Unmarshal(b, &sum))
	assert.Subset(t, sum.Evidence.Logs, want, "summary.json names Salt's log files")
	html, err := os.ReadFile(filepath.Join(runDir, report.HTMLFile))
	require.NoError(t, err)
	for _, f := range want {
		assert.Contains(t, string(html), `href="`+f+`"`, "report.html links %s", f)
	}
	saved := regexp.MustCompile(`^logs/[^/]+/salt-[A-Za-z0-9._-]+\.log$`)
	require.NoError(t, filepath.WalkDir(filepath.Join(runDir, report.LogsDir), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(runDir, p)
		if strings.Count(rel, "/") < 2 {
			return nil // a container's own log
		}
		assert.Regexp(t, saved, rel)
		body, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.NotContains(t, string(body), "PRIVATE KEY", "%s holds key material", rel)
		return nil
	}))
}
