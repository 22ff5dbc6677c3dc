package images

import (
	"archive/tar"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/poll"
)

func TestContextTar(t *testing.T) {
	onDisk := filepath.Join(t.TempDir(), "bin")
	require.NoError(t, os.WriteFile(onDisk, []byte("BINARY"), 0o600))

	rc := contextTar([]contextFile{
		{Name: "Dockerfile", Data: []byte("FROM x\n")},
		{Name: "debs/"},
		{Name: "saltsim", Path: onDisk, Mode: 0o755},
		{Name: "empty", Data: []byte{}},
	})
	defer rc.Close()
	tr := tar.NewReader(rc)
	type entry struct {
		mode int64
		dir  bool
		data string
	}
	got := map[string]entry{}
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		var buf bytes.Buffer
		_, err = io.Copy(&buf, tr)
		require.NoError(t, err)
		assert.Equal(t, int64(0), hdr.ModTime.Unix(), "fixed mtime keeps the build cache warm")
		got[hdr.Name] = entry{mode: hdr.Mode, dir: hdr.Typeflag == tar.TypeDir, data: buf.String()}
	}
	assert.Equal(t, map[string]entry{
		"Dockerfile": {mode: 0o644, data: "FROM x\n"},
		"debs/":      {mode: 0o755, dir: true},
		"saltsim":    {mode: 0o755, data: "BINARY"},
		"empty":      {mode: 0o644},
	}, got)
}

func TestContextTarMissingFile(t *testing.T) {
	rc := contextTar([]contextFile{{Name: "gone", Path: filepath.Join(t.TempDir(), "nope")}})
	defer rc.Close()
	_, err := io.ReadAll(rc)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "write build context gone")
}

func TestContextTarAbandonedReader(t *testing.T) {
	// Closing early must not leave the writer goroutine blocked: the 1 MiB
	// file cannot fit the pipe, so the writer is blocked when we close.
	rc := contextTar([]contextFile{{Name: "big", Data: bytes.Repeat([]byte("x"), 1<<20)}})
	buf := make([]byte, 10)
	_, err := rc.Read(buf)
	require.NoError(t, err)
	require.True(t, writerRunning(), "the writer goroutine is blocked on the pipe before Close")
	require.NoError(t, rc.Close())
	ended, err := poll.Run(context.Background(), poll.Within(5*time.Second), func(context.Context, time.Duration) bool { return !writerRunning() })
	require.NoError(t, err)
	assert.True(t, ended, "the writer goroutine ended after the reader was closed")
}

// writerRunning says whether contextTar's writer goroutine is alive, from
// every goroutine's stack.
func writerRunning() bool {
	buf := make([]byte, 1<<20)
	return strings.Contains(string(buf[:runtime.Stack(buf, true)]), "images.contextTar.func")
}

func TestPlainWriter(t *testing.T) {
	var out strings.Builder
	_, err := plainWriter{&out}.Write([]byte("\x1b[91m+ ln -s a b\n\x1b[0mdone \x1b[1;31mred\x1b[0m\n"))
	require.NoError(t, err)
	assert.Equal(t, "+ ln -s a b\ndone red\n", out.String())
}

func TestProgressWriter(t *testing.T) {
	var out strings.Builder
	p := newProgressWriter(&out, "> ", 2, "I: Retrieving ")
	_, _ = p.Write([]byte("I: Retrieving a\nI: Checking sig"))
	_, _ = p.Write([]byte("nature\nI: Retrieving b\nE: boom"))
	assert.Equal(t, "> I: Checking signature\n", out.String())
	assert.Equal(t, "I: Checking signature\nI: Retrieving b\nE: boom", p.Tail())
}

func TestFindRepoRoot(t *testing.T) {
	root, err := FindRepoRoot(".")
	require.NoError(t, err)
	assert.FileExists(t, filepath.Join(root, packagesFile))
	_, err = FindRepoRoot(t.TempDir())
	require.Error(t, err)
}

// foldLabels puts every label in one LABEL line at the Dockerfile's end,
// in key order, leaves the caller's files as they were, and refuses what
// a Dockerfile would not read as text.
func TestFoldLabels(t *testing.T) {
	files := []contextFile{{Name: "Dockerfile", Data: []byte("FROM x\nRUN true")}, {Name: "wheels/"}}
	for _, tc := range []struct {
		name    string
		lbls    map[string]string
		want    string
		wantErr string
	}{
		{"none", nil, "FROM x\nRUN true", ""},
		{"in key order, one line", map[string]string{"io.saltlab.b": "2", "io.saltlab.a": "saltlab/x:1 two"},
			"FROM x\nRUN true\nLABEL \"io.saltlab.a\"=\"saltlab/x:1 two\" \"io.saltlab.b\"=\"2\"\n", ""},
		{"a variable", map[string]string{"k": "$HOME"}, "", `label k="$HOME": a quote, backslash, $ or control character`},
		{"a quote", map[string]string{"k": `a"b`}, "", "label k="},
		{"a newline", map[string]string{"k\n": "v"}, "", "label k\n="},
		{"a backslash", map[string]string{"k": `a\`}, "", "label k="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := foldLabels(files, "Dockerfile", tc.lbls)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got[0].Data))
			assert.Equal(t, "FROM x\nRUN true", string(files[0].Data), "the caller's files unchanged")
		})
	}
	_, err := foldLabels([]contextFile{{Name: "x"}}, "Dockerfile", map[string]string{"k": "v"})
	assert.ErrorContains(t, err, "no Dockerfile in its context")
}
