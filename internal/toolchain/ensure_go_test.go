package toolchain

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// want is the go line of every fake repository below, so the tests do not
// change meaning when the project's go.mod moves on.
const want = "1.26.0"

// scriptTools are the commands ensure-go and the fakes below run; the tests
// see only these (and the fakes) on PATH, so a go, apt-get or dpkg-deb
// installed on the host cannot leak in.
var scriptTools = []string{
	"bash", "sh", "cat", "chmod", "chown", "cp", "find", "grep", "id", "ln",
	"mkdir", "mktemp", "mv", "readlink", "rm", "sed", "tail", "tr",
}

// Debian's layout: the go package links its GOROOT into the src package.
const (
	debVersion = "1.26.11-1~bpo13+1"
	cachedGo   = ".cache/go-toolchain/1.26.11/usr/lib/go-1.26/bin/go"
	srcLink    = "../../share/go-1.26/src"
)

// fakeGo answers `go version` with its version and `go env GOROOT` the way
// the real one does: from its own location.
func fakeGo(version string) string {
	return fmt.Sprintf(`#!/bin/sh
case "$1" in
version) echo "go version %s linux/amd64" ;;
env) cd "${0%%/*}/.." && pwd -P ;;
*) exit 2 ;;
esac
`, version)
}

// fakeAptGet serves $FAKE_APT_TARGETS for indextargets, succeeds an update
// only for the URI in $FAKE_APT_DEBIAN (a stand-in for the signed Debian
// archive) and "downloads" empty debs named like apt-get download does.
const fakeAptGet = `#!/bin/sh
case " $* " in
*" indextargets "*) cat "$FAKE_APT_TARGETS" ;;
*" update "*)
  parts=$(sed -n 's/^Dir::Etc::SourceParts "\(.*\)";$/\1/p' "$3")
  grep -q "^URIs: $FAKE_APT_DEBIAN\$" "$parts"/*.sources && exit 0
  echo "E: The repository does not have a Release file." >&2; exit 100 ;;
*" download "*)
  [ -z "$FAKE_APT_NOPKG" ] || { echo "E: Can't select candidate version" >&2; exit 100; }
  for p in "$@"; do
    case $p in golang-*/*) : >"${p%/*}_` + debVersion + `_all.deb" ;; esac
  done ;;
*) exit 2 ;;
esac
`

// fakeDpkgDeb unpacks the fake debs into Debian's GOROOT layout; the src
// link is $FAKE_SRC_LINK so a test can make it escape the unpack folder.
const fakeDpkgDeb = `#!/bin/sh
case "$1" in
-f) echo "` + debVersion + `" ;;
-x)
  case "${2##*/}" in
  golang-1.26-go_*)
    mkdir -p "$3/usr/lib/go-1.26/bin" && cp "$FAKE_DEB_GO" "$3/usr/lib/go-1.26/bin/go" &&
      ln -s "$FAKE_SRC_LINK" "$3/usr/lib/go-1.26/src" ;;
  golang-1.26-src_*) mkdir -p "$3/usr/share/go-1.26/src" ;;
  esac ;;
*) exit 2 ;;
esac
`

type env struct {
	t     *testing.T
	root  string // the fake repository
	bin   string // first on PATH: the fakes
	tools string // the real tools of scriptTools
	tmp   string // TMPDIR, which must be left empty
	vars  []string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, root: t.TempDir(), bin: t.TempDir(), tools: t.TempDir(), tmp: t.TempDir()}
	script, err := os.ReadFile("ensure-go")
	require.NoError(t, err)
	e.write("go.mod", "module example.invalid/fake\n\ngo "+want+"\n")
	e.write("internal/toolchain/ensure-go", string(script))
	for _, name := range scriptTools {
		p, err := exec.LookPath(name)
		require.NoError(t, err, "the tests need %s", name)
		require.NoError(t, os.Symlink(p, filepath.Join(e.tools, name)))
	}
	return e
}

// write creates an executable file under the fake repository.
func (e *env) write(rel, text string) string {
	e.t.Helper()
	p := filepath.Join(e.root, rel)
	require.NoError(e.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(e.t, os.WriteFile(p, []byte(text), 0o755))
	return p
}

// tool puts a fake command on PATH.
func (e *env) tool(name, text string) string {
	e.t.Helper()
	p := filepath.Join(e.bin, name)
	require.NoError(e.t, os.WriteFile(p, []byte(text), 0o755))
	return p
}

// run runs ensure-go from the repository root, as make does.
func (e *env) run() (stdout, stderr string, code int) {
	e.t.Helper()
	cmd := exec.Command(filepath.Join(e.root, "internal/toolchain/ensure-go"))
	cmd.Dir = e.root
	cmd.Env = append([]string{"PATH=" + e.bin + ":" + e.tools, "TMPDIR=" + e.tmp}, e.vars...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else {
		require.NoError(e.t, err)
	}
	left, rerr := os.ReadDir(e.tmp)
	require.NoError(e.t, rerr)
	assert.Empty(e.t, left, "ensure-go left its work dir behind")
	return out.String(), errb.String(), code
}

func TestEnsureGoPicksAGo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		pathGo     string   // version of the go on PATH; "" for none
		envGo      string   // version of the go $GO names; "" for no $GO
		cached     []string // versions unpacked into .cache/go-toolchain
		wantOut    string   // relative to the repository root, or "PATH"/"GO"
		wantStderr []string
	}{
		{name: "new enough go on PATH, silently", pathGo: "go1.26.3", wantOut: "PATH"},
		{name: "exactly go.mod's version", pathGo: "go1.26.0", wantOut: "PATH"},
		{name: "a newer release candidate", pathGo: "go1.27rc1", wantOut: "PATH"},
		{name: "a devel build is trusted", pathGo: "devel", wantOut: "PATH"},
		{name: "GO is checked instead of PATH", pathGo: "go1.25.9", envGo: "go1.26.1", wantOut: "GO"},
		{
			name: "too old go, cache used", pathGo: "go1.25.9", cached: []string{"1.26.11"},
			wantOut:    cachedGo,
			wantStderr: []string{"no Go >= 1.26.0 (", "is go1.25.9)", "using go1.26.11 from " + cachedGo},
		},
		{
			name: "release candidate of the required release is too old", pathGo: "go1.26rc2", cached: []string{"1.26.11"},
			wantOut: cachedGo, wantStderr: []string{"is go1.26rc2"},
		},
		{
			name: "too old GO, cache used", envGo: "go1.25.9", cached: []string{"1.26.11"},
			wantOut: cachedGo, wantStderr: []string{"is go1.25.9"},
		},
		{
			name: "no go, cache used", cached: []string{"1.26.11"},
			wantOut: cachedGo, wantStderr: []string{"no Go >= 1.26.0 (no go on PATH)"},
		},
		{
			name: "newest cached toolchain wins", cached: []string{"1.26.9", "1.26.11", "1.26.10"},
			wantOut: cachedGo,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			paths := map[string]string{}
			if tt.pathGo != "" {
				paths["PATH"] = e.tool("go", fakeGo(tt.pathGo))
			}
			if tt.envGo != "" {
				paths["GO"] = e.write("other/bin/go", fakeGo(tt.envGo))
				e.vars = append(e.vars, "GO="+paths["GO"])
			}
			for _, v := range tt.cached {
				e.write(".cache/go-toolchain/"+v+"/usr/lib/go-1.26/bin/go", fakeGo("go"+v))
			}
			stdout, stderr, code := e.run()
			require.Equal(t, 0, code, "stderr: %s", stderr)
			wantOut := filepath.Join(e.root, tt.wantOut)
			if p, ok := paths[tt.wantOut]; ok {
				wantOut = p
			}
			assert.Equal(t, wantOut+"\n", stdout)
			if tt.wantStderr == nil && tt.cached == nil {
				assert.Empty(t, stderr, "the fast path says nothing")
			}
			for _, s := range tt.wantStderr {
				assert.Contains(t, stderr, s)
			}
		})
	}
}

func TestEnsureGoCannotFetch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		pathGo     string
		cached     string
		dpkgDeb    bool
		wantStderr []string
	}{
		{
			name:       "no go and no apt-get",
			dpkgDeb:    true,
			wantStderr: []string{"no Go >= 1.26.0 (no go on PATH), and no apt-get to fetch Debian's golang-1.26-go from trixie-backports"},
		},
		{
			name:       "too old go, too old cache, no apt-get",
			pathGo:     "go1.25.9",
			cached:     "1.25.9",
			wantStderr: []string{"is go1.25.9), and no apt-get"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			if tt.pathGo != "" {
				e.tool("go", fakeGo(tt.pathGo))
			}
			if tt.cached != "" {
				e.write(".cache/go-toolchain/"+tt.cached+"/usr/lib/go-1.25/bin/go", fakeGo("go"+tt.cached))
			}
			if tt.dpkgDeb {
				e.tool("dpkg-deb", fakeDpkgDeb)
			}
			stdout, stderr, code := e.run()
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			for _, s := range tt.wantStderr {
				assert.Contains(t, stderr, s)
			}
			assert.Contains(t, stderr, "install Go 1.26.0 or newer and put its bin directory first on PATH")
		})
	}
}

// hostCodename returns what ensure-go reads to pick the host's mirror; the
// fetch tests need a Debian-like host for it and for Debian's keyring.
func hostCodename(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/usr/share/keyrings/debian-archive-keyring.gpg"); err != nil {
		t.Skip("needs Debian's archive keyring (debian-archive-keyring)")
	}
	b, err := os.ReadFile("/etc/os-release")
	if err != nil {
		t.Skip("needs /etc/os-release")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VERSION_CODENAME="); ok && strings.Trim(v, `"'`) != "" {
			return strings.Trim(v, `"'`)
		}
	}
	t.Skip("/etc/os-release names no VERSION_CODENAME")
	return ""
}

func TestEnsureGoFetchesFromDebian(t *testing.T) {
	t.Parallel()
	codename := hostCodename(t)
	const (
		thirdParty = "http://vendor.example.invalid/debian/"
		debian     = "http://mirror.example.invalid/debian/"
		security   = "http://mirror.example.invalid/debian-security/"
	)
	// apt's own order: a vendor repo naming the host's suite comes first.
	targets := strings.Join([]string{
		"deb " + security + " " + codename + "-security",
		"deb-src " + debian + " " + codename,
		"deb " + thirdParty + " " + codename,
		"deb " + debian + " " + codename,
		"deb " + debian + " " + codename,
		"deb " + debian + " " + codename + "-updates",
	}, "\n") + "\n"
	tests := []struct {
		name       string
		targets    string
		srcLink    string
		noPackage  bool
		wantCode   int
		wantStderr []string
	}{
		{
			name:    "unpacks into the cache from the first mirror that has it",
			targets: targets, srcLink: srcLink,
			wantStderr: []string{
				"fetching Debian's golang-1.26-go and golang-1.26-src from trixie-backports at " + thirdParty,
				"fetching Debian's golang-1.26-go and golang-1.26-src from trixie-backports at " + debian,
				"using Debian's golang-1.26 1.26.11 from trixie-backports (" + debian + "), unpacked into .cache/go-toolchain/1.26.11",
			},
		},
		{
			name:    "no source serves the host's suite",
			targets: "deb " + security + " " + codename + "-security\n", srcLink: srcLink,
			wantCode:   1,
			wantStderr: []string{"no apt source serves " + codename, "install Go 1.26.0 or newer"},
		},
		{
			name:    "the mirror lacks the package",
			targets: targets, srcLink: srcLink, noPackage: true,
			wantCode:   1,
			wantStderr: []string{debian + ": E: Can't select candidate version", "no mirror in the host's apt sources has golang-1.26-go in trixie-backports"},
		},
		{
			name:    "a link out of the unpack folder is refused",
			targets: targets, srcLink: "/usr/share/go-1.26/src",
			wantCode:   1,
			wantStderr: []string{"usr/lib/go-1.26/src -> /usr/share/go-1.26/src does not resolve inside the unpacked packages"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.tool("go", fakeGo("go1.25.9"))
			e.tool("apt-get", fakeAptGet)
			e.tool("dpkg-deb", fakeDpkgDeb)
			targetsFile := filepath.Join(t.TempDir(), "targets")
			require.NoError(t, os.WriteFile(targetsFile, []byte(tt.targets), 0o644))
			debGo := filepath.Join(t.TempDir(), "go")
			require.NoError(t, os.WriteFile(debGo, []byte(fakeGo("go1.26.11")), 0o755))
			e.vars = append(e.vars,
				"FAKE_APT_TARGETS="+targetsFile,
				"FAKE_APT_DEBIAN="+debian,
				"FAKE_DEB_GO="+debGo,
				"FAKE_SRC_LINK="+tt.srcLink,
			)
			if tt.noPackage {
				e.vars = append(e.vars, "FAKE_APT_NOPKG=1")
			}
			stdout, stderr, code := e.run()
			require.Equal(t, tt.wantCode, code, "stderr: %s", stderr)
			for _, s := range tt.wantStderr {
				assert.Contains(t, stderr, s)
			}
			unpacked, err := filepath.Glob(filepath.Join(e.root, ".cache/go-toolchain/*"))
			require.NoError(t, err)
			if tt.wantCode != 0 {
				assert.Empty(t, stdout)
				assert.Empty(t, unpacked, "a failed fetch leaves nothing in the cache")
				return
			}
			assert.Equal(t, filepath.Join(e.root, cachedGo)+"\n", stdout)
			assert.Equal(t, []string{filepath.Join(e.root, ".cache/go-toolchain/1.26.11")}, unpacked)

			// The next run finds the cache and asks apt nothing.
			require.NoError(t, os.Remove(filepath.Join(e.bin, "apt-get")))
			again, stderr, code := e.run()
			require.Equal(t, 0, code, "stderr: %s", stderr)
			assert.Equal(t, stdout, again)
			assert.Contains(t, stderr, "using go1.26.11 from "+cachedGo)
		})
	}
}

// TestEnsureGoRealDebian fetches the real packages from the host's mirror;
// it needs the network and ~45 MB, so it runs only when asked.
func TestEnsureGoRealDebian(t *testing.T) {
	if os.Getenv("SALTLAB_TEST_FETCH_GO") != "1" {
		t.Skip("set SALTLAB_TEST_FETCH_GO=1 to fetch Go from the host's Debian mirror")
	}
	hostCodename(t)
	const path = "/usr/sbin:/usr/bin:/sbin:/bin"
	for _, dir := range filepath.SplitList(path) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			t.Skipf("%s/go exists; this test needs a PATH without go", dir)
		}
	}
	root := t.TempDir()
	modText, err := os.ReadFile("../../go.mod")
	require.NoError(t, err)
	script, err := os.ReadFile("ensure-go")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), modText, 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "internal/toolchain"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "internal/toolchain/ensure-go"), script, 0o755))

	cmd := exec.Command(filepath.Join(root, "internal/toolchain/ensure-go"))
	cmd.Dir = root
	cmd.Env = []string{"PATH=" + path, "TMPDIR=" + t.TempDir()}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "stderr: %s", stderr.String())
	gobin := strings.TrimSpace(string(out))
	assert.Contains(t, stderr.String(), "using Debian's golang-")
	assert.True(t, strings.HasPrefix(gobin, root+"/.cache/go-toolchain/"), gobin)

	goroot, err := exec.Command(gobin, "env", "GOROOT").Output()
	require.NoError(t, err)
	assert.Equal(t, filepath.Dir(filepath.Dir(gobin)), strings.TrimSpace(string(goroot)))
	fmtPkg, err := exec.Command(gobin, "list", "-f", "{{.Dir}}", "fmt").Output()
	require.NoError(t, err, "the -src package's sources are reachable through GOROOT")
	assert.Contains(t, string(fmtPkg), filepath.Dir(filepath.Dir(gobin)))
}

// TestShellcheck lints the shell this package adds; make test-prereqs
// installs shellcheck, so CI cannot pass without running it.
func TestShellcheck(t *testing.T) {
	t.Parallel()
	bin := testenv.Tool(t, "shellcheck", "shellcheck")
	out, err := exec.Command(bin, "ensure-go", "../../.ci/run").CombinedOutput()
	assert.NoError(t, err, "shellcheck:\n%s", out)
}
