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

func TestStaleReal(t *testing.T) {
	current := map[string]string{labels.Flavor: FlavorReal, labels.SaltVersion: "3008.4", labels.RecipeHash: "recipe", labels.PackagesHash: strings.Repeat("b", 64)}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for ck, cv := range current {
			m[ck] = cv
		}
		if v == "" {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	for _, tc := range []struct {
		name string
		have map[string]string
		want string // "" reused
	}{
		{"same release, recipe and base: reused", current, ""},
		{"the double's image", with(labels.Flavor, "sim"), `it is not a real Salt image (flavour label "sim")`},
		{"another release under the tag", with(labels.SaltVersion, "3008.3"), `it holds Salt "3008.3"`},
		{"another recipe", with(labels.RecipeHash, "old"), `built by another recipe (sha256 "old", images/salt-real is now recipe)`},
		{"a base with other packages", with(labels.PackagesHash, strings.Repeat("a", 64)), `built on another base (packages sha256 "aaaaaaaaaaaa", the base's is now bbbbbbbbbbbb)`},
		{"no record of its base", with(labels.PackagesHash, ""), `built on another base (packages sha256 "", the base's is now bbbbbbbbbbbb)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, staleReal(tc.have, "3008.4", "recipe", strings.Repeat("b", 64)))
		})
	}
}

// TestImagesOnAnOutdatedBaseAreRebuilt: the images saltlab reuses when
// they exist (real Salt's per release, the chaos helper's per digest tag)
// record the base's packages hash and are rebuilt, saying why, once the
// base's package list changes; until then they are reused.
func TestImagesOnAnOutdatedBaseAreRebuilt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		env   func(t *testing.T) map[string]string
		build func(ctx context.Context, b *Builder) (string, error)
		repo  string
	}{
		{
			name: "real Salt",
			env: func(t *testing.T) map[string]string {
				wh := t.TempDir()
				require.NoError(t, os.WriteFile(filepath.Join(wh, "salt-3008.5-py3-none-any.whl"), []byte("SALT"), 0o644))
				return map[string]string{EnvWheelhouse: wh}
			},
			build: func(ctx context.Context, b *Builder) (string, error) {
				img, err := b.BuildReal(ctx, "3008.5")
				return img.Ref, err
			},
			repo: RealRepo,
		},
		{
			name: "the chaos helper",
			env:  func(*testing.T) map[string]string { return nil },
			build: func(ctx context.Context, b *Builder) (string, error) {
				return b.BuildHelper(ctx)
			},
			repo: helperRepo,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			b, docker, _, log := newTestBuilder(t, tc.env(t))
			df, err := os.ReadFile(filepath.Join("..", "..", helperDockerfile))
			require.NoError(t, err)
			require.NoError(t, os.MkdirAll(filepath.Dir(b.path(helperDockerfile)), 0o755))
			require.NoError(t, os.WriteFile(b.path(helperDockerfile), df, 0o644))
			docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}

			ref, err := tc.build(ctx, b)
			require.NoError(t, err)
			require.Len(t, docker.builds, 1)
			assert.True(t, strings.HasPrefix(ref, tc.repo+":"), ref)
			assert.Equal(t, currentHash(t, b), docker.images[ref][labels.PackagesHash], "the image records its base")

			again, err := tc.build(ctx, b)
			require.NoError(t, err)
			assert.Equal(t, ref, again)
			assert.Len(t, docker.builds, 1, "same base: reused")

			old := currentHash(t, b)
			pkgs, err := os.ReadFile(b.path(packagesFile))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(b.path(packagesFile), append(pkgs, []byte("\nless\n")...), 0o644))
			require.NotEqual(t, old, currentHash(t, b))

			rebuilt, err := tc.build(ctx, b)
			require.NoError(t, err)
			assert.Equal(t, ref, rebuilt)
			var tags []string
			for _, c := range docker.builds[1:] {
				tags = append(tags, c.opts.Tags[0])
			}
			assert.Equal(t, []string{BaseRef, ref}, tags, "the base first, then the image on it")
			assert.Equal(t, currentHash(t, b), docker.images[ref][labels.PackagesHash])
			assert.Contains(t, log.String(), "not reusing "+ref+`: built on another base (packages sha256 "`+old[:12]+`", the base's is now `+currentHash(t, b)[:12]+"); rebuilding it")
		})
	}
}
