// Package saltdisttest writes stand-in Python wheels and a PEP 503 package
// index into a folder, so tests can run the real pip (on the host or in an
// image build) with no network. The wheels are test doubles: they are
// never presented as Salt.
package saltdisttest

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Wheel is one stand-in wheel: its file name (which carries the name,
// version and tags), its dependencies and its console scripts
// (name -> Python source of the script's module, which has a main()).
type Wheel struct {
	File     string
	Requires []string
	Scripts  map[string]string
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
			WriteWheel(t, filepath.Join(files, w.File), w)
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
	add(info+"METADATA", meta)
	add(info+"WHEEL", "Wheel-Version: 1.0\nGenerator: saltlab-test\nRoot-Is-Purelib: true\nTag: "+tag+"\n")
	add(info+"RECORD", "")
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
}
