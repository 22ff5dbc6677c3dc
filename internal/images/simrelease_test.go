package images

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// SALTSIM_RELEASE on the host goes into the simulator image (and so into
// its tag); unset leaves the Dockerfile as it is; a value the double would
// refuse is refused before anything is built.
func TestBuildSimRelease(t *testing.T) {
	tests := []struct {
		name, release string
		env           string // the ENV line wanted, "" none
		err           string
	}{
		{name: "unset: the double's default", release: ""},
		{name: "a line", release: "3007", env: "ENV SALTSIM_RELEASE=3007\n"},
		{name: "a release", release: "3008.4", env: "ENV SALTSIM_RELEASE=3008.4\n"},
		{name: "a line the double does not follow", release: "3005", err: `SALTSIM_RELEASE="3005": the Salt double follows the release lines 3006, 3007 and 3008`},
		{name: "not a release", release: "3007; rm", err: `SALTSIM_RELEASE="3007; rm"`},
	}
	var tags []string
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, docker, host, _ := newTestBuilder(t, map[string]string{EnvSimRelease: tc.release})
			docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
			b.simPackage = "./testdata/standin"
			ref, err := b.BuildSim(context.Background())
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				assert.Empty(t, host.commands, "nothing built")
				assert.Empty(t, docker.builds)
				return
			}
			require.NoError(t, err)
			require.Len(t, docker.builds, 1)
			df := docker.builds[0].files["Dockerfile"]
			if tc.env == "" {
				assert.NotContains(t, df, EnvSimRelease)
			} else {
				assert.Contains(t, df, tc.env)
			}
			tags = append(tags, ref)
		})
	}
	require.Len(t, tags, 3)
	assert.NotEqual(t, tags[0], tags[1], "another release, another tag")
	assert.NotEqual(t, tags[1], tags[2])
}

// The images room checks SALTSIM_RELEASE before it builds the double's
// image, without importing the double; the double reads the same variable
// when it starts. Both must accept and refuse the same values.
func TestCheckSimReleaseAgreesWithTheDouble(t *testing.T) {
	for _, v := range []string{"", " ", "3006", "3007", "3008", "3007.16", " 3007.16 ", "3008.4", "3005", "3009", "3007.16.1",
		"3007rc1", "3007.1rc1", "3007.x", "latest", "3007; rm", "30070", "03007"} {
		_, doubleErr := simver.ParseRelease(v)
		assert.Equal(t, doubleErr == nil, CheckSimRelease(v) == nil, "SALTSIM_RELEASE=%q: the double says %v", v, doubleErr)
	}
}
