//go:build docker

package images_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/images/saltdist/saltdisttest"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/testenv"
)

// TestDockerBuildRealFromDebs runs install-salt's deb route with stand-in
// .deb files (real Salt packages are not in the repo), offline. The
// stand-in image is removed afterwards so auto never reuses it.
func TestDockerBuildRealFromDebs(t *testing.T) {
	if _, err := exec.LookPath("dpkg-deb"); err != nil {
		t.Fatalf("dpkg-deb is needed for this test: %v", err)
	}
	ctx, cli, root := realTestSetup(t, "3006.99")
	debs := filepath.Join(root, "images/salt-real/debs")
	require.NoError(t, os.MkdirAll(debs, 0o755))
	for _, name := range []string{"salt-common", "salt-master"} {
		buildStandinDeb(t, name, debs)
	}
	b := images.NewBuilder(cli, root, &lineLog{t: t}, images.WithGetenv(func(string) string { return "" }), noPip)
	img, err := b.BuildReal(ctx, "3006.99")
	require.NoError(t, err)
	assert.Equal(t, images.RealImage{Ref: images.RealRepo + ":3006.99", Version: "3006.99", Route: "deb"}, img)
	assertLabels(ctx, t, cli, img.Ref, map[string]string{labels.Flavor: "real", labels.Managed: "true", labels.SaltVersion: "3006.99", labels.SaltRoute: "deb"})
	out, code := runInImage(ctx, t, cli, img.Ref, "salt-call --version && test -d /etc/salt/master.d && test ! -e /tmp/saltlab-salt")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "3006.99")
	// The system Python imports the package's salt: its option list.
	assertOptionList(ctx, t, b, img.Ref, "3006.99")
}

// assertOptionList reads the option list back from the image, as a run
// does before bring-up, and checks it is what salt-options.py made of
// images.StandinSalt.
func assertOptionList(ctx context.Context, t *testing.T, b *images.Builder, ref, version string) {
	t.Helper()
	l, err := b.SaltOptions(ctx, ref)
	require.NoError(t, err)
	assert.Equal(t, images.StandinList(version), l)
}

// TestDockerBuildRealFromWheelhouse runs install-salt's wheelhouse route
// for real: Debian's python3-venv and pip install, with no network, from a
// SALTLAB_WHEELHOUSE of stand-in wheels whose console scripts only print a
// version. It proves the recipe (venv, PATH, version check, tag, labels),
// not Salt.
func TestDockerBuildRealFromWheelhouse(t *testing.T) {
	ctx, cli, root := realTestSetup(t, "3008.77")
	wh := t.TempDir()
	scripts := map[string]string{}
	for _, c := range []string{"salt", "salt-master", "salt-minion", "salt-call", "salt-key", "salt-run", "salt-api", "salt-syndic", "salt-cp"} {
		scripts[c] = "import sys\ndef main():\n    print(sys.argv[0].rsplit('/', 1)[-1] + ' 3008.77 (saltlab stand-in, not Salt)')\n"
	}
	saltdisttest.WriteWheel(t, filepath.Join(wh, "salt-3008.77-py3-none-any.whl"), saltdisttest.Wheel{File: "salt-3008.77-py3-none-any.whl", Requires: []string{"fakezmq>=2"}, Scripts: scripts, Files: images.StandinSalt(t, "3008.77")})
	saltdisttest.WriteWheel(t, filepath.Join(wh, "fakezmq-2.0-cp311-cp311-manylinux_2_17_x86_64.whl"), saltdisttest.Wheel{File: "fakezmq-2.0-cp311-cp311-manylinux_2_17_x86_64.whl"})
	saltdisttest.WriteWheel(t, filepath.Join(wh, "CherryPy-18.10.0-py3-none-any.whl"), saltdisttest.Wheel{File: "CherryPy-18.10.0-py3-none-any.whl"})
	env := map[string]string{images.EnvWheelhouse: wh}
	b := images.NewBuilder(cli, root, &lineLog{t: t}, images.WithGetenv(func(k string) string { return env[k] }), noPip)
	img, err := b.BuildReal(ctx, "3008")
	require.NoError(t, err)
	assert.Equal(t, images.RealImage{Ref: images.RealRepo + ":3008.77", Version: "3008.77", Route: "wheelhouse"}, img)
	assertLabels(ctx, t, cli, img.Ref, map[string]string{labels.Flavor: "real", labels.SaltVersion: "3008.77", labels.SaltRoute: "wheelhouse"})
	out, code := runInImage(ctx, t, cli, img.Ref, "set -e; for c in salt salt-master salt-minion salt-call salt-key salt-run salt-api salt-syndic salt-cp; do command -v $c; $c --version; done; "+
		"/opt/salt-venv/bin/python -c 'import fakezmq_standin, cherrypy_standin'; test -d /var/cache/salt; test ! -e /tmp/saltlab-salt")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "/usr/local/bin/salt-syndic")
	assert.Contains(t, out, "salt-api 3008.77 (saltlab stand-in, not Salt)")
	assertOptionList(ctx, t, b, img.Ref, "3008.77")
}

// TestDockerRealSaltFromPackageIndex is the real-Salt check: where the
// host's pip reaches a package index, it builds genuine Salt of the
// default line and runs it. Where it does not, it cannot check that, so
// it fails under CI and skips elsewhere (testenv.NeedRealSalt); what
// `real` says when no route works is TestRealUnavailableError's.
func TestDockerRealSaltFromPackageIndex(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	root, err := images.FindRepoRoot(".")
	require.NoError(t, err)
	pip, perr := saltdist.FindPip(ctx, nil)
	reachable := false
	if perr == nil {
		_, rerr := pip.Releases(ctx)
		reachable = rerr == nil
	}
	b := images.NewBuilder(cli, root, &lineLog{t: t}, images.WithGetenv(func(k string) string {
		if k == images.EnvWheelhouse || strings.HasPrefix(k, "SALT_APT_") {
			return "" // only the pip routes are under test
		}
		return os.Getenv(k)
	}))
	if !reachable {
		testenv.NeedRealSalt(t, fmt.Sprintf("no package index is reachable from this host's pip (%v), so Salt cannot be installed from it", perr))
	}
	img, err := b.BuildReal(ctx, "")
	require.NoError(t, err, "real Salt from the package index")
	out, code := runInImage(ctx, t, cli, img.Ref, realSmoke)
	t.Logf("smoke test of %s:\n%s", img.Ref, out)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "Salt: "+img.Version)
	for _, d := range []string{"salt-master", "salt-minion", "salt-api", "salt-syndic"} {
		assert.Contains(t, out, "running: "+d)
	}
	assert.Contains(t, out, "local: True")
	assert.Contains(t, out, "listening: 3, connected to 4505: 2", "the minion and the syndic signed in to the master")
	l, err := b.SaltOptions(ctx, img.Ref)
	require.NoError(t, err, "the image keeps its release's option list")
	assert.Equal(t, img.Version, l.SaltVersion)
	for _, o := range []string{"master_alive_interval", "master_type", "auth_timeout"} {
		assert.True(t, l.Known(saltopts.Minion, o), o)
	}
}

// realSmoke starts each daemon the lab runs, waits until the master and
// salt-api listen and the minion and the syndic hold their publisher
// connections (their keys auto-accepted), checks each daemon still runs
// (an import error kills it at once), and prints Salt's own versions
// report. The bound waits are named in the script.
const realSmoke = `set -u
salt --versions-report
mkdir -p /etc/salt/master.d
# auto_accept: the minion and the syndic connect to the publisher only
# once their keys are accepted; without it the wait below always ran out.
printf 'rest_cherrypy:\n  port: 8000\n  disable_ssl: True\norder_masters: True\nauto_accept: True\n' >/etc/salt/master.d/smoke.conf
printf 'master: 127.0.0.1\nid: smoke\n' >/etc/salt/minion
printf 'syndic_master: 127.0.0.1\n' >/etc/salt/master.d/syndic.conf
salt-master -d && salt-minion -d && salt-api -d && salt-syndic -d
# Ready when the master listens on 4505, 4506 and salt-api on 8000, and
# the minion and the syndic both hold a connection to the publisher.
ready_within=90 # seconds, for a cold start on 2 cores
for i in $(seq $((ready_within * 4))); do
  listening=$(ss -Hltn '( sport = :4505 or sport = :4506 or sport = :8000 )' | wc -l)
  connected=$(ss -Htn state established '( dport = :4505 )' | wc -l)
  [ "$listening" -ge 3 ] && [ "$connected" -ge 2 ] && break
  sleep 0.25
done
echo "listening: $listening, connected to 4505: $connected"
fail=0
if [ "$listening" -lt 3 ] || [ "$connected" -lt 2 ]; then
  echo "NOT ready within ${ready_within}s: want 3 listening ports and 2 publisher connections"; fail=1
fi
for d in salt-master salt-minion salt-api salt-syndic; do
  if pgrep -f "bin/$d" >/dev/null; then echo "running: $d"; else echo "NOT running: $d"; fail=1; fi
done
salt-call --local test.ping --out=txt
for f in /var/log/salt/*; do echo "== $f"; tail -5 "$f"; done
exit $fail
`

// realTestSetup gives a throw-away repository root with the real recipe
// and base list, and removes the image of version afterwards.
func realTestSetup(t *testing.T, version string) (context.Context, *client.Client, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	t.Cleanup(cancel)
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { cli.Close() })
	ref := images.RealRepo + ":" + version
	t.Cleanup(func() {
		_, _ = cli.ImageRemove(context.Background(), ref, image.RemoveOptions{Force: true, PruneChildren: true})
	})
	return ctx, cli, recipeRoot(t)
}

// recipeRoot is a repository root holding only the image recipes, copied
// from this checkout: an image built from it is what the checkout builds.
func recipeRoot(t *testing.T) string {
	t.Helper()
	repo, err := images.FindRepoRoot(".")
	require.NoError(t, err)
	root := t.TempDir()
	for _, rel := range []string{"images/base/packages.txt", "images/base/Dockerfile", "images/salt-real/Dockerfile", "images/salt-real/install-salt", "images/salt-real/salt-options.py"} {
		copyFile(t, filepath.Join(repo, rel), filepath.Join(root, rel))
	}
	return root
}

// noPip keeps the host's pip out of a test that must not use the network.
var noPip = images.WithPip(func(context.Context) (saltdist.Pip, error) { return saltdist.Pip{}, saltdist.ErrNoPip })

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	st, err := os.Stat(src)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
	require.NoError(t, os.WriteFile(dst, b, st.Mode().Perm()))
}

// buildStandinDeb makes a minimal package; salt-common carries a salt-call
// that reports a 3006 version, which the Dockerfile checks.
func buildStandinDeb(t *testing.T, name, outDir string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "DEBIAN"), 0o755))
	control := fmt.Sprintf("Package: %s\nVersion: 3006.99\nArchitecture: all\nMaintainer: saltlab test <test@example.invalid>\nDescription: saltlab stand-in\n", name)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "DEBIAN/control"), []byte(control), 0o644))
	if name == "salt-common" {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "usr/bin"), 0o755))
		for _, c := range []string{"salt", "salt-call"} {
			script := "#!/bin/sh\necho '" + c + " 3006.99 (saltlab stand-in)'\n"
			require.NoError(t, os.WriteFile(filepath.Join(dir, "usr/bin", c), []byte(script), 0o755))
		}
		// Where Debian's python3 finds a package's modules.
		for rel, body := range images.StandinSalt(t, "3006.99") {
			p := filepath.Join(dir, "usr/lib/python3/dist-packages", rel)
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		}
	}
	out, err := exec.Command("dpkg-deb", "--build", "--root-owner-group", dir, filepath.Join(outDir, name+"_3006.99_all.deb")).CombinedOutput()
	require.NoError(t, err, string(out))
}

// TestDockerRealSaltFromCarriedWheelhouse is the air-gapped host: a
// wheelhouse made by `saltlab wheelhouse` here, handed over as
// SALTLAB_WHEELHOUSE to a builder with no pip at all, builds the same real
// Salt image with the build's network off (the wheelhouse route always
// builds with --network none).
func TestDockerRealSaltFromCarriedWheelhouse(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	pip, err := saltdist.FindPip(ctx, nil)
	if err == nil {
		_, err = pip.Releases(ctx)
	}
	if err != nil {
		testenv.NeedRealSalt(t, fmt.Sprintf("no package index is reachable from this host's pip (%v), so no wheelhouse can be made here", err))
	}
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	repo, err := images.FindRepoRoot(".")
	require.NoError(t, err)
	carried := filepath.Join(t.TempDir(), "salt-wheels")
	maker := images.NewBuilder(cli, repo, &lineLog{t: t})
	// The default line's release as BuildReal picks it (the newest the
	// index can give); at once when make test already built it.
	built, err := maker.BuildReal(ctx, "")
	require.NoError(t, err)
	v, err := saltver.Parse(built.Version)
	require.NoError(t, err)
	require.NoError(t, carry(ctx, maker, repo, carried, v))
	require.NoError(t, saltdist.Validate(carried, v, saltdist.ImageTarget(runtime.GOARCH)))

	// The air-gapped host: no pip, only the carried folder. The host's
	// image loses its tag, so the builder must build, but a keeper tag
	// holds its layers: Docker's build cache keys a COPY by the files'
	// content, so a carried folder that is byte for byte the wheelhouse
	// this host installed from with the network off gives the very same
	// image in seconds (the builder then reads the release from the
	// image's option list), where a full rebuild took 2 to 5 minutes of
	// every CI run; a folder that differs in any file is installed afresh,
	// offline. Either way the image is genuine Salt v of this checkout's
	// recipe and stays for the tests after this one.
	root := recipeRoot(t)
	ref := images.RealRepo + ":" + v.String()
	keeper := images.RealRepo + ":carried-test-keeper"
	hostImg, err := cli.ImageInspect(ctx, ref)
	require.NoError(t, err)
	require.NoError(t, cli.ImageTag(ctx, ref, keeper))
	defer func() { _, _ = cli.ImageRemove(context.Background(), keeper, image.RemoveOptions{}) }()
	_, err = cli.ImageRemove(ctx, ref, image.RemoveOptions{}) // untags: the keeper holds the layers
	require.NoError(t, err)
	b := images.NewBuilder(cli, root, &lineLog{t: t}, noPip, images.WithGetenv(func(k string) string {
		if k == images.EnvWheelhouse {
			return carried
		}
		return ""
	}))
	img, err := b.BuildReal(ctx, v.String())
	require.NoError(t, err)
	assert.Equal(t, "wheelhouse", img.Route)
	carriedImg, err := cli.ImageInspect(ctx, img.Ref)
	require.NoError(t, err)
	t.Logf("the carried folder's image is %s, the host's was %s (the same when the build cache matched every file)", carriedImg.ID, hostImg.ID)
	out, code := runInImage(ctx, t, cli, img.Ref, "salt --version && salt-call --local test.ping --out=txt")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "salt "+v.String())
	assert.Contains(t, out, "local: True")
}

// carry is what `saltlab wheelhouse --dir DIR` leaves: the host cache's
// folder of v when a run here already filled it (a copy: make test builds
// real Salt once), else a fresh one.
func carry(ctx context.Context, b *images.Builder, repo, dir string, v saltver.Version) error {
	cache := saltdist.CacheDir(repo, v, saltdist.ImageTarget(runtime.GOARCH))
	if saltdist.Validate(cache, v, saltdist.ImageTarget(runtime.GOARCH)) != nil {
		return b.FillWheelhouse(ctx, dir, v)
	}
	return os.CopyFS(dir, os.DirFS(cache))
}
