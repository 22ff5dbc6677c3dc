package aptsource

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sources.list.d"), 0o755))
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return dir
}

func TestLocatorMirror(t *testing.T) {
	noTargets := func(context.Context) ([]byte, error) { return nil, errors.New("apt-get not here") }
	tests := []struct {
		name    string
		files   map[string]string
		targets func(context.Context) ([]byte, error)
		suite   string
		want    string
		wantErr []string
	}{
		{
			name:    "deb822 file",
			files:   map[string]string{"sources.list.d/debian.sources": deb822Fixture},
			targets: noTargets,
			suite:   "bookworm",
			want:    "http://mirror.example.invalid/debian",
		},
		{
			name: "sources.list wins over sources.list.d",
			files: map[string]string{
				"sources.list":                  "deb http://first.example.invalid/d bookworm main\n",
				"sources.list.d/debian.sources": deb822Fixture,
			},
			targets: noTargets,
			suite:   "bookworm",
			want:    "http://first.example.invalid/d",
		},
		{
			name: "lexical order in sources.list.d, other suffixes ignored",
			files: map[string]string{
				"sources.list.d/b.list":          "deb http://b.example.invalid/d bookworm main\n",
				"sources.list.d/a.list":          "deb http://a.example.invalid/d bookworm main\n",
				"sources.list.d/0.list.disabled": "deb http://zero.example.invalid/d bookworm main\n",
			},
			targets: noTargets,
			suite:   "bookworm",
			want:    "http://a.example.invalid/d",
		},
		{
			name:  "falls back to apt-get indextargets",
			files: map[string]string{"sources.list.d/x.list": "deb http://other.example.invalid/d trixie main\n"},
			targets: func(context.Context) ([]byte, error) {
				return []byte("deb-src http://src.example.invalid/d/ bookworm\ndeb http://idx.example.invalid/d/ bookworm\n"), nil
			},
			suite: "bookworm",
			want:  "http://idx.example.invalid/d/",
		},
		{
			name: "a vendor repository naming the suite first does not win over Debian's main",
			files: map[string]string{
				"sources.list.d/a-docker.list":  "deb [arch=amd64] https://vendor.example.invalid/linux/debian bookworm stable\n",
				"sources.list.d/debian.sources": deb822Fixture,
			},
			targets: noTargets,
			suite:   "bookworm",
			want:    "http://mirror.example.invalid/debian",
		},
		{
			name:  "indextargets: main preferred, the first serving the suite otherwise",
			files: map[string]string{},
			targets: func(context.Context) ([]byte, error) {
				return []byte("deb https://vendor.example.invalid/d bookworm stable\ndeb http://idx.example.invalid/d/ bookworm main\n"), nil
			},
			suite: "bookworm",
			want:  "http://idx.example.invalid/d/",
		},
		{
			name:    "only a vendor repository serves the suite",
			files:   map[string]string{"sources.list.d/a-docker.list": "deb https://vendor.example.invalid/linux/debian bookworm stable\n"},
			targets: noTargets,
			suite:   "bookworm",
			want:    "https://vendor.example.invalid/linux/debian",
		},
		{
			name:    "nothing matches names the files",
			files:   map[string]string{"sources.list.d/debian.sources": deb822Fixture},
			targets: noTargets,
			suite:   "trixie",
			wantErr: []string{`suite "trixie"`, "debian.sources", "apt-get not here"},
		},
		{
			name:    "no files at all",
			files:   map[string]string{},
			targets: func(context.Context) ([]byte, error) { return []byte(""), nil },
			suite:   "bookworm",
			wantErr: []string{"files read (none)", "no matching target"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Locator{Dir: writeTree(t, tt.files), IndexTargets: tt.targets}
			got, err := l.Mirror(context.Background(), tt.suite)
			if tt.wantErr != nil {
				require.Error(t, err)
				for _, s := range tt.wantErr {
					assert.Contains(t, err.Error(), s)
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
