package images

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePackages(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []string
		wantErr string
	}{
		{name: "sorted and deduplicated", text: "curl\nbash\ncurl\n", want: []string{"bash", "curl"}},
		{name: "comments and blanks", text: "# head\n\n  bash  # the shell\n\t\nnginx-light\n", want: []string{"bash", "nginx-light"}},
		{name: "policy characters", text: "libstdc++6\npython3.11\n", want: []string{"libstdc++6", "python3.11"}},
		{name: "two names on a line", text: "bash curl\n", wantErr: `line 1: "bash curl"`},
		{name: "uppercase", text: "bash\nCurl\n", wantErr: `line 2: "Curl"`},
		{name: "leading dash", text: "-bash\n", wantErr: "line 1"},
		{name: "too short", text: "a\n", wantErr: "line 1"},
		{name: "empty", text: "# nothing\n", wantErr: "no packages"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePackages(tt.text)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPackagesHash(t *testing.T) {
	parse := func(text string) []string {
		p, err := ParsePackages(text)
		require.NoError(t, err)
		return p
	}
	a := PackagesHash(parse("bash\ncurl\n"))
	assert.Len(t, a, 64)
	assert.Equal(t, a, PackagesHash(parse("# comment\ncurl\nbash\nbash\n")), "order, comments and duplicates do not matter")
	assert.NotEqual(t, a, PackagesHash(parse("bash\ncurl\nprocps\n")), "a new package changes the hash")
	// Pinned so that an accidental change of the normalisation, which would
	// rebuild every user's base image, shows up in review.
	// sha256 of "bash\ncurl\n".
	assert.Equal(t, "8ca051580d5466a16e27db923b3b55011d6eb68adbad527ceda7f371b252f39d", a)
}

func TestRepositoryPackageList(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", packagesFile))
	require.NoError(t, err)
	pkgs, err := ParsePackages(string(raw))
	require.NoError(t, err)
	for _, want := range []string{"bash", "procps", "iproute2", "iptables", "iputils-ping", "ca-certificates", "curl", "netcat-openbsd", "nginx-light", "libnginx-mod-stream"} {
		assert.Contains(t, pkgs, want)
	}
	assert.NotContains(t, pkgs, "python3-minimal")
}
