package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// noDocker points the Docker client at a socket that does not exist, so a
// command that contacted Docker would say "docker daemon not reachable".
const noDocker = "unix:///nonexistent/saltlab-test/docker.sock"

// A SALTSIM_RELEASE the double would refuse is a usage error of every
// command that may build the double's image, before any Docker work; with
// --salt real it is not looked at.
func TestBadSimRelease(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	t.Setenv(runstate.StateDirVar, t.TempDir())
	t.Setenv("SALTSIM_RELEASE", "3005")
	reports := t.TempDir()
	for _, args := range [][]string{
		{"run", "--root", "../..", "--reports", reports, "--salt", "sim"},
		{"up", "--root", "../..", "--reports", reports},
		{"images", "--salt", "sim"},
	} {
		t.Run(args[0], func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(args, &out, &errOut)
			assert.Equal(t, exitUsage, code, errOut.String())
			assert.Contains(t, errOut.String(), `SALTSIM_RELEASE="3005": the Salt double follows the release lines 3006, 3007 and 3008`)
			assert.NotContains(t, errOut.String(), "docker daemon not reachable")
		})
	}
	var out, errOut bytes.Buffer
	code := Main([]string{"run", "--root", "../..", "--reports", reports, "--salt", "real", "--run-id", "real-ignores-sim"}, &out, &errOut)
	assert.Equal(t, exitFailed, code, errOut.String())
	assert.Contains(t, errOut.String(), "docker daemon not reachable", "real Salt does not read SALTSIM_RELEASE")
}

// Without Docker, run and up fail (exit 1) after checking their input,
// name the problem, promise no report and leave no run directory behind.
func TestDockerUnreachable(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	state := t.TempDir()
	t.Setenv(runstate.StateDirVar, state)
	reports := t.TempDir()
	for _, cmd := range []string{"run", "up"} {
		t.Run(cmd, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main([]string{cmd, "--root", "../..", "--reports", reports, "--run-id", "unreachable-" + cmd}, &out, &errOut)
			assert.Equal(t, exitFailed, code, errOut.String())
			assert.Contains(t, errOut.String(), "docker daemon not reachable at "+noDocker+" (is Docker running and may this user use it?)")
			assert.NotContains(t, out.String(), "reports:", "no report was written, so none is announced")
			assert.NoDirExists(t, filepath.Join(reports, "unreachable-"+cmd))
			assert.NoDirExists(t, filepath.Join(state, "unreachable-"+cmd))
		})
	}
}

// A command that ends normally prints no interruption notice.
func TestNoNoticeWithoutSignal(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, exitOK, Main([]string{"version"}, &out, &errOut))
	assert.Equal(t, "saltlab "+version+"\n", out.String())
	assert.Empty(t, errOut.String())
}

// Input the docs say passes gets past every check to Docker (unreachable
// here, so exit 1 saying so): a dotted --set name is a module setting
// (docs/commands.md), and real Salt's route settings are not looked at
// when only the double runs.
func TestAcceptedInputReachesDocker(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	t.Setenv(runstate.StateDirVar, t.TempDir())
	reports := t.TempDir()
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"dotted --set on the double", nil, []string{"up", "--salt", "sim", "--set", "master.mysql.host=db1", "--set", "minion.mongo.port=27017"}},
		{"dotted --set on real Salt", nil, []string{"up", "--salt", "real", "--set", "minion.mysql.host=db1"}},
		{"apt settings whole", map[string]string{"SALT_APT_URI": "https://apt.test/salt", "SALT_APT_KEY_URL": "https://apt.test/k.gpg", "SALT_APT_COMPONENTS": "main contrib"}, []string{"run", "--salt", "real"}},
		{"real routes' settings under sim", map[string]string{"SALTLAB_WHEELHOUSE": "/nonexistent/wheels", "SALT_APT_URI": "not a url"}, []string{"up", "--salt", "sim"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			args := append([]string{tc.args[0], "--root", "../..", "--reports", reports}, tc.args[1:]...)
			var out, errOut bytes.Buffer
			code := Main(args, &out, &errOut)
			assert.Equal(t, exitFailed, code, errOut.String())
			assert.Contains(t, errOut.String(), "docker daemon not reachable", "every check passed")
		})
	}
}
