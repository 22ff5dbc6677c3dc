package images

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

const registryDown = `Get "https://registry.example.invalid/v2/": dial tcp: lookup registry.example.invalid: no such host`

func TestEnsureBaseUpToDate(t *testing.T) {
	b, docker, host, log := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b), labels.Managed: "true"}

	ref, err := b.EnsureBase(context.Background())
	require.NoError(t, err)
	assert.Equal(t, BaseRef, ref)
	assert.Contains(t, log.String(), "base image up to date")
	assert.Empty(t, docker.builds)
	assert.Empty(t, docker.imports)
	assert.Empty(t, host.commands)
}

func TestEnsureBaseDockerfilePath(t *testing.T) {
	b, docker, host, log := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: "stale"}

	_, err := b.EnsureBase(context.Background())
	require.NoError(t, err)
	assert.Contains(t, log.String(), `has packages sha256 "stale"`)
	require.Len(t, docker.builds, 1)
	call := docker.builds[0]
	assert.Equal(t, []string{BaseRef}, call.opts.Tags)
	assert.Equal(t, currentHash(t, b), call.labels[labels.PackagesHash])
	assert.Equal(t, "true", call.labels[labels.Managed])
	assert.Contains(t, call.files["Dockerfile"], "FROM debian:bookworm-slim")
	assert.Contains(t, call.files["packages.txt"], "nginx-light")
	assert.Empty(t, host.commands, "no debootstrap when the Dockerfile build works")
}

func TestEnsureBaseDebootstrapFallback(t *testing.T) {
	tests := []struct {
		name       string
		dropLabels bool
		wantBuilds int // Dockerfile attempt, plus a relabel build if needed
	}{
		{name: "import keeps labels", wantBuilds: 1},
		{name: "import drops labels", dropLabels: true, wantBuilds: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, docker, host, log := newTestBuilder(t, nil)
			docker.failBuild = failFrom("debian:bookworm-slim", registryDown)
			docker.dropLabels = tt.dropLabels
			hash := currentHash(t, b)

			ref, err := b.EnsureBase(context.Background())
			require.NoError(t, err)
			assert.Equal(t, BaseRef, ref)
			assert.Contains(t, log.String(), "falling back to debootstrap")
			assert.Contains(t, log.String(), "debootstrap: I: Base system installed successfully.")
			assert.NotContains(t, log.String(), "I: Retrieving bash", "per-package chatter is filtered")
			assert.Regexp(t, `debootstrap bookworm .* done in \d`, log.String())

			require.Len(t, host.commands, 1)
			c := host.commands[0]
			assert.Equal(t, "/usr/sbin/debootstrap", c.Name)
			assert.Equal(t, "--variant=minbase", c.Args[0])
			assert.Equal(t, "--include=bash,ca-certificates,curl,iproute2,iptables,iputils-ping,libnginx-mod-stream,netcat-openbsd,nginx-light,procps,python3,python3-venv,socat", c.Args[1])
			assert.Equal(t, []string{"bookworm", host.rootfs, "http://mirror.example.invalid/debian"}, c.Args[2:])

			require.Len(t, docker.imports, 1)
			assert.Contains(t, docker.imports[0].Changes, `CMD ["bash"]`)
			assert.Contains(t, docker.imports[0].Changes, `LABEL "`+labels.PackagesHash+`"="`+hash+`"`)
			assert.Contains(t, docker.imported, "./etc/os-release")
			for _, name := range docker.imported {
				assert.False(t, strings.HasSuffix(name, ".deb") || strings.HasSuffix(name, ".bin") || strings.Contains(name, "lists/x_"), "trimmed: %s", name)
			}
			assert.Len(t, docker.builds, tt.wantBuilds)
			assert.Equal(t, hash, docker.images[BaseRef][labels.PackagesHash])
			assert.Equal(t, "true", docker.images[BaseRef][labels.Managed])

			_, err = os.Stat(host.rootfs)
			assert.True(t, errors.Is(err, os.ErrNotExist), "temp rootfs removed")
		})
	}
}

func TestEnsureBaseDebootstrapPrerequisites(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(b *Builder)
		wantErr []string
	}{
		{
			name:    "debootstrap missing",
			setup:   func(b *Builder) { b.lookPath = func(string) (string, error) { return "", errors.New("not found") } },
			wantErr: []string{"install debootstrap: apt-get install debootstrap", registryDown},
		},
		{
			name:    "not root",
			setup:   func(b *Builder) { b.geteuid = func() int { return 1000 } },
			wantErr: []string{"debootstrap needs root (running as uid 1000)"},
		},
		{
			name: "no mirror",
			setup: func(b *Builder) {
				b.mirror = func(context.Context, string) (string, error) { return "", errors.New("no apt source") }
			},
			wantErr: []string{"find Debian mirror: no apt source"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, docker, host, _ := newTestBuilder(t, nil)
			docker.failBuild = failFrom("debian:bookworm-slim", registryDown)
			tt.setup(b)
			_, err := b.EnsureBase(context.Background())
			require.Error(t, err)
			assert.Contains(t, err.Error(), "build image "+BaseRef)
			for _, s := range tt.wantErr {
				assert.Contains(t, err.Error(), s)
			}
			assert.Empty(t, host.commands)
			assert.Empty(t, docker.imports)
		})
	}
}

func TestEnsureBaseCanceledSkipsFallback(t *testing.T) {
	b, docker, host, _ := newTestBuilder(t, nil)
	docker.failBuild = failFrom("debian:bookworm-slim", registryDown)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := b.EnsureBase(ctx)
	require.Error(t, err)
	assert.Empty(t, host.commands)
}

func TestMountsUnderUnescape(t *testing.T) {
	assert.Equal(t, "/tmp/a b/c", unescapeMount(`/tmp/a\040b/c`))
	assert.Equal(t, `/tmp/x\0`, unescapeMount(`/tmp/x\0`))
	assert.Empty(t, mountsUnder(t.TempDir()))
}
