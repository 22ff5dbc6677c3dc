package policy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The allowlist is complete: every key of compose-go's service model has a
// rule, and every rule names a key that exists. A compose-go upgrade that
// adds a key fails here until the key is classified (until then Check
// refuses it).
func TestEveryServiceKeyIsClassified(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range ServiceFields() {
		seen[f.Name] = true
		_, ok := serviceRules[f.Name]
		assert.True(t, ok, "service key %s (%s) is not classified in serviceRules", f.Key, f.Name)
	}
	for name := range serviceRules {
		assert.True(t, seen[name], "serviceRules classifies %s, which types.ServiceConfig does not have", name)
	}
	assert.Greater(t, len(seen), 90, "the flattened model has compose-go's ~100 service keys")
}

func TestHostPath(t *testing.T) {
	dir := t.TempDir()
	link := func(name, target string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.Symlink(target, p))
		return p
	}
	toEtc := link("etc-link", "/etc")
	toSock := link("sock-link", "/var/run/docker.sock") // dangling where no engine runs
	relSock := link("rel-sock", "../../../../../../../../../../run/docker.sock")
	loop := link("loop", "loop")
	chain := link("chain", toEtc)
	mine := filepath.Join(dir, "conf")
	require.NoError(t, os.Mkdir(mine, 0o700))
	toMine := link("mine-link", mine)
	userSock := filepath.Join(dir, "desktop", "docker.sock")

	r := New(func(k string) string {
		if k == "DOCKER_HOST" {
			return "unix://" + userSock
		}
		return ""
	})
	tests := []struct {
		path string
		says string // "" when allowed
	}{
		{mine, ""},
		{toMine, ""},
		{filepath.Join(mine, "not-yet"), ""},
		{"/dev/null", ""},
		{"/srv/salt", ""},
		{"/home/user/lab", ""},
		{"/tmp/lab", ""},
		{"/var/lib/jenkins/ws", ""},
		{"/var/tmp/x", ""},
		{loop, ""}, // a link loop is not a system path; the engine refuses to mount it
		{"/", "/ exposes the Docker API socket"},
		{"/usr", "/usr is the host system path /usr"},
		{"/var/lib/containerd", "is the host system path /var/lib/containerd"},
		{"/etc", "/etc is the host system path /etc"},
		{"/etc/salt", "inside the host system path /etc"},
		{"/usr/local/share", "inside the host system path /usr"},
		{"/usr/lib/x", "inside the host system path /usr"},
		{"/var", "/var exposes the Docker API socket /var/run/docker.sock"},
		{"/var/lib", "contains the host system path /var/lib/docker"},
		{"/var/lib/docker/volumes", "inside the host system path /var/lib/docker"},
		{"/var/log/syslog", "/var/log"},
		{"/dev", "/dev"},
		{"/dev/null/../sda", "/dev"},
		{"/sys/kernel", "/sys"},
		{"/proc/1/root", "/proc"},
		{"/run/docker.sock", "exposes the Docker API socket"},
		{"/var/run/docker.sock", "exposes the Docker API socket /var/run/docker.sock"},
		{"/run/user/1000", "/run"},
		{toEtc, "(resolved to /etc) is the host system path /etc"},
		{filepath.Join(toEtc, "shadow"), "resolved to /etc/shadow"},
		{chain, "resolved to /etc"},
		{toSock, "exposes the Docker API socket"},
		{relSock, "Docker API socket"},
		{userSock, "exposes the Docker API socket " + userSock},
		{filepath.Dir(userSock), "exposes the Docker API socket " + userSock},
		{"relative/../../x", ""},
	}
	for _, tc := range tests {
		t.Run(strings.TrimPrefix(tc.path, dir), func(t *testing.T) {
			err := r.HostPath(tc.path)
			if tc.says == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.says)
		})
	}
}

// The standard rules know the standard sockets only; DOCKER_HOST over TCP
// adds none.
func TestNewSockets(t *testing.T) {
	for _, host := range []string{"", "tcp://127.0.0.1:2375", "unix://", "::bad"} {
		r := New(func(string) string { return host })
		assert.Equal(t, standardSockets, r.Sockets, host)
	}
}

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o700))
	require.NoError(t, os.Symlink("real", filepath.Join(dir, "rel")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "abs")))
	realDir, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	tests := map[string]string{
		filepath.Join(dir, "rel", "x"):              filepath.Join(realDir, "real", "x"),
		filepath.Join(dir, "abs", "..", "real"):     filepath.Join(realDir, "real"),
		filepath.Join(dir, "missing", "..", "real"): filepath.Join(realDir, "real"),
		"/":            "/",
		"/nonexistent": "/nonexistent",
	}
	for in, want := range tests {
		assert.Equal(t, want, resolve(in), in)
	}
}
