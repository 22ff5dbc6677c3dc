package images

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckRealEnv(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "wheels.txt")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	const uri, key = "http://apt.test/salt", "https://apt.test/salt.gpg"
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"nothing set", nil, ""},
		{"apt route whole", map[string]string{EnvSaltAptURI: uri, EnvSaltAptKeyURL: key, EnvSaltAptSuite: "bookworm", EnvSaltAptComponents: "main contrib"}, ""},
		{"wheelhouse folder", map[string]string{EnvWheelhouse: dir}, ""},
		{"blank is unset", map[string]string{EnvSaltAptURI: "  ", EnvWheelhouse: " "}, ""},
		{"uri without key", map[string]string{EnvSaltAptURI: uri}, "check SALT_APT_URI: set, but SALT_APT_KEY_URL is not: the apt route needs the repository's signing key"},
		{"key without uri", map[string]string{EnvSaltAptKeyURL: key}, "check SALT_APT_KEY_URL: set, but SALT_APT_URI is not, and only the apt route reads it: set SALT_APT_URI too, or unset it"},
		{"suite without uri", map[string]string{EnvSaltAptSuite: "stable"}, "check SALT_APT_SUITE: set, but SALT_APT_URI is not"},
		{"uri not a url", map[string]string{EnvSaltAptURI: "apt.test/salt", EnvSaltAptKeyURL: key}, `check SALT_APT_URI="apt.test/salt": not a single http(s) URL`},
		{"two urls", map[string]string{EnvSaltAptURI: uri + " " + uri, EnvSaltAptKeyURL: key}, "not a single http(s) URL"},
		{"key not a url", map[string]string{EnvSaltAptURI: uri, EnvSaltAptKeyURL: "file:///k.gpg"}, `check SALT_APT_KEY_URL="file:///k.gpg": not a single http(s) URL`},
		{"suite with a space", map[string]string{EnvSaltAptURI: uri, EnvSaltAptKeyURL: key, EnvSaltAptSuite: "stable main"}, `check SALT_APT_SUITE="stable main": not an apt suite name`},
		{"component with a quote", map[string]string{EnvSaltAptURI: uri, EnvSaltAptKeyURL: key, EnvSaltAptComponents: `main "x`}, `"\"x" is not an apt component name`},
		{"wheelhouse missing", map[string]string{EnvWheelhouse: filepath.Join(dir, "none")}, "check SALTLAB_WHEELHOUSE=" + filepath.Join(dir, "none") + ": stat "},
		{"wheelhouse a file", map[string]string{EnvWheelhouse: file}, "check SALTLAB_WHEELHOUSE=" + file + ": not a folder: name a folder made by `saltlab wheelhouse --dir DIR`, or unset it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckRealEnv(func(k string) string { return tt.env[k] })
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.wantErr)
		})
	}
}
