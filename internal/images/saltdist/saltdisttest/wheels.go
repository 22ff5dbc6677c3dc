// Package saltdisttest writes stand-in Python wheels and a PEP 503 package
// index into a folder, so tests can run the real pip (on the host or in an
// image build) with no network. The wheels are test doubles: they are
// never presented as Salt.
package saltdisttest

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Wheel is one stand-in wheel: its file name (which carries the name,
// version and tags), its dependencies, its console scripts (name ->
// Python source of the script's module, which has a main()) and any more
// files it installs (path in site-packages -> content).
type Wheel struct {
	File     string
	Requires []string
	Scripts  map[string]string
	Files    map[string]string
}

// WriteIndex writes a simple index under root/simple with the files under
// root/files; use it as PIP_INDEX_URL=file://<root>/simple.
func WriteIndex(t testing.TB, root string, projects map[string][]Wheel) {
	t.Helper()
	files := filepath.Join(root, "files")
	require.NoError(t, os.MkdirAll(files, 0o755))
	for project, wheels := range projects {
		pdir := filepath.Join(root, "simple", project)
		require.NoError(t, os.MkdirAll(pdir, 0o755))
		var links strings.Builder
		for _, w := range wheels {
			switch {
			case strings.HasSuffix(w.File, ".tar.gz"):
				WriteSdist(t, filepath.Join(files, w.File), standinSdist(w))
			default:
				WriteWheel(t, filepath.Join(files, w.File), w)
			}
			fmt.Fprintf(&links, "<a href=\"../../files/%s\">%s</a><br>\n", w.File, w.File)
		}
		require.NoError(t, os.WriteFile(filepath.Join(pdir, "index.html"), []byte("<html><body>\n"+links.String()+"</body></html>\n"), 0o644))
	}
}

// WriteWheel writes w at path (whose base name must be w.File).
func WriteWheel(t testing.TB, path string, w Wheel) {
	t.Helper()
	parts := strings.Split(filepath.Base(path), "-")
	require.GreaterOrEqual(t, len(parts), 5, "wheel name %s", path)
	name, version := parts[0], parts[1]
	tag := strings.TrimSuffix(strings.Join(parts[2:], "-"), ".whl")
	f, err := os.Create(path)
	require.NoError(t, err)
	zw := zip.NewWriter(f)
	add := func(n, body string) {
		fw, err := zw.Create(n)
		require.NoError(t, err)
		_, err = fw.Write([]byte(body))
		require.NoError(t, err)
	}
	pkg := strings.ToLower(name) + "_standin"
	info := name + "-" + version + ".dist-info/"
	meta := "Metadata-Version: 2.1\nName: " + name + "\nVersion: " + version + "\n"
	for _, r := range w.Requires {
		meta += "Requires-Dist: " + r + "\n"
	}
	add(pkg+"/__init__.py", "")
	var eps strings.Builder
	for script, src := range w.Scripts {
		mod := strings.ReplaceAll(script, "-", "_")
		add(pkg+"/"+mod+".py", src)
		fmt.Fprintf(&eps, "%s = %s.%s:main\n", script, pkg, mod)
	}
	if eps.Len() > 0 {
		add(info+"entry_points.txt", "[console_scripts]\n"+eps.String())
	}
	files := make([]string, 0, len(w.Files))
	for n := range w.Files {
		files = append(files, n)
	}
	sort.Strings(files)
	for _, n := range files {
		add(n, w.Files[n])
	}
	add(info+"METADATA", meta)
	add(info+"WHEEL", "Wheel-Version: 1.0\nGenerator: saltlab-test\nRoot-Is-Purelib: true\nTag: "+tag+"\n")
	add(info+"RECORD", "")
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
}

// Sdist is one stand-in source archive: its file name (name-version.tar.gz)
// and the files below its top folder (path -> content), such as
// pyproject.toml or requirements/static/pkg/py3.11/linux.lock.
type Sdist struct {
	File  string
	Files map[string]string
}

// WriteSdist writes s at path (whose base name must be s.File).
func WriteSdist(t testing.TB, path string, s Sdist) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	top := strings.TrimSuffix(filepath.Base(path), ".tar.gz")
	names := make([]string, 0, len(s.Files))
	for n := range s.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		body := s.Files[n]
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: top + "/" + n, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}))
		_, err := tw.Write([]byte(body))
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	require.NoError(t, gz.Close())
	require.NoError(t, f.Close())
}

// standinSdist is a source archive with an in-tree PEP 517 backend of a
// few lines of the standard library (no build dependency to download), which
// builds a pure wheel declaring w.Requires.
func standinSdist(w Wheel) Sdist {
	base := strings.TrimSuffix(w.File, ".tar.gz")
	name, version, _ := strings.Cut(base, "-")
	meta := "Metadata-Version: 2.1\\nName: " + name + "\\nVersion: " + version + "\\n"
	for _, r := range w.Requires {
		meta += "Requires-Dist: " + r + "\\n"
	}
	backend := `import zipfile
NAME, VERSION, META = %q, %q, "%s"
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    fn = NAME + "-" + VERSION + "-py3-none-any.whl"
    info = NAME + "-" + VERSION + ".dist-info/"
    with zipfile.ZipFile(wheel_directory + "/" + fn, "w") as z:
        z.writestr(info + "METADATA", META)
        z.writestr(info + "WHEEL", "Wheel-Version: 1.0\nGenerator: saltlab-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(info + "RECORD", "")
    return fn
`
	return Sdist{File: w.File, Files: map[string]string{
		"pyproject.toml":     "[build-system]\nrequires = []\nbuild-backend = \"standin_backend\"\nbackend-path = [\".\"]\n",
		"standin_backend.py": fmt.Sprintf(backend, name, version, meta),
		"PKG-INFO":           meta,
	}}
}
