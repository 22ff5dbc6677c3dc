// Tests of syndic-signed-in, the syndic nodes' sign-in check. They run it
// on the host with stand-in pgrep and ps and a syndic log of the case's.
package lib

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// signedIn runs syndic-signed-in against log with a salt-syndic that has
// been up for upSeconds (negative: no salt-syndic process).
func signedIn(t *testing.T, log string, upSeconds int) (code int, out string) {
	t.Helper()
	dir := t.TempDir()
	logPath := filepath.Join(dir, "syndic")
	require.NoError(t, os.WriteFile(logPath, []byte(log), 0o600))
	bin := filepath.Join(dir, "bin")
	require.NoError(t, os.Mkdir(bin, 0o755))
	pgrep := "#!/bin/sh\nexit 1\n"
	if upSeconds >= 0 {
		pgrep = "#!/bin/sh\necho 42\n"
	}
	ps := "#!/bin/sh\necho '  " + strconv.Itoa(upSeconds) + "'\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "pgrep"), []byte(pgrep), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(bin, "ps"), []byte(ps), 0o755))

	env := append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "TZ=UTC")
	return runScript(t, "syndic-signed-in", []string{"bash", "syndic-signed-in", logPath}, env, 0)
}

func TestSyndicSignedIn(t *testing.T) {
	stamp := func(ago time.Duration) string {
		return time.Now().UTC().Add(-ago).Format("2006-01-02 15:04:05") + ",123"
	}
	connected := func(ago time.Duration) string {
		return stamp(ago) + " [salt.minion      :6011][INFO    ][8] Syndic successfully connected to salt-master-mom\n"
	}
	failed := stamp(time.Minute) + " [salt.minion      :2422][INFO    ][8] fire_master failed: master could not be contacted. Request timed out.\n"
	tests := []struct {
		name     string
		log      string
		up       int
		wantCode int
		wantOut  string
	}{
		{name: "signed in since the daemon started", log: failed + connected(10*time.Second), up: 60,
			wantCode: 0, wantOut: "Syndic successfully connected to salt-master-mom"},
		{name: "connected to the MoM but the sign-in never ended (Salt 3008.4)", log: failed, up: 400,
			wantCode: 1, wantOut: "has not logged 'Syndic successfully connected to'"},
		{name: "no log yet", log: "", up: 1,
			wantCode: 1, wantOut: "has not completed"},
		{name: "the sign-in is from before a restart of the daemon", log: connected(10 * time.Minute), up: 30,
			wantCode: 1, wantOut: "has not signed in since it started"},
		{name: "no salt-syndic process", log: connected(time.Second), up: -1,
			wantCode: 1, wantOut: "no salt-syndic process"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := signedIn(t, tt.log, tt.up)
			assert.Equal(t, tt.wantCode, code, out)
			assert.Contains(t, out, tt.wantOut)
			assert.Equal(t, 1, strings.Count(out, "\n"), "one line says which: %q", out)
		})
	}
}
