//go:build docker

package images_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/client"
	"github.com/docker/docker/pkg/stdcopy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/testenv"
)

// standinPackage is built instead of cmd/saltsim unless
// SALTLAB_TEST_SIM_PACKAGE names another package.
const standinPackage = "./internal/images/testdata/standin"

// lineLog forwards whole lines to t.Log so build output is kept per test.
type lineLog struct {
	t   *testing.T
	buf bytes.Buffer
	all bytes.Buffer
}

func (l *lineLog) Write(p []byte) (int, error) {
	l.all.Write(p)
	l.buf.Write(p)
	for {
		line, err := l.buf.ReadString('\n')
		if err != nil {
			l.buf.WriteString(line)
			return len(p), nil
		}
		l.t.Log(strings.TrimRight(line, "\n"))
	}
}

func TestDockerBaseAndSim(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	root, err := images.FindRepoRoot(".")
	require.NoError(t, err)
	pkg := standinPackage
	if p := os.Getenv("SALTLAB_TEST_SIM_PACKAGE"); p != "" {
		pkg = p
	}
	log := &lineLog{t: t}
	// No Salt source, so auto must pick sim (unless the user dropped debs).
	noEnv := func(string) string { return "" }
	b := images.NewBuilder(cli, root, log, images.WithSimPackage(pkg), images.WithGetenv(noEnv))

	start := time.Now()
	ref, err := b.EnsureBase(ctx)
	require.NoError(t, err)
	t.Logf("EnsureBase took %s", time.Since(start).Round(100*time.Millisecond))
	assert.Equal(t, images.BaseRef, ref)

	raw, err := os.ReadFile(root + "/images/base/packages.txt")
	require.NoError(t, err)
	pkgs, err := images.ParsePackages(string(raw))
	require.NoError(t, err)
	assertLabels(ctx, t, cli, images.BaseRef, map[string]string{
		labels.PackagesHash: images.PackagesHash(pkgs),
		labels.Managed:      "true",
	})

	log.all.Reset()
	_, err = b.EnsureBase(ctx)
	require.NoError(t, err)
	assert.Contains(t, log.all.String(), "base image up to date")

	simRef, err := b.BuildSim(ctx)
	require.NoError(t, err)
	assert.Regexp(t, `^saltlab/salt-sim:[0-9a-f]{12}$`, simRef)
	assertLabels(ctx, t, cli, simRef, map[string]string{labels.Flavor: "sim", labels.Managed: "true"})
	// :latest may already point at another checkout's build on a shared
	// engine, so only its existence and flavour are asserted.
	assertLabels(ctx, t, cli, images.SimRef, map[string]string{labels.Flavor: "sim", labels.Managed: "true"})
	// The double's option list, as a run reads it after the build, is the
	// sim flavour's list it checked its options against before any build.
	opts, err := b.SaltOptions(ctx, simRef)
	require.NoError(t, err)
	assert.Equal(t, config.OptionList(), opts)
	before, err := images.SimOptions()
	require.NoError(t, err)
	assert.Equal(t, before, opts)

	out, code := runInImage(ctx, t, cli, simRef,
		"ss -V && iptables -V && nginx -v && ping -V && nc -h 2>&1 | head -1 && curl --version | head -1 && "+
			"salt-master --version && test -d /etc/salt/master.d && test -d /var/run/salt")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "iptables v")
	assert.Contains(t, out, "nginx version")

	// auto's fallback: with no route to real Salt (no host pip, the
	// image build's pip pointed at a closed port, no wheelhouse or apt
	// repository, and a release no image was built of), auto must build
	// sim and say why. The host's own routes are shut so the check runs
	// where real Salt is at hand too (always, in CI).
	for _, e := range debFiles(t, root) {
		testenv.CannotCheck(t, "Salt .deb file "+e+" in images/salt-real/debs gives auto real Salt, so the fallback to sim cannot be checked here")
	}
	const noRelease = "3006.1" // an exact release: no line memo or newer image stands in for it
	closed := func(k string) string {
		if k == "PIP_INDEX_URL" {
			return "http://127.0.0.1:9/simple" // the discard port: nothing answers
		}
		return ""
	}
	noPip := func(context.Context) (saltdist.Pip, error) {
		return saltdist.Pip{}, errors.New("no host pip in this test")
	}
	shut := images.NewBuilder(cli, root, log, images.WithSimPackage(pkg), images.WithGetenv(closed), images.WithPip(noPip))
	fl, err := shut.Resolve(ctx, images.FlavorAuto, noRelease)
	require.NoError(t, err)
	assert.Equal(t, images.FlavorSim, fl.Name, "auto with no route to real Salt falls back to sim: %s", fl.Reason)
	assert.Equal(t, simRef, fl.Image, "same inputs, same digest tag")
	assert.Contains(t, fl.Reason, "real Salt unavailable: no route installed Salt "+noRelease)
	assert.Contains(t, fl.Reason, "package index (pip inside the image build)")
}

// debFiles are the Salt .deb files a user dropped into images/salt-real/debs.
func debFiles(t *testing.T, root string) []string {
	t.Helper()
	entries, err := os.ReadDir(root + "/images/salt-real/debs")
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	require.NoError(t, err)
	var debs []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".deb") {
			debs = append(debs, e.Name())
		}
	}
	return debs
}

func assertLabels(ctx context.Context, t *testing.T, cli *client.Client, ref string, want map[string]string) {
	t.Helper()
	info, err := cli.ImageInspect(ctx, ref)
	require.NoError(t, err)
	require.NotNil(t, info.Config)
	for k, v := range want {
		assert.Equal(t, v, info.Config.Labels[k], "label %s of %s", k, ref)
	}
}

// runInImage runs script with bash in a throw-away container and returns
// its combined output and exit code.
func runInImage(ctx context.Context, t *testing.T, cli *client.Client, ref, script string) (string, int) {
	t.Helper()
	created, err := cli.ContainerCreate(ctx, &container.Config{
		Image:  ref,
		Cmd:    []string{"bash", "-c", script},
		Labels: map[string]string{labels.Managed: "true", "io.saltlab.test": t.Name()},
	}, nil, nil, nil, "")
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cli.ContainerRemove(context.Background(), created.ID, container.RemoveOptions{Force: true})
	})
	waitC, errC := cli.ContainerWait(ctx, created.ID, container.WaitConditionNextExit)
	require.NoError(t, cli.ContainerStart(ctx, created.ID, container.StartOptions{}))
	var code int
	select {
	case res := <-waitC:
		code = int(res.StatusCode)
	case err := <-errC:
		require.NoError(t, err)
	}
	logs, err := cli.ContainerLogs(ctx, created.ID, container.LogsOptions{ShowStdout: true, ShowStderr: true})
	require.NoError(t, err)
	defer logs.Close()
	var stdout, stderr bytes.Buffer
	_, err = stdcopy.StdCopy(&stdout, &stderr, logs)
	require.NoError(t, err)
	out := stdout.String() + stderr.String()
	t.Logf("%s:\n%s", script, out)
	return out, code
}
