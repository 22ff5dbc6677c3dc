package images

import (
	"context"
	"os"
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
	assert.Equal(t, []string{ref, SimRef}, c.opts.Tags)
	assert.Equal(t, "none", string(c.opts.NetworkMode), "no network in the sim build")
	assert.Equal(t, map[string]string{labels.Flavor: "sim", labels.Managed: "true", labels.PackagesHash: currentHash(t, b)}, c.opts.Labels, "the base it is built on is recorded")
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
