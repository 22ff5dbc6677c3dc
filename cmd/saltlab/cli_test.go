package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// noDocker points the Docker client at a socket that does not exist, so a
// command that contacted Docker would say "docker daemon not reachable".
const noDocker = "unix:///nonexistent/saltlab-test/docker.sock"

// TestBadInput runs the CLI on bad input: usage errors exit 2, failures 1,
// each with a message naming the problem and the fix, nothing on stdout,
// and none of them gets as far as Docker (which is unreachable here).
func TestBadInput(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	t.Setenv(runstate.StateDirVar, t.TempDir())
	reports := t.TempDir()
	require.NoError(t, runstate.Save(runstate.Dir(reports, "taken-run"), runstate.State{RunID: "taken-run"}))
	emptyStates, noTop := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(noTop, "app.sls"), []byte("x: {}\n"), 0o644))
	lab := func(cmd string, args ...string) []string {
		return append([]string{cmd, "--root", "../..", "--reports", reports}, args...)
	}
	tests := []struct {
		name string
		args []string
		want []string // in stderr, in order of appearance not required
	}{
		{"no command", nil, []string{"Commands:"}},
		{"unknown command", []string{"frobnicate"}, []string{`unknown command "frobnicate"`, "Commands:"}},
		{"unknown flag", lab("up", "--bogus"), []string{"flag provided but not defined: -bogus", "usage: saltlab up"}},
		{"unknown topology", lab("up", "--topology", "nope"), []string{`unknown topology "nope": known topologies are ai-infra-matrix, cluster, failover`, "(--topology NAME)"}},
		{"bad root", []string{"up", "--root", "/nonexistent"}, []string{"list topologies", "is --root /nonexistent a saltlab checkout?"}},
		{"run id traversal", lab("up", "--run-id", "../x"), []string{`validate --run-id: invalid run id "../x": want 3 to 63 lowercase letters`}},
		{"run id case", lab("run", "--run-id", "My_Run"), []string{`invalid run id "My_Run"`}},
		{"run id taken", lab("up", "--run-id", "taken-run"), []string{"validate --run-id taken-run: " + runstate.Dir(reports, "taken-run") + " already holds a run; choose another id"}},
		{"negative timeout", lab("run", "--timeout", "-5s"), []string{"validate --timeout -5s: negative; want a duration with its unit, such as 200ms or 30s, or 0 for no limit"}},
		{"timeout without unit", lab("run", "--timeout", "30"), []string{`validate --timeout "30": no unit`}},
		{"zero minions", lab("up", "--minions", "0"), []string{"validate --minions 0: out of range 1-6000; want 1 to 6000, or leave it out for the topology's own minions"}},
		{"minions not a number", lab("up", "--minions", "abc"), []string{`validate --minions "abc": not a whole number; want 1 to 6000`}},
		{"negative minions", lab("up", "--minions", "-3"), []string{"validate --minions -3: out of range 1-6000"}},
		{"salt version malformed", lab("up", "--salt-version", "banana"), []string{`bad salt version: "banana": want a release line such as 3008 or a release such as 3007.8`}},
		{"salt version too old", lab("run", "--salt-version", "3005"), []string{`bad salt version: "3005": lines before 3006 do not run on the image's Python 3.11`}},
		{"cluster on the double", lab("run", "--salt", "sim", "--topology", "cluster"), []string{"check --salt sim: topology cluster needs Salt 3007 or later (x-saltlab salt_min in ", "the Salt double imitates Salt 3006.9 and does not model what 3007 brought", "--salt real --salt-version 3007 or newer"}},
		{"cluster on 3006", lab("up", "--salt", "real", "--salt-version", "3006.29", "--topology", "cluster"), []string{"check --salt-version 3006.29: topology cluster needs Salt 3007 or later", "use --salt-version 3007 or newer"}},
		{"cluster on the 3006 line, auto", lab("run", "--salt-version", "3006", "--topology", "cluster"), []string{"check --salt-version 3006: topology cluster needs Salt 3007 or later"}},
		{"salt version images", []string{"images", "--salt-version", "3007.*"}, []string{`bad salt version: "3007.*"`}},
		{"wheelhouse without dir", []string{"wheelhouse", "--salt-version", "3008"}, []string{"wheelhouse: --dir is required"}},
		{"wheelhouse bad arch", []string{"wheelhouse", "--dir", "x", "--arch", "s390x"}, []string{`wheelhouse: --arch "s390x": want amd64 or arm64`}},
		{"too many minions", lab("run", "--minions", "6001"), []string{"validate --minions 6001: out of range 1-6000"}},
		{"a fleet of real Salt beyond memory, up", lab("up", "--salt", "real", "--minions", "5000"), []string{"validate --minions 5000: this machine's memory holds no such lab: ",
			"(real Salt: 2 master(s) x 460 + 100 minion(s) x 170 + 2 other(s) x 64 MiB + 5000 swarm minion(s) x 64.0 MiB)", "; use --minions "}},
		{"a fleet of real Salt beyond memory", lab("run", "--salt", "real", "--minions", "5000"), []string{"validate --minions 5000: this machine's memory holds no such lab"}},
		{"no labs", lab("run", "--parallel", "0"), []string{"validate --parallel 0: out of range 1-32", "leave it out for what this machine's cores and memory allow"}},
		{"negative labs", lab("run", "--parallel", "-2"), []string{"validate --parallel -2: out of range"}},
		{"labs beyond memory", lab("run", "--salt", "real", "--minions", "120", "--parallel", "32"), []string{"validate --parallel 32: this machine's memory holds at most",
			"MiB per lab (real Salt: 2 master(s) x 460 + 120 minion(s) x 170 + 2 other(s) x 64 MiB)", "use --parallel"}},
		{"set type", lab("up", "--set", "minion.master_alive_interval=abc"), []string{`parse --set "minion.master_alive_interval=abc": Salt's minion option master_alive_interval: want a number, got "abc"`}},
		{"set enum", lab("up", "--set", "minion.master_type=hot"), []string{"want one of str, failover, func, disable, distributed"}},
		{"set prefix", lab("up", "--set", "syndic.x=1"), []string{`unknown prefix "syndic": the key must start with "minion." or "master."`}},
		{"set form", lab("run", "--set", "minion.timeout"), []string{"want KEY=VALUE, e.g. minion.master_alive_interval=5"}},
		{"states dir", lab("up", "--states", "/nonexistent/states"), []string{"validate --states: directory /nonexistent/states"}},
		{"states dir empty", lab("run", "--states", emptyStates), []string{"validate --states: " + emptyStates + " is empty: put your SLS files there with a top.sls", "examples/states/top.sls"}},
		{"states without a top file", lab("run", "--states", noTop), []string{"validate --states: " + noTop + " has no top.sls, so a highstate applies nothing", "add a top.sls mapping minions to your SLS files"}},
		{"minion config dir", lab("up", "--minion-config", "/nonexistent/m"), []string{"validate --minion-config: directory /nonexistent/m"}},
		{"up arguments", lab("up", "extra"), []string{`up: unexpected arguments ["extra"] (see ` + "`saltlab up -h`)"}},
		{"flavour", lab("up", "--salt", "other"), []string{`validate --salt: unknown Salt flavour "other": want auto, real or sim`}},
		{"tags mixed syntax", lab("run", "--tags", "@hot && (~@wip)"), []string{"validate --tags: parse tag expression", "use one, e.g. 'not @wip' or '~@wip'"}},
		{"tags malformed", lab("run", "--tags", "@a,,@b"), []string{"validate --tags", "empty tag between separators"}},
		{"tags bare word", lab("run", "--tags", "wip"), []string{`"wip" is not a tag: tags start with @`}},
		{"tags select nothing", lab("run", "--topology", "hot", "--tags", "@nothing"), []string{`"(@hot or (@general and not @needs-syndic and not @mode-failover)) and (@nothing) and (not @manual-keys) and (not @scale)" selects none of the`, "fix --tags or --topology"}},
		{"feature path", lab("run", "/nonexistent/x.feature"), []string{"validate feature path", "name .feature files or directories"}},
		{"status run traversal", []string{"status", "--run", "../../etc"}, []string{`invalid run id "../../etc"`}},
		{"logs run traversal", []string{"logs", "--run", "../../etc"}, []string{`invalid run id "../../etc"`}},
		{"chaos run traversal", []string{"chaos", "pause", "salt-master-1", "--run", "../../etc"}, []string{`invalid run id "../../etc"`}},
		{"heal run traversal", []string{"heal", "--run", "../x"}, []string{`invalid run id "../x"`}},
		{"down run traversal", []string{"down", "--run", "../x"}, []string{`invalid run id "../x"`}},
		{"empty reports", []string{"status", "--reports", ""}, []string{"validate --reports: empty"}},
		{"status arguments", []string{"status", "extra"}, []string{`status: unexpected arguments ["extra"]`}},
		{"logs tail", []string{"logs", "--tail", "-1"}, []string{"validate --tail -1: out of range 0-"}},
		{"no fault", []string{"chaos"}, []string{"usage: saltlab chaos <fault>", "name a fault, or `list`"}},
		{"unknown fault", []string{"chaos", "meteor", "salt-master-1"}, []string{`unknown fault "meteor": want one of stop, kill, pause`, "`saltlab chaos list` explains each"}},
		{"no target", []string{"chaos", "pause"}, []string{"want one target argument (usage: saltlab chaos pause SERVICE), got 0"}},
		{"two targets", []string{"chaos", "pause", "a", "b"}, []string{"got 2"}},
		{"latency without delay", []string{"chaos", "latency", "salt-master-1"}, []string{"validate --delay 0s: zero; want a positive duration with its unit"}},
		{"latency delay without unit", []string{"chaos", "latency", "salt-master-1", "--delay", "200"}, []string{`validate --delay "200": no unit; want a positive duration with its unit, such as 200ms`}},
		{"jitter over delay", []string{"chaos", "latency", "salt-master-1", "--delay", "10ms", "--jitter", "1s"}, []string{"--jitter 1s exceeds --delay 10ms"}},
		{"loss not a number", []string{"chaos", "loss", "salt-master-1", "--percent", "abc"}, []string{`validate --percent "abc": not a number; want a percentage`}},
		{"loss NaN", []string{"chaos", "loss", "salt-master-1", "--percent", "NaN"}, []string{"validate --percent NaN: not a finite number"}},
		{"loss over 100", []string{"chaos", "loss", "salt-master-1", "--percent", "150"}, []string{"validate --percent 150: outside (0, 100]"}},
		{"loss without percent", []string{"chaos", "loss", "salt-master-1"}, []string{"validate --percent 0: outside (0, 100]"}},
		{"bandwidth zero", []string{"chaos", "bandwidth", "salt-master-1", "--rate", "0mbit"}, []string{`validate --rate "0mbit": zero`}},
		{"for without unit", []string{"chaos", "pause", "salt-master-1", "--for", "30"}, []string{`validate --for "30": no unit`}},
		{"bad port", []string{"chaos", "port-block", "salt-master-1", "--ports", "45x5"}, []string{`validate --ports "45x5": not a whole number`}},
		{"port range", []string{"chaos", "port-block", "salt-master-1", "--ports", "70000"}, []string{"validate --ports 70000: out of range 1-65535"}},
		{"partition without peers", []string{"chaos", "partition", "salt-minion-1"}, []string{"name the services on the other side"}},
		{"negative for", []string{"chaos", "pause", "salt-master-1", "--for", "-1s"}, []string{"validate --for -1s: negative; want a duration with its unit"}},
		{"unknown signal", []string{"chaos", "kill", "salt-master-1", "--signal", "SIGFOO"}, []string{`signal "SIGFOO": want a Linux signal name such as SIGTERM or KILL, or a number 1-64`}},
		{"option of another fault", []string{"chaos", "pause", "salt-master-1", "--delay", "1s"}, []string{"chaos pause: --delay does not apply to this fault (usage: saltlab chaos pause SERVICE)"}},
		{"chaos list arguments", []string{"chaos", "list", "x"}, []string{`chaos list: unexpected arguments ["x"]`}},
		{"heal both", []string{"heal", "--run", "20261122-021503-a1b2c3", "--all"}, []string{"at most one of --run ID or --all"}},
		{"heal arguments", []string{"heal", "x"}, []string{`heal: unexpected arguments ["x"]`}},
		{"down neither", []string{"down"}, []string{"down: give exactly one of --run ID or --all"}},
		{"down both", []string{"down", "--run", "abc", "--all"}, []string{"exactly one of --run ID or --all"}},
		{"images arguments", []string{"images", "x"}, []string{`images: unexpected arguments ["x"]`}},
		{"images flavour", []string{"images", "--salt", "other"}, []string{`unknown Salt flavour "other"`}},
		{"doctor arguments", []string{"doctor", "x"}, []string{`doctor: unexpected arguments ["x"]`}},
		{"version arguments", []string{"version", "x"}, []string{`version: unexpected arguments ["x"]`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(tc.args, &out, &errOut)
			assert.Equal(t, exitUsage, code, "stderr: %s", errOut.String())
			for _, w := range tc.want {
				assert.Contains(t, errOut.String(), w)
			}
			assert.Empty(t, out.String(), "usage errors and usage text go to stderr")
			assert.NotContains(t, errOut.String(), "docker daemon not reachable", "rejected before any Docker work")
		})
	}
}

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

func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"up", "-h"}, {"chaos", "--help"}} {
		var out, errOut bytes.Buffer
		assert.Equal(t, exitOK, Main(args, &out, &errOut), "%v", args)
		assert.Regexp(t, "usage|Commands:", out.String()+errOut.String(), "%v", args)
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
