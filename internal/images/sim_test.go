package images

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

func TestBuildSim(t *testing.T) {
	b, docker, host, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	b.simPackage = "./testdata/standin"

	ref, err := b.BuildSim(context.Background())
	require.NoError(t, err)
	assert.Regexp(t, `^saltlab/salt-sim:[0-9a-f]{12}$`, ref, "a digest tag, so concurrent checkouts keep their own image")

	require.Len(t, host.commands, 1)
	gb := host.commands[0]
	assert.Equal(t, "go", gb.Name)
	assert.Equal(t, b.root, gb.Dir)
	assert.Equal(t, "./testdata/standin", gb.Args[len(gb.Args)-1])
	assert.Contains(t, gb.Args, "-trimpath")
	assert.Contains(t, gb.Env, "CGO_ENABLED=0")

	require.Len(t, docker.builds, 1)
	c := docker.builds[0]
	require.Len(t, c.opts.Tags, 3)
	assert.Equal(t, []string{ref, SimRef}, c.opts.Tags[:2])
	assert.Regexp(t, `^saltlab/salt-sim:src-[0-9a-f]{12}$`, c.opts.Tags[2], "the sources' tag")
	assert.Equal(t, "none", string(c.opts.NetworkMode), "no network in the sim build")
	assert.Equal(t, map[string]string{labels.Flavor: "sim", labels.Managed: "true", labels.PackagesHash: currentHash(t, b), labels.BuiltRef: ref}, c.labels,
		"the base it is built on and its digest tag are recorded")
	assert.Equal(t, "#!fake binary", c.files["saltsim"])
	df := c.files["Dockerfile"]
	assert.True(t, strings.HasPrefix(strings.TrimLeft(stripComments(df), "\n"), "FROM "+BaseRef+"\n"), df)
	assert.Contains(t, df, "COPY saltsim /usr/local/bin/saltsim")
	for _, name := range []string{"salt-master", "salt-minion", "salt-call", "salt-key", "salt ", "salt-run", "salt-api", "salt-syndic"} {
		assert.Contains(t, df, name)
	}
	for _, dir := range []string{"/etc/salt/master.d", "/etc/salt/minion.d", "/etc/salt/pki", "/srv/salt", "/srv/pillar", "/var/cache/salt", "/var/log/salt", "/var/run/salt"} {
		assert.Contains(t, df, dir)
	}
}

// A second build from the same sources finds the image by its sources'
// tag, with no go build and no image build; any change to the checkout,
// or another base, builds again.
func TestBuildSimReusesUnchangedSources(t *testing.T) {
	b, docker, host, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	b.simPackage = "./testdata/standin"
	first, err := b.BuildSim(context.Background())
	require.NoError(t, err)

	again, err := b.BuildSim(context.Background())
	require.NoError(t, err)
	assert.Equal(t, first, again)
	assert.Len(t, host.commands, 1, "no second go build")
	assert.Len(t, docker.builds, 1, "no second image build")

	require.NoError(t, os.WriteFile(filepath.Join(b.root, "changed.go"), []byte("package x\n"), 0o644))
	_, err = b.BuildSim(context.Background())
	require.NoError(t, err)
	assert.Len(t, host.commands, 2, "a changed checkout is built again")

	delete(docker.images, first) // the digest tag removed by hand: the sources' tag alone is not enough
	for tag := range docker.images {
		if strings.Contains(tag, ":src-") {
			docker.images[tag][labels.BuiltRef] = first
		}
	}
	_, err = b.BuildSim(context.Background())
	require.NoError(t, err)
	assert.Len(t, host.commands, 3, "an image whose digest tag is gone is built again")
}

func TestSourcesDigest(t *testing.T) {
	root := t.TempDir()
	write := func(rel, body string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, rel), []byte(body), 0o644))
	}
	write("cmd/saltsim/main.go", "package main\n")
	write("vendor/modules.txt", "# a v1\n")
	digest := func(extra ...string) string {
		d, err := sourcesDigest(root, extra...)
		require.NoError(t, err)
		return d
	}
	base := digest("FROM x")
	assert.Regexp(t, `^[0-9a-f]{12}$`, base)
	for _, rel := range []string{"reports/run/history.jsonl", "bin/saltlab", ".cache/go/x", ".git/HEAD", "vendor/a/a.go"} {
		write(rel, "anything")
		assert.Equal(t, base, digest("FROM x"), "%s is no source", rel)
	}
	assert.NotEqual(t, base, digest("FROM y"), "another Dockerfile")
	write("vendor/modules.txt", "# a v2\n")
	v2 := digest("FROM x")
	assert.NotEqual(t, base, v2, "another vendored module")
	write("cmd/saltsim/main.go", "package main // changed\n")
	assert.NotEqual(t, v2, digest("FROM x"), "a changed source")
}

func TestBuildSimTagFollowsBinary(t *testing.T) {
	dir := t.TempDir()
	bin := dir + "/saltsim"
	require.NoError(t, os.WriteFile(bin, []byte("one"), 0o755))
	a, err := digestRef(simRepo, []byte("FROM x"), bin)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, []byte("two"), 0o755))
	b, err := digestRef(simRepo, []byte("FROM x"), bin)
	require.NoError(t, err)
	c, err := digestRef(simRepo, []byte("FROM y"), bin)
	require.NoError(t, err)
	assert.NotEqual(t, a, b, "another binary, another tag")
	assert.NotEqual(t, b, c, "another Dockerfile, another tag")
	_, err = digestRef(simRepo, nil, dir+"/missing")
	assert.ErrorContains(t, err, "hash binary missing")
}

func TestBuildSimGoBuildFailure(t *testing.T) {
	b, docker, host, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	host.failGo = true
	_, err := b.BuildSim(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "build simulator ./cmd/saltsim")
	assert.Contains(t, err.Error(), "syntax error")
	assert.Empty(t, docker.builds)
}

func TestBuildSimBuildErrorWrapped(t *testing.T) {
	b, docker, _, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	docker.failBuild = func(buildCall) string { return "The command '/bin/sh -c exit 7' returned a non-zero code: 7" }
	_, err := b.BuildSim(context.Background())
	require.Error(t, err)
	assert.Regexp(t, `^build image saltlab/salt-sim:[0-9a-f]{12}: The command '/bin/sh -c exit 7' returned a non-zero code: 7$`, err.Error())
}

func stripComments(dockerfile string) string {
	var out []string
	for _, l := range strings.Split(dockerfile, "\n") {
		if !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
