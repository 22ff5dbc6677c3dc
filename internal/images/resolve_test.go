package images

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/images/saltdist/saltdisttest"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
)

// pipAnswers is a stand-in host pip: the first key that occurs in a pip
// command line gives its output; "!" before the output makes it fail.
func pipAnswers(t testing.TB, answers map[string]string) func(context.Context) (saltdist.Pip, error) {
	run := pipRun(t, answers)
	return func(context.Context) (saltdist.Pip, error) {
		return saltdist.NewPip([]string{"python3", "-m", "pip"}, run), nil
	}
}

// pipRun runs a pip command line against answers, as pipAnswers says.
func pipRun(t testing.TB, answers map[string]string) func(context.Context, []string) (string, error) {
	return func(_ context.Context, argv []string) (string, error) {
		line := strings.Join(argv, " ")
		for k, out := range answers {
			if strings.Contains(line, k) {
				if rest, failed := strings.CutPrefix(out, "!"); failed {
					return rest, errors.New("exit status 1")
				}
				dir := ""
				for i, a := range argv {
					if (a == "--wheel-dir" || a == "--dest") && i+1 < len(argv) {
						dir = argv[i+1]
					}
				}
				switch {
				case dir != "" && strings.Contains(line, "--no-binary salt"):
					saltdisttest.WriteSdist(t, filepath.Join(dir, "salt-3008.5.tar.gz"), saltdisttest.Sdist{Files: map[string]string{"pyproject.toml": "[build-system]\nrequires = []\n"}})
				case dir != "" && strings.Contains(line, "wheel --no-deps"):
					saltdisttest.WriteWheel(t, filepath.Join(dir, "salt-3008.5-py3-none-any.whl"), saltdisttest.Wheel{Requires: []string{"pyzmq"}})
				case dir != "" && strings.Contains(line, "download --dest"):
					_ = os.WriteFile(filepath.Join(dir, "pyzmq-27.0-cp311-cp311-manylinux_2_28_x86_64.whl"), []byte("w"), 0o644)
				}
				return out, nil
			}
		}
		return "ERROR: unexpected pip call " + line, errors.New("exit status 2")
	}
}

const unreachable = "!WARNING: Retrying (Retry(total=0)) after connection broken by 'NewConnectionError(...: Failed to establish a new connection: [Errno -2] Name or service not known)': /simple/salt/\nERROR: No matching distribution found for salt\n"

func TestResolve(t *testing.T) {
	aptEnv := map[string]string{
		EnvSaltAptURI:    "https://salt.example.invalid/deb",
		EnvSaltAptKeyURL: "https://salt.example.invalid/key",
		EnvSaltAptSuite:  "stable",
	}
	reachable := map[string]string{"index versions": "salt (3008.5)\nAvailable versions: 3008.5, 3008.4, 3007.14\n", "--no-binary": "", "wheel --no-deps": "", "download --dest": ""}
	tests := []struct {
		name       string
		flavor     string
		version    string
		env        map[string]string
		pip        map[string]string // nil: the host has no pip
		debs       []string
		failIndex  string // the index route's build fails with this output
		want       Flavor
		wantReason string
		wantErr    []string
		wantRealIs bool
		wantBuilds []string
	}{
		{
			name: "sim", flavor: "sim",
			want:       Flavor{Name: FlavorSim, Image: SimRef},
			wantReason: "sim requested", wantBuilds: []string{SimRef},
		},
		{
			name: "wheelhouse filled by the host's pip, built offline", flavor: "real", pip: reachable,
			want:       Flavor{Name: FlavorReal, Image: RealRepo + ":3008.5", Version: "3008.5", Route: "wheelhouse"},
			wantReason: "real requested; Salt 3008.5 installed by route wheelhouse",
			wantBuilds: []string{RealRepo + ":3008.5"},
		},
		{
			name: "no pip and no index: every route named", flavor: "real", failIndex: "ERROR: No matching distribution found for salt==3008.*\nsaltlab: error: pip could not install salt==3008.* CherryPy from the package index pip is configured for\n",
			wantErr: []string{
				"no route installed Salt 3008; tried, in order:",
				"- resolve line 3008 to a release: the host has no pip (python3 -m pip): install Debian's python3-pip, or set SALTLAB_WHEELHOUSE",
				"- .deb files in images/salt-real/debs/: none in images/salt-real/debs/",
				"- apt repository (SALT_APT_URI): SALT_APT_URI is not set",
				"- wheelhouse: skipped: the release of line 3008 is unknown",
				"- package index (pip inside the image build): image build failed:\n      ERROR: No matching distribution found for salt==3008.*\n      saltlab: error: pip could not install",
			},
			wantRealIs: true,
			wantBuilds: []string{RealRepo + ":3008-pending"},
		},
		{
			name: "index unreachable from the host and the build", flavor: "real", version: "3007.8",
			pip:       map[string]string{"index versions": unreachable, "--no-binary": unreachable},
			failIndex: unreachable[1:],
			wantErr: []string{
				"- wheelhouse: download the source archive of salt==3007.8 (pip download --no-binary): cannot reach the package index pip is configured for",
				"Name or service not known",
				"- package index (pip inside the image build): image build failed:",
			},
			wantRealIs: true,
			wantBuilds: []string{RealRepo + ":3007.8"},
		},
		{
			name: "unknown release is the user's error, not a fallback", flavor: "auto", version: "3008.99", pip: reachable,
			wantErr: []string{"unknown Salt release: salt 3008.99 is not available; newest releases of line 3008: 3008.5, 3008.4"},
		},
		{
			name: "index route resolves a line inside the build", flavor: "real", version: "3007",
			want:       Flavor{Name: FlavorReal, Image: RealRepo + ":3007.5", Version: "3007.5", Route: "index"},
			wantReason: "installed by route index",
			wantBuilds: []string{RealRepo + ":3007-pending", RealRepo + ":3007.5"},
		},
		{
			name: "debs come first", flavor: "real", version: "3006.9", debs: []string{"salt-master_3006.9_amd64.deb"},
			want:       Flavor{Name: FlavorReal, Image: RealRepo + ":3006.9", Version: "3006.9", Route: "deb"},
			wantReason: "route deb", wantBuilds: []string{RealRepo + ":3006.9"},
			wantErr: nil,
		},
		{
			name: "apt repository", flavor: "real", version: "3006.9", env: aptEnv,
			want:       Flavor{Name: FlavorReal, Image: RealRepo + ":3006.9", Version: "3006.9", Route: "apt"},
			wantReason: "route apt", wantBuilds: []string{RealRepo + ":3006.9"},
		},
		{
			name: "auto falls back to sim and says why", flavor: "auto", failIndex: "saltlab: error: pip could not install\n",
			want:       Flavor{Name: FlavorSim, Image: SimRef},
			wantReason: "real Salt unavailable: no route installed Salt 3008 (resolve line 3008 to a release: the host has no pip",
			wantBuilds: []string{RealRepo + ":3008-pending", SimRef},
		},
		{
			name: "bad version", flavor: "auto", version: "banana",
			wantErr: []string{`bad salt version: "banana": want a release line such as 3008`},
		},
		{
			name: "unknown flavour", flavor: "salty",
			wantErr: []string{`unknown flavour "salty": want one of auto, real, sim`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, docker, _, _ := newTestBuilder(t, tt.env)
			b.simPackage = "./testdata/standin"
			if tt.pip != nil {
				b.pip = pipAnswers(t, tt.pip)
			}
			docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
			docker.failBuild = func(c buildCall) string {
				if r := c.opts.BuildArgs["SALT_ROUTE"]; r != nil && *r == "index" && tt.failIndex != "" {
					return tt.failIndex
				}
				return ""
			}
			for _, d := range tt.debs {
				require.NoError(t, os.WriteFile(filepath.Join(b.path(realDebsDir), d), []byte("deb"), 0o644))
			}

			got, err := b.Resolve(context.Background(), tt.flavor, tt.version)
			got.Image = simLatest(got.Image)
			var tags []string
			for _, c := range docker.builds {
				tags = append(tags, simLatest(c.opts.Tags[0]))
			}
			assert.Equal(t, tt.wantBuilds, tags, "builds attempted")
			if tt.wantErr != nil {
				require.Error(t, err)
				for _, w := range tt.wantErr {
					assert.Contains(t, err.Error(), w)
				}
				assert.Equal(t, tt.wantRealIs, errors.Is(err, ErrRealUnavailable))
				return
			}
			require.NoError(t, err)
			assert.Contains(t, got.Reason, tt.wantReason)
			got.Reason = ""
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestBuildRealRoutes(t *testing.T) {
	args := func(c buildCall) map[string]string {
		m := map[string]string{}
		for k, v := range c.opts.BuildArgs {
			m[k] = *v
		}
		return m
	}
	t.Run("wheelhouse from SALTLAB_WHEELHOUSE: offline, wheels in the context, labelled", func(t *testing.T) {
		wh := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(wh, "salt-3008.5-py3-none-any.whl"), []byte("SALT"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(wh, "CherryPy-18.10.0-py3-none-any.whl"), []byte("CP"), 0o644))
		b, docker, _, _ := newTestBuilder(t, map[string]string{EnvWheelhouse: wh})
		docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
		img, err := b.BuildReal(context.Background(), "3008")
		require.NoError(t, err)
		assert.Equal(t, RealImage{Ref: RealRepo + ":3008.5", Version: "3008.5", Route: "wheelhouse"}, img)
		require.Len(t, docker.builds, 1)
		c := docker.builds[0]
		assert.Equal(t, "none", string(c.opts.NetworkMode))
		assert.Equal(t, "SALT", c.files["wheels/salt-3008.5-py3-none-any.whl"])
		assert.Equal(t, "CP", c.files["wheels/CherryPy-18.10.0-py3-none-any.whl"])
		assert.Equal(t, map[string]string{"SALT_ROUTE": "wheelhouse", "SALT_REQUIREMENT": "salt==3008.5", "SALT_EXTRAS": "CherryPy"}, args(c))
		assert.Equal(t, "real", c.labels[labels.Flavor])
		assert.Equal(t, "3008.5", c.labels[labels.SaltVersion])
		assert.Len(t, c.labels[labels.RecipeHash], 64)
		assert.Contains(t, c.files["install-salt"], "SALTLAB_SALT_VERSION=")
		assert.Contains(t, c.files["salt-options.py"], "DEFAULT_MINION_OPTS", "the option list script is in the build context")

		// The same release again: the image is reused, nothing is built.
		img2, err := b.BuildReal(context.Background(), "3008.5")
		require.NoError(t, err)
		assert.Equal(t, img, img2)
		assert.Len(t, docker.builds, 1)

		// A changed recipe is rebuilt.
		require.NoError(t, os.WriteFile(b.path(realDir+"/install-salt"), []byte("#!/bin/sh\necho changed\n"), 0o755))
		_, err = b.BuildReal(context.Background(), "3008.5")
		require.NoError(t, err)
		assert.Len(t, docker.builds, 2)
	})
	t.Run("a build Docker answers from its cache takes the release from the image's option list", func(t *testing.T) {
		capture, err := os.ReadFile(filepath.Join("..", "salt", "saltopts", "testdata", "real", "3008.4.json"))
		require.NoError(t, err)
		holding := func(v string) []byte {
			return []byte(strings.Replace(string(capture), `"salt_version":"3008.4"`, `"salt_version":"`+v+`"`, 1))
		}
		require.True(t, strings.Contains(string(holding("3008.5")), `"salt_version":"3008.5"`), "the capture names its release")
		for _, tc := range []struct {
			name  string
			files map[string][]byte // the built image's
			ok    bool
		}{
			{"the release asked for", map[string][]byte{saltopts.ImagePath: holding("3008.5")}, true},
			{"another release", map[string][]byte{saltopts.ImagePath: holding("3008.4")}, false},
			{"no option list", map[string][]byte{}, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wh := t.TempDir()
				require.NoError(t, os.WriteFile(filepath.Join(wh, "salt-3008.5-py3-none-any.whl"), []byte("SALT"), 0o644))
				b, docker, _, log := newTestBuilder(t, map[string]string{EnvWheelhouse: wh})
				docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
				docker.cached = true
				b.docker = &copier{fakeDocker: docker, files: map[string]map[string][]byte{RealRepo + ":3008.5": tc.files}, containers: map[string]string{}}
				img, err := b.BuildReal(context.Background(), "3008.5")
				if !tc.ok {
					require.Error(t, err)
					assert.Contains(t, err.Error(), "the build ended without install-salt reporting the installed release")
					return
				}
				require.NoError(t, err)
				assert.Equal(t, RealImage{Ref: RealRepo + ":3008.5", Version: "3008.5", Route: "wheelhouse"}, img)
				assert.Contains(t, log.String(), "Docker built saltlab/salt-real:3008.5 from its cache")
			})
		}
	})
	t.Run("a wheelhouse without that Salt says what it has, then the index is tried", func(t *testing.T) {
		wh := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(wh, "salt-3007.14-py3-none-any.whl"), []byte("S"), 0o644))
		b, docker, _, _ := newTestBuilder(t, map[string]string{EnvWheelhouse: wh})
		docker.failBuild = func(buildCall) string { return "saltlab: error: pip could not install salt==3008.5" }
		_, err := b.BuildReal(context.Background(), "3008.5")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "- wheelhouse: SALTLAB_WHEELHOUSE: wheelhouse "+wh+" has no Salt 3008.5 (only Salt 3007.14)")
		assert.Contains(t, err.Error(), "- package index (pip inside the image build): image build failed:\n      saltlab: error: pip could not install salt==3008.5")
	})
	t.Run("index route passes pip's settings and proxies, with network", func(t *testing.T) {
		b, docker, _, _ := newTestBuilder(t, map[string]string{"PIP_INDEX_URL": "https://mirror.example.invalid/simple", "HTTPS_PROXY": "http://proxy.example.invalid:3128", "PIP_EXTRA_INDEX_URL": " "})
		_, err := b.BuildReal(context.Background(), "3007.8")
		require.NoError(t, err)
		require.Len(t, docker.builds, 2)
		assert.Equal(t, BaseRef, docker.builds[0].opts.Tags[0], "a missing or outdated base is built first")
		c := docker.builds[1]
		assert.Empty(t, string(c.opts.NetworkMode))
		assert.Equal(t, map[string]string{"SALT_ROUTE": "index", "SALT_REQUIREMENT": "salt==3007.8", "SALT_EXTRAS": "CherryPy",
			"PIP_INDEX_URL": "https://mirror.example.invalid/simple", "HTTPS_PROXY": "http://proxy.example.invalid:3128"}, args(c))
	})
	t.Run("apt: build args", func(t *testing.T) {
		b, docker, _, _ := newTestBuilder(t, map[string]string{
			EnvSaltAptURI: " https://salt.example.invalid/deb ", EnvSaltAptKeyURL: "https://salt.example.invalid/key.pgp", EnvSaltAptComponents: "main extra",
		})
		_, err := b.BuildReal(context.Background(), "3006.9")
		require.NoError(t, err)
		c := docker.builds[len(docker.builds)-1]
		assert.Equal(t, map[string]string{"SALT_ROUTE": "apt", "SALT_REQUIREMENT": "salt==3006.9", "SALT_EXTRAS": "CherryPy",
			EnvSaltAptURI: "https://salt.example.invalid/deb", EnvSaltAptKeyURL: "https://salt.example.invalid/key.pgp", EnvSaltAptComponents: "main extra"}, args(c))
	})
	t.Run("apt misconfigured", func(t *testing.T) {
		for env, want := range map[string]string{
			EnvSaltAptURI:    "SALT_APT_URI is set but SALT_APT_KEY_URL is not",
			EnvSaltAptKeyURL: "SALT_APT_URI is not set",
		} {
			b, docker, _, _ := newTestBuilder(t, map[string]string{env: "https://x.example.invalid"})
			docker.failBuild = func(buildCall) string { return "saltlab: error: no" }
			_, err := b.BuildReal(context.Background(), "3006.9")
			assert.ErrorContains(t, err, want)
		}
	})
}

func TestRealUnavailableError(t *testing.T) {
	var err error = &RealUnavailableError{Spec: "3008", Tried: []RouteFailure{{Route: "a", Reason: "why\nmore"}, {Route: "b", Reason: "no"}}}
	assert.True(t, errors.Is(err, ErrRealUnavailable))
	assert.EqualError(t, err, "real Salt image unavailable: no route installed Salt 3008; tried, in order:\n  - a: why\n    more\n  - b: no")
	var ue *RealUnavailableError
	require.True(t, errors.As(errors.Join(errors.New("x"), err), &ue))
	assert.Equal(t, "no route installed Salt 3008 (a: why more; b: no)", ue.Summary())
}

// simLatest maps the simulator's digest tag to SimRef, so that tables can
// name the simulator image without knowing the stand-in binary's digest.
func simLatest(ref string) string {
	if regexp.MustCompile(`^saltlab/salt-sim:[0-9a-f]{12}$`).MatchString(ref) {
		return SimRef
	}
	return ref
}
