package images

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// countingPip is pipAnswers that counts the questions to the index about
// which releases exist (pip index versions).
func countingPip(t testing.TB, answers map[string]string, n *int) func(context.Context) (saltdist.Pip, error) {
	run := pipRun(t, answers)
	return func(context.Context) (saltdist.Pip, error) {
		return saltdist.NewPip([]string{"python3", "-m", "pip"}, func(ctx context.Context, argv []string) (string, error) {
			if strings.Contains(strings.Join(argv, " "), "index versions") {
				*n++
			}
			return run(ctx, argv)
		}), nil
	}
}

func TestLineMemo(t *testing.T) {
	reachable := map[string]string{"index versions": "salt (3008.5)\nAvailable versions: 3008.5, 3008.4, 3007.14\n", "--no-binary": "", "wheel --no-deps": "", "download --dest": ""}
	start := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		later     time.Duration // when the second bring-up asks
		refresh   bool          // the second bring-up passes --salt-refresh
		secondAsk bool          // the second bring-up asks the index
	}{
		{name: "a recent answer is served by its image without the index", later: time.Hour},
		{name: "an answer a day old is asked again", later: lineTTL, secondAsk: true},
		{name: "--salt-refresh asks again", later: time.Minute, refresh: true, secondAsk: true},
		{name: "a clock gone backwards asks again", later: -time.Hour, secondAsk: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, docker, _, log := newTestBuilder(t, nil)
			docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
			asks := 0
			b.pip = countingPip(t, reachable, &asks)
			now := start
			b.now = func() time.Time { return now }

			img, err := b.BuildReal(context.Background(), "3008")
			require.NoError(t, err)
			assert.Equal(t, "3008.5", img.Version)
			assert.Equal(t, 1, asks, "the first bring-up asks the index")
			builds := len(docker.builds)

			now = start.Add(tt.later)
			b.refresh = tt.refresh
			img2, err := b.BuildReal(context.Background(), "3008")
			require.NoError(t, err)
			assert.Equal(t, img.Ref, img2.Ref)
			assert.Equal(t, builds, len(docker.builds), "the image is reused, not built again")
			if tt.secondAsk {
				assert.Equal(t, 2, asks, "the index is asked again")
				return
			}
			assert.Equal(t, 1, asks, "the index is not asked")
			assert.Contains(t, log.String(), "Salt 3008 is 3008.5 (the package index said so 1h0m0s ago; --salt-refresh asks it again)")
		})
	}
}

func TestLineMemoKeepsTheFallbackRelease(t *testing.T) {
	b, docker, _, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	b.now = func() time.Time { return time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC) }
	// The line's newest is on the index but was built before (and its
	// memo says 3008.4 served it): the memo's release is what is used.
	b.rememberLine("3008", "3008.5", "3008.4")
	b.pip = func(context.Context) (saltdist.Pip, error) {
		t.Fatal("the index was asked although the memo is fresh and its image exists")
		return saltdist.Pip{}, nil
	}
	recipe, err := b.realRecipe()
	require.NoError(t, err)
	base := currentHash(t, b)
	docker.images[RealRepo+":3008.4"] = map[string]string{labels.Flavor: FlavorReal, labels.SaltVersion: "3008.4", labels.RecipeHash: recipe.hash, labels.PackagesHash: base, labels.SaltRoute: "wheelhouse"}
	img, err := b.BuildReal(context.Background(), "3008")
	require.NoError(t, err)
	assert.Equal(t, RealImage{Ref: RealRepo + ":3008.4", Version: "3008.4", Route: "wheelhouse"}, img)
}

func TestLineMemoNeedsItsImage(t *testing.T) {
	b, docker, _, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	b.rememberLine("3008", "3008.5", "3008.5")
	asks := 0
	b.pip = countingPip(t, map[string]string{"index versions": "salt (3008.5)\nAvailable versions: 3008.5\n", "--no-binary": "", "wheel --no-deps": "", "download --dest": ""}, &asks)
	_, err := b.BuildReal(context.Background(), "3008")
	require.NoError(t, err)
	assert.Equal(t, 1, asks, "without the remembered release's image the index is asked")
}

func TestLineMemoExactReleaseNeedsNoIndex(t *testing.T) {
	b, docker, _, _ := newTestBuilder(t, nil)
	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	recipe, err := b.realRecipe()
	require.NoError(t, err)
	docker.images[RealRepo+":3007.8"] = map[string]string{labels.Flavor: FlavorReal, labels.SaltVersion: "3007.8", labels.RecipeHash: recipe.hash, labels.PackagesHash: currentHash(t, b), labels.SaltRoute: "index"}
	asks := 0
	b.pip = countingPip(t, map[string]string{"index versions": "salt (3008.5)\nAvailable versions: 3008.5, 3007.8\n"}, &asks)
	img, err := b.BuildReal(context.Background(), "3007.8")
	require.NoError(t, err)
	assert.Equal(t, "3007.8", img.Version)
	assert.Zero(t, asks)
}

func TestLineMemoFileIsOnlyAShortcut(t *testing.T) {
	for name, content := range map[string]string{
		"not JSON":  "{{{",
		"too large": `{"3008":{"newest":"3008.5","served":"3008.5","asked":"2026-12-05T09:00:00Z"},"x":"` + strings.Repeat("a", maxLineMemo) + `"}`,
	} {
		t.Run(name, func(t *testing.T) {
			b, _, _, _ := newTestBuilder(t, nil)
			require.NoError(t, os.MkdirAll(b.path(".cache"), 0o755))
			require.NoError(t, os.WriteFile(b.lineMemoPath(), []byte(content), 0o644))
			assert.Empty(t, b.loadLineMemo())
			b.rememberLine("3007", "3007.14", "3007.14")
			assert.Equal(t, "3007.14", b.loadLineMemo()["3007"].Served, "a bad memo is replaced")
		})
	}
}
