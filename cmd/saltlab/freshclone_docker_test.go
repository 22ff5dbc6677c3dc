//go:build docker

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/chaostest"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/status"
)

// TestFreshCloneUp does what a new user does first: `up` with --set and a
// --master-config holding a 0600 secret, with the default relative
// reports folder. The secret stays 0600 everywhere saltlab copies it and
// stays out of reports/, no container shows the salt-api password, every
// container is limited, and with a second run present heal, down and
// chaos act on the run named, or ask.
func TestFreshCloneUp(t *testing.T) {
	holdLab(t, "sim") // its lab and the chaos fixture's containers, one slot
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Chdir(t.TempDir()) // --reports defaults to the relative "reports"
	state := t.TempDir()
	t.Setenv(runstate.StateDirVar, state)
	conf := t.TempDir()
	const secret = "hunter2-drop-in"
	require.NoError(t, os.WriteFile(filepath.Join(conf, "secret.conf"), []byte("# "+secret+"\nlog_level_logfile: info\n"), 0o600))
	id := "fresh-" + labels.NewRunID(time.Now())
	t.Cleanup(func() { Main([]string{"down", "--run", id}, &bytes.Buffer{}, &bytes.Buffer{}) })

	var out bytes.Buffer
	code := Main([]string{"up", "--root", root, "--topology", "hot", "--salt", "sim", "--run-id", id,
		"--set", "minion.master_alive_interval=5", "--master-config", conf}, &out, &out)
	require.Equal(t, exitOK, code, out.String())

	private := filepath.Join(state, id)
	copies := 0
	require.NoError(t, filepath.WalkDir(private, func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		fi, err := d.Info()
		require.NoError(t, err)
		if d.IsDir() {
			assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), p)
		}
		if d.Name() == "zz-ci-secret.conf" {
			copies++
			assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "%s keeps the drop-in's mode", p)
		}
		return nil
	}))
	assert.Positive(t, copies)
	pw, err := os.ReadFile(filepath.Join(private, runstate.APIPasswordFile))
	require.NoError(t, err)
	password := strings.TrimSpace(string(pw))
	require.NotEmpty(t, password)

	require.NoError(t, filepath.WalkDir("reports", func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.NotContains(t, string(b), secret, "%s: the user's drop-in stays out of reports", p)
		assert.NotContains(t, string(b), password, "%s: the API password stays out of reports", p)
		return nil
	}), "reports/ exists and is readable")

	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	cs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", labels.Run+"="+id))})
	require.NoError(t, err)
	require.NotEmpty(t, cs)
	project := ""
	for _, c := range cs {
		info, err := cli.ContainerInspect(ctx, c.ID)
		require.NoError(t, err)
		raw, err := json.Marshal(info)
		require.NoError(t, err)
		assert.NotContains(t, string(raw), password, "docker inspect %s shows no password", info.Name)
		assert.Positive(t, info.HostConfig.Memory, "%s has a memory limit", info.Name)
		if assert.NotNil(t, info.HostConfig.PidsLimit, info.Name) {
			assert.Positive(t, *info.HostConfig.PidsLimit, "%s has a pids limit", info.Name)
		}
		project = c.Labels[labels.Project]
	}
	master := lab.ContainerNameOf(project, "salt-master-1")
	r, err := lab.ExecIn(ctx, cli, master, []string{"stat", "-c", "%a", "/etc/salt/master.d/zz-ci-secret.conf"})
	require.NoError(t, err)
	assert.Equal(t, "600", strings.TrimSpace(r.Stdout), "the copy is 0600 inside the master too: %s", r.Stderr)
	r, err = lab.ExecIn(ctx, cli, lab.ContainerNameOf(project, "salt-minion-1"), []string{"salt-call", "--local", "--out=json", "config.get", "master_alive_interval"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"local": 5}`, r.Stdout, "--set reached the minion: %s", r.Stderr)

	out.Reset()
	require.Equal(t, exitOK, Main([]string{"status", "--run", id, "--json"}, &out, &out), out.String())
	var st status.Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &st), out.String())
	require.NotEmpty(t, st.Checks)
	assert.Equal(t, status.StatusOK, st.Checks[0].Status, "the API answers with the password from its file: %s", st.Checks[0].Detail)

	// A second run in the same reports folder.
	f := chaostest.New(t, ctx, cli)
	require.NoError(t, runstate.Save(runstate.Dir("reports", f.RunID), runstate.State{RunID: f.RunID, Project: f.Project, Started: time.Now()}))
	run := func(args ...string) (int, string) {
		var b bytes.Buffer
		if args[0] != "down" {
			args = append(args, "--root", root) // the chaos helper's build context
		}
		c := Main(args, &b, &b)
		return c, b.String()
	}
	code, text := run("chaos", "pause", "salt-master-1", "--run", id)
	require.Equal(t, exitOK, code, text)
	code, text = run("chaos", "pause", "other", "--run", f.RunID)
	require.Equal(t, exitOK, code, text)
	code, text = run("chaos", "pause", "salt-master-9", "--run", id)
	assert.Equal(t, exitUsage, code, text)
	assert.Contains(t, text, `unknown service "salt-master-9": this lab has key-wait, nginx, salt-master-1, salt-master-2`)

	code, text = run("heal")
	assert.Equal(t, exitUsage, code, text)
	assert.Contains(t, text, "2 live runs under reports; choose one with --run ID")
	assert.Contains(t, text, id)
	assert.Contains(t, text, f.RunID)

	code, text = run("heal", "--run", id)
	require.Equal(t, exitOK, code, text)
	info, err := cli.ContainerInspect(ctx, master)
	require.NoError(t, err)
	assert.Equal(t, "running", info.State.Status, "the run named is healed")
	assert.Equal(t, "paused", f.State(t, ctx, "other"), "the other run is left alone")

	for _, cmd := range []string{"heal", "down"} {
		code, text = run(cmd, "--run", "no-such-run")
		assert.Equal(t, exitFailed, code, text)
		assert.Contains(t, text, "no-such-run")
		assert.Regexp(t, "no lab on this engine carries that (run )?id", text)
		assert.Contains(t, text, "live runs:", "the live runs are listed")
		assert.Contains(t, text, f.RunID)
		assert.NotContains(t, text, "removed 0", "nothing is claimed as removed")
	}
	code, text = run("heal", "--run", f.RunID)
	require.Equal(t, exitOK, code, text)
	assert.Equal(t, "running", f.State(t, ctx, "other"))

	code, text = run("down", "--run", id)
	require.Equal(t, exitOK, code, text)
	assert.NoDirExists(t, private, "down removes the run's secrets and config copies")

	// Its reports stay, but the lab is gone: nothing to heal or remove.
	for _, cmd := range []string{"heal", "down"} {
		code, text = run(cmd, "--run", id)
		assert.Equal(t, exitFailed, code, text)
		assert.Contains(t, text, "live runs:", text)
		assert.Contains(t, text, f.RunID, "the other run is live")
		assert.NotContains(t, text, "healed 0", text)
		assert.NotContains(t, text, "removed 0", text)
	}
}
