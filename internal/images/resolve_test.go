package images

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/labels"
)

func TestResolve(t *testing.T) {
	aptEnv := map[string]string{
		EnvSaltAptURI:    "https://salt.example.invalid/deb",
		EnvSaltAptKeyURL: "https://salt.example.invalid/key",
		EnvSaltAptSuite:  "stable",
	}
	tests := []struct {
		name       string
		flavor     string
		env        map[string]string
		debs       []string
		realImage  bool   // an earlier real image exists
		failReal   string // the real build fails with this
		want       Flavor
		wantReason string
		wantErr    string
		wantRealIs bool // errors.Is(err, ErrRealUnavailable)
		wantBuilds []string
	}{
		{
			name: "sim", flavor: "sim",
			want:       Flavor{Name: FlavorSim, Image: SimRef, Reason: "sim requested"},
			wantBuilds: []string{SimRef},
		},
		{
			name: "real without source fails before building", flavor: "real",
			wantErr: "resolve flavour real: real Salt image unavailable: no Salt source", wantRealIs: true,
		},
		{
			name: "real with key missing", flavor: "real", env: map[string]string{EnvSaltAptURI: "https://salt.example.invalid/deb"},
			wantErr: "SALT_APT_URI is set but SALT_APT_KEY_URL is not", wantRealIs: true,
		},
		{
			name: "real with a bad URI", flavor: "real", env: map[string]string{EnvSaltAptURI: "salt.example.invalid", EnvSaltAptKeyURL: "https://k.example.invalid"},
			wantErr: "must be single http(s) URLs", wantRealIs: true,
		},
		{
			name: "real from apt", flavor: "real", env: aptEnv,
			want:       Flavor{Name: FlavorReal, Image: RealRef, Reason: "real requested"},
			wantBuilds: []string{RealRef},
		},
		{
			name: "real build failure is returned", flavor: "real", env: aptEnv, failReal: "salt-call: not found",
			wantErr:    "build image " + RealRef + ": salt-call: not found",
			wantBuilds: []string{RealRef},
		},
		{
			name: "auto without source falls back to sim", flavor: "auto",
			want:       Flavor{Name: FlavorSim, Image: SimRef},
			wantReason: "real Salt unavailable: no Salt source: no .deb files in images/salt-real/debs/ and SALT_APT_URI is not set",
			wantBuilds: []string{SimRef},
		},
		{
			name: "empty means auto", flavor: "",
			want:       Flavor{Name: FlavorSim, Image: SimRef},
			wantReason: "real Salt unavailable",
			wantBuilds: []string{SimRef},
		},
		{
			name: "auto with debs builds real", flavor: "auto", debs: []string{"salt-master_3006.9_amd64.deb", "salt-common_3006.9_amd64.deb"},
			want:       Flavor{Name: FlavorReal, Image: RealRef, Reason: "real Salt image available"},
			wantBuilds: []string{RealRef},
		},
		{
			name: "auto with failing real build falls back with the reason", flavor: "auto", env: aptEnv, failReal: "no such host",
			want:       Flavor{Name: FlavorSim, Image: SimRef},
			wantReason: "real Salt image build failed: build image " + RealRef + ": no such host",
			wantBuilds: []string{RealRef, SimRef},
		},
		{
			name: "auto reuses an earlier real image", flavor: "auto", realImage: true,
			want: Flavor{Name: FlavorReal, Image: RealRef, Reason: "real Salt image available"},
		},
		{
			name: "unknown flavour", flavor: "salty",
			wantErr: `unknown flavour "salty": want one of auto, real, sim`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, docker, _, _ := newTestBuilder(t, tt.env)
			b.simPackage = "./testdata/standin"
			docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
			if tt.realImage {
				docker.images[RealRef] = flavorLabels("real")
			}
			if tt.failReal != "" {
				docker.failBuild = func(c buildCall) string {
					if c.opts.Tags[0] == RealRef {
						return tt.failReal
					}
					return ""
				}
			}
			for _, d := range tt.debs {
				require.NoError(t, os.WriteFile(filepath.Join(b.path(realDebsDir), d), []byte("deb"), 0o644))
			}

			got, err := b.Resolve(context.Background(), tt.flavor)
			got.Image = simLatest(got.Image)
			var tags []string
			for _, c := range docker.builds {
				tags = append(tags, simLatest(c.opts.Tags[0]))
			}
			assert.Equal(t, tt.wantBuilds, tags, "builds attempted")
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.Equal(t, tt.wantRealIs, errors.Is(err, ErrRealUnavailable))
				return
			}
			require.NoError(t, err)
			if tt.wantReason != "" {
				assert.Contains(t, got.Reason, tt.wantReason)
				got.Reason = ""
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestBuildRealOptions(t *testing.T) {
	t.Run("debs: offline, copied into the context", func(t *testing.T) {
		b, docker, _, _ := newTestBuilder(t, map[string]string{EnvSaltAptURI: "https://salt.example.invalid/deb"})
		docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
		require.NoError(t, os.WriteFile(filepath.Join(b.path(realDebsDir), "salt-api_3006.9_amd64.deb"), []byte("DEB"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(b.path(realDebsDir), "notes.txt"), []byte("x"), 0o644))

		_, err := b.BuildReal(context.Background())
		require.NoError(t, err)
		require.Len(t, docker.builds, 1)
		c := docker.builds[0]
		assert.Equal(t, "none", string(c.opts.NetworkMode))
		assert.Equal(t, "DEB", c.files["debs/salt-api_3006.9_amd64.deb"])
		assert.NotContains(t, c.files, "debs/notes.txt")
		assert.NotContains(t, c.opts.BuildArgs, EnvSaltAptURI, "debs win over the apt repository")
		assert.Equal(t, map[string]string{labels.Flavor: "real", labels.Managed: "true"}, c.opts.Labels)
	})
	t.Run("apt: build args, empty debs dir", func(t *testing.T) {
		b, docker, _, _ := newTestBuilder(t, map[string]string{
			EnvSaltAptURI:        " https://salt.example.invalid/deb ",
			EnvSaltAptKeyURL:     "https://salt.example.invalid/key.pgp",
			EnvSaltAptComponents: "main extra",
		})
		docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}

		_, err := b.BuildReal(context.Background())
		require.NoError(t, err)
		require.Len(t, docker.builds, 1)
		c := docker.builds[0]
		assert.Empty(t, string(c.opts.NetworkMode))
		args := map[string]string{}
		for k, v := range c.opts.BuildArgs {
			args[k] = *v
		}
		assert.Equal(t, map[string]string{
			"SALT_MAJOR":         SaltMajor,
			EnvSaltAptURI:        "https://salt.example.invalid/deb",
			EnvSaltAptKeyURL:     "https://salt.example.invalid/key.pgp",
			EnvSaltAptComponents: "main extra",
		}, args)
		assert.Contains(t, c.files, "debs/")
		assert.Contains(t, c.files["Dockerfile"], "FROM "+BaseRef)
	})
}

func TestRealUnavailableError(t *testing.T) {
	var err error = &RealUnavailableError{Reason: "why"}
	assert.True(t, errors.Is(err, ErrRealUnavailable))
	assert.EqualError(t, err, "real Salt image unavailable: why")
	var ue *RealUnavailableError
	require.True(t, errors.As(errors.Join(errors.New("x"), err), &ue))
	assert.Equal(t, "why", ue.Reason)
}

// simLatest maps the simulator's digest tag to SimRef, so that tables can
// name the simulator image without knowing the stand-in binary's digest.
func simLatest(ref string) string {
	if regexp.MustCompile(`^saltlab/salt-sim:[0-9a-f]{12}$`).MatchString(ref) {
		return SimRef
	}
	return ref
}
