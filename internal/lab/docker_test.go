//go:build docker

package lab

import (
	"archive/tar"
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
	"github.com/docker/docker/pkg/jsonmessage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/run/saltlogs"
	"github.com/saltlab/saltlab/internal/salt/masterkey"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

const (
	testImage    = "saltlab-labtest:latest"
	testTimeout  = 3 * time.Minute
	stackFixture = "testdata/docker/stack.yaml"
)

// TestDocker runs the lab against the real daemon. The engine has no
// registry, so it first builds a FROM-scratch image holding the static
// testdata/labtestapp program, and removes it at the end.
func TestDocker(t *testing.T) {
	p := labpool.Machine()
	p.Hold(t, 1, "lab slot") // plain containers: one lab's worth (internal/testenv/labpool)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	buildTestImage(t, ctx, cli)

	t.Run("UpDown", func(t *testing.T) { testUpDown(t, cli) })
	t.Run("OneShotFailure", func(t *testing.T) { testOneShotFailure(t, cli) })
	t.Run("MissingImage", func(t *testing.T) { testMissingImage(t, cli) })
	t.Run("Unhealthy", func(t *testing.T) { testUnhealthy(t, cli) })
	t.Run("Concurrent", func(t *testing.T) { testConcurrent(t, cli) })
	t.Run("Sweep", func(t *testing.T) { testSweep(t, cli) })
	t.Run("ExecStopStart", func(t *testing.T) { testExecStopStart(t, cli) })
	t.Run("CopyOut", func(t *testing.T) { testCopyOut(t, cli) })
	t.Run("SeedsKeyPair", func(t *testing.T) { testSeedsKeyPair(t, cli) })
}

func buildTestImage(t *testing.T, ctx context.Context, cli *client.Client) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "app")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./testdata/labtestapp")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build labtestapp: %s", out)
	app, err := os.ReadFile(bin)
	require.NoError(t, err)

	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	dockerfile := []byte("FROM scratch\nCOPY app /app\nENTRYPOINT [\"/app\"]\n")
	for _, f := range []struct {
		name string
		mode int64
		body []byte
	}{{"Dockerfile", 0o644, dockerfile}, {"app", 0o755, app}} {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body))}))
		_, err := tw.Write(f.body)
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())

	resp, err := cli.ImageBuild(ctx, &buf, build.ImageBuildOptions{
		Tags: []string{testImage}, Dockerfile: "Dockerfile", Remove: true, ForceRemove: true,
		Version: build.BuilderV1, Labels: map[string]string{labels.Managed: "true"},
	})
	require.NoError(t, err)
	defer resp.Body.Close()
	var log bytes.Buffer
	require.NoError(t, jsonmessage.DisplayJSONMessagesStream(resp.Body, &log, 0, false, nil), "build %s: %s", testImage, log.String())
	t.Cleanup(func() {
		_, err := cli.ImageRemove(context.Background(), testImage, image.RemoveOptions{Force: true, PruneChildren: true})
		assert.NoError(t, err, "remove test image")
	})
}

// newLab loads the stack fixture for a fresh run id, registers Down and a
// check that nothing labelled with the run id is left.
func newLab(t *testing.T, cli *client.Client, env map[string]string) (*Lab, string) {
	t.Helper()
	return newLabOf(t, cli, stackFixture, env)
}

// newLabOf is newLab of another fixture.
func newLabOf(t *testing.T, cli *client.Client, fixture string, env map[string]string) (*Lab, string) {
	t.Helper()
	runID := labels.NewRunID(time.Now())
	if env == nil {
		env = map[string]string{}
	}
	if env["LABTEST_IMAGE"] == "" {
		env["LABTEST_IMAGE"] = testImage
	}
	l, err := Load(context.Background(), cli, Options{
		Files:         []string{fixture},
		Project:       "saltlab-labtest-" + runID,
		RunID:         runID,
		Topology:      "labtest",
		Flavor:        "sim",
		Env:           env,
		Log:           tlog{t},
		HealthTimeout: 30 * time.Second,
	})
	require.NoError(t, err)
	t.Cleanup(func() {
		assert.NoError(t, l.Down(context.Background()))
		assertNothingLeft(t, cli, runID)
	})
	return l, runID
}

func assertNothingLeft(t *testing.T, cli *client.Client, runID string) {
	t.Helper()
	ctx := context.Background()
	f := filters.NewArgs(filters.Arg("label", labels.Run+"="+runID))
	ctrs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	require.NoError(t, err)
	assert.Empty(t, ctrs, "containers left for run %s", runID)
	nets, err := cli.NetworkList(ctx, network.ListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, nets, "networks left for run %s", runID)
	vols, err := cli.VolumeList(ctx, volume.ListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, vols.Volumes, "volumes left for run %s", runID)
}

func testUpDown(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, runID := newLab(t, cli, nil)
	require.NoError(t, l.Up(ctx))

	st, err := l.State(ctx, "server")
	require.NoError(t, err)
	assert.True(t, st.Running)
	assert.Equal(t, "healthy", st.Health)
	assert.NotEmpty(t, st.IPs["default"])

	st, err = l.State(ctx, "init")
	require.NoError(t, err)
	assert.False(t, st.Running)
	assert.Equal(t, 0, st.ExitCode)

	// The client starts last and may not have written yet when Up returns
	// (Up waits for health, and the client has no healthcheck).
	const clientLogBound = 10 * time.Second
	var logs string
	assert.Eventually(t, func() bool {
		logs, err = l.Logs(ctx, "client", 10)
		return err == nil && strings.Contains(logs, "client connected")
	}, clientLogBound, 100*time.Millisecond, "client log within %s: %q (err %v)", clientLogBound, logs, err)

	// Names, labels and the loopback-only ephemeral port, as docker sees them.
	id, err := l.ContainerID("server")
	require.NoError(t, err)
	info, err := cli.ContainerInspect(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "/"+l.Project()+"-server-1", info.Name)
	assert.Equal(t, "server-host", info.Config.Hostname)
	assert.Equal(t, runID, info.Config.Labels[labels.Run])
	assert.Equal(t, l.Project(), info.Config.Labels["com.docker.compose.project"])
	bindings := info.NetworkSettings.Ports["8080/tcp"]
	require.NotEmpty(t, bindings)
	assert.Equal(t, "127.0.0.1", bindings[0].HostIP)
	st, err = l.State(ctx, "server")
	require.NoError(t, err)
	assert.Equal(t, net.JoinHostPort("127.0.0.1", bindings[0].HostPort), st.Ports["8080/tcp"], "State reports the published address")
	conn, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", bindings[0].HostPort), 2*time.Second)
	require.NoError(t, err)
	line, err := bufio.NewReader(conn).ReadString('\n')
	conn.Close()
	require.NoError(t, err)
	assert.Equal(t, "labtestapp\n", line)

	require.NoError(t, l.Down(ctx))
	assertNothingLeft(t, cli, runID)
	require.NoError(t, l.Down(ctx), "Down is idempotent")
}

func testOneShotFailure(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, runID := newLab(t, cli, map[string]string{"INIT_EXIT": "3"})
	err := l.Up(ctx)
	require.Error(t, err)
	t.Logf("Up error (expected):\n%v", err)
	assert.Contains(t, err.Error(), `service "init" exited with code 3 [state exited, exit code 3`)
	assert.Contains(t, err.Error(), "init wrote marker", "the error shows the last log lines")
	// Created ahead of its start, which its dependency's failure stopped.
	st, err := l.State(ctx, "server")
	require.NoError(t, err)
	assert.Equal(t, "created", st.Status, "server must not have been started")
	require.NoError(t, l.Down(ctx))
	assertNothingLeft(t, cli, runID)
}

func testMissingImage(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, runID := newLab(t, cli, map[string]string{"LABTEST_IMAGE": "saltlab-labtest-absent:none"})
	err := l.Up(ctx)
	require.Error(t, err)
	assert.Equal(t, "service \"client\": image saltlab-labtest-absent:none not found locally; run `saltlab images`", err.Error())
	assertNothingLeft(t, cli, runID)
}

func testUnhealthy(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, runID := newLab(t, cli, map[string]string{"HEALTH_PORT": "9", "HEALTH_RETRIES": "2"})
	err := l.Up(ctx)
	require.Error(t, err)
	t.Logf("Up error (expected):\n%v", err)
	assert.Contains(t, err.Error(), `service "client": dependency service_healthy: service "server" became unhealthy [state running, exit code 0, health unhealthy]`)
	assert.Contains(t, err.Error(), "last health probe (exit 1)")
	assert.Contains(t, err.Error(), "server up", "the error shows the last log lines")
	require.NoError(t, l.Down(ctx))
	assertNothingLeft(t, cli, runID)
}

func testConcurrent(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	a, _ := newLab(t, cli, nil)
	b, _ := newLab(t, cli, nil)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, l := range []*Lab{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = l.Up(ctx)
		}()
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	ida, err := a.ContainerID("server")
	require.NoError(t, err)
	idb, err := b.ContainerID("server")
	require.NoError(t, err)
	assert.NotEqual(t, ida, idb)
}

func testSweep(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, runID := newLab(t, cli, nil)
	require.NoError(t, l.Up(ctx))
	// Also match the run id: other saltlab runs may share this daemon.
	match := map[string]string{labels.Managed: "true", labels.Run: runID}
	swept, err := Sweep(ctx, cli, match)
	require.NoError(t, err)
	assert.Equal(t, Swept{Containers: 3, Networks: 1, Volumes: 1}, swept)
	assertNothingLeft(t, cli, runID)
	swept, err = Sweep(ctx, cli, match)
	require.NoError(t, err)
	assert.Equal(t, Swept{}, swept, "Sweep is idempotent")
}

func testExecStopStart(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, _ := newLab(t, cli, nil)
	require.NoError(t, l.Up(ctx))

	res, err := l.Exec(ctx, "server", []string{"/app", "out", "hello", "err", "oops", "exit", "4"})
	require.NoError(t, err)
	assert.Equal(t, ExecResult{Stdout: "hello\n", Stderr: "oops\n", ExitCode: 4}, res)

	res, err = l.Exec(ctx, "server", []string{"/no/such/binary"})
	require.NoError(t, err, "a missing binary is a result, not an error")
	assert.Contains(t, []int{126, 127}, res.ExitCode)

	res, err = l.Exec(ctx, "server", []string{"/app", "dial", "client:8080"})
	require.NoError(t, err)
	assert.Equal(t, 1, res.ExitCode, "client does not serve")

	// A stream's stdin closes with it, so a command that ends with its
	// stdin (the event watch's) ends when the stream is cancelled.
	sctx, scancel := context.WithCancel(ctx)
	var streamed testenv.Buffer
	streamDone := make(chan error, 1)
	go func() {
		streamDone <- l.Stream(sctx, "server", []string{"/app", "out", "streaming", "stdin", "write", "/stream-ended", "yes"}, &streamed)
	}()
	require.Eventually(t, func() bool { return strings.Contains(streamed.String(), "streaming") }, 10*time.Second, 20*time.Millisecond)
	res, err = l.Exec(ctx, "server", []string{"/app", "require", "/stream-ended"})
	require.NoError(t, err)
	assert.Equal(t, 1, res.ExitCode, "the streamed command waits on its stdin")
	scancel()
	assert.ErrorIs(t, <-streamDone, context.Canceled)
	require.Eventually(t, func() bool {
		res, err := l.Exec(ctx, "server", []string{"/app", "require", "/stream-ended"})
		return err == nil && res.ExitCode == 0
	}, 10*time.Second, 50*time.Millisecond, "the streamed command saw its stdin close")

	require.NoError(t, l.Stop(ctx, "client", 2*time.Second))
	st, err := l.State(ctx, "client")
	require.NoError(t, err)
	assert.False(t, st.Running)
	assert.Equal(t, 0, st.ExitCode, "SIGTERM handled")

	_, err = l.Exec(ctx, "client", []string{"/app"})
	assert.Error(t, err, "exec in a stopped container is an API error")

	require.NoError(t, l.Start(ctx, "client"))
	st, err = l.State(ctx, "client")
	require.NoError(t, err)
	assert.True(t, st.Running)

	require.NoError(t, l.Kill(ctx, "client", "SIGKILL"))
	require.Eventually(t, func() bool {
		st, err := l.State(ctx, "client")
		return err == nil && !st.Running && st.ExitCode == 137
	}, 10*time.Second, 50*time.Millisecond)
}

// testCopyOut reads a directory out of a container, running or stopped,
// in the tar form saltlogs.Extract takes, and a missing path as
// fs.ErrNotExist, which saltlogs.Save takes as nothing to copy.
func testCopyOut(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, _ := newLab(t, cli, nil)
	require.NoError(t, l.Up(ctx))

	for _, svc := range []string{"server", "init"} { // running; exited
		rc, err := l.CopyOut(ctx, svc, "/data")
		require.NoError(t, err, svc)
		dest := t.TempDir()
		names, err := saltlogs.Extract(rc, "/data", dest, saltlogs.MaxFileBytes)
		rc.Close()
		require.NoError(t, err, svc)
		assert.Equal(t, []string{"salt-ready.log"}, names, "Docker names entries under the directory's base name (data/ready)")
		b, err := os.ReadFile(filepath.Join(dest, "salt-ready.log"))
		require.NoError(t, err)
		assert.Equal(t, "ok", string(b))
	}

	_, err := l.CopyOut(ctx, "server", saltlogs.Dir)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	logs := t.TempDir()
	files, err := saltlogs.Save(ctx, l, l.Services(), logs, "")
	require.NoError(t, err, "containers without %s have nothing to copy", saltlogs.Dir)
	assert.Empty(t, files)
	entries, err := os.ReadDir(logs)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// testSeedsKeyPair: Up writes the pair onto the fresh key volume before
// the first service mounting it starts (the "master" requires it at
// start), with Salt's modes, and KeySeeds names it by its fingerprint.
func testSeedsKeyPair(t *testing.T, cli *client.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	l, _ := newLabOf(t, cli, "testdata/docker/keys.yaml", nil)
	require.NoError(t, l.Up(ctx))

	seeds := l.KeySeeds()
	require.Len(t, seeds, 1)
	assert.Equal(t, []string{"key-wait", "master"}, seeds[0].Services)
	files := map[string]*tar.Header{}
	var pub []byte
	for _, f := range []string{"master.pem", "master.pub"} {
		id, err := l.ContainerID("master")
		require.NoError(t, err)
		rc, _, err := cli.CopyFromContainer(ctx, id, "/etc/salt/pki/master/"+f)
		require.NoError(t, err)
		tr := tar.NewReader(rc)
		h, err := tr.Next()
		require.NoError(t, err)
		files[f] = h
		if f == "master.pub" {
			var buf bytes.Buffer
			_, err = buf.ReadFrom(tr)
			require.NoError(t, err)
			pub = buf.Bytes()
		}
		rc.Close()
	}
	assert.Equal(t, fs.FileMode(0o400), files["master.pem"].FileInfo().Mode().Perm())
	assert.Equal(t, fs.FileMode(0o644), files["master.pub"].FileInfo().Mode().Perm())
	assert.Equal(t, 0, files["master.pem"].Uid)
	assert.Equal(t, seeds[0].Fingerprint, masterkey.Pair{Public: pub}.Fingerprint())
}

// tlog sends the lab's phase lines to the test log.
type tlog struct{ t *testing.T }

func (w tlog) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(string(bytes.TrimRight(p, "\n")))
	return len(p), nil
}
