package images

import (
	"archive/tar"
	"fmt"
	"io"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/saltlab/saltlab/internal/userfile"
)

// contextFile is one entry of a build context. Data wins over Path; an
// entry whose Name ends in "/" is a directory.
type contextFile struct {
	Name string
	Mode int64
	Data []byte
	Path string
}

// contextTar streams files as a tar build context. Streaming (instead of a
// buffer) keeps memory flat when users drop large Salt .deb files in. The
// caller must Close the reader so an abandoned writer goroutine ends.
func contextTar(files []contextFile) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		pw.CloseWithError(writeContext(pw, files))
	}()
	return pr
}

func writeContext(w io.Writer, files []contextFile) error {
	tw := tar.NewWriter(w)
	// A fixed time keeps the context, and so the classic builder's COPY
	// cache, identical across builds with identical content.
	mtime := time.Unix(0, 0)
	for _, f := range files {
		if strings.HasSuffix(f.Name, "/") {
			hdr := &tar.Header{Name: f.Name, Mode: 0o755, Typeflag: tar.TypeDir, ModTime: mtime}
			if err := tw.WriteHeader(hdr); err != nil {
				return fmt.Errorf("write build context %s: %w", f.Name, err)
			}
			continue
		}
		if err := writeContextFile(tw, f, mtime); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("write build context: %w", err)
	}
	return nil
}

func writeContextFile(tw *tar.Writer, f contextFile, mtime time.Time) error {
	mode := f.Mode
	if mode == 0 {
		mode = 0o644
	}
	var (
		src  io.Reader
		size int64
	)
	if f.Data != nil || f.Path == "" {
		src, size = strings.NewReader(string(f.Data)), int64(len(f.Data))
	} else {
		fh, err := userfile.Open(f.Path, userfile.Archive)
		if err != nil {
			return fmt.Errorf("write build context %s: %w", f.Name, err)
		}
		defer fh.Close()
		src, size = io.LimitReader(fh, fh.Info().Size()), fh.Info().Size()
	}
	hdr := &tar.Header{Name: path.Clean(f.Name), Mode: mode, Size: size, Typeflag: tar.TypeReg, ModTime: mtime}
	if err := tw.WriteHeader(hdr); err != nil {
		return fmt.Errorf("write build context %s: %w", f.Name, err)
	}
	if _, err := io.Copy(tw, src); err != nil {
		return fmt.Errorf("write build context %s: %w", f.Name, err)
	}
	return nil
}

// foldLabels returns files with the Dockerfile named dockerfile ending in
// one LABEL instruction that sets every label of lbls, in key order. The
// keys and values are saltlab's own (hashes, tags, releases, flavours);
// one holding a character the Dockerfile would read as more than text
// (a quote, a backslash, a $ for its variables, a control character) is
// refused rather than escaped.
func foldLabels(files []contextFile, dockerfile string, lbls map[string]string) ([]contextFile, error) {
	if len(lbls) == 0 {
		return files, nil
	}
	var line strings.Builder
	line.WriteString("LABEL")
	for _, k := range slices.Sorted(maps.Keys(lbls)) {
		for _, s := range []string{k, lbls[k]} {
			if strings.ContainsFunc(s, func(r rune) bool { return r == '"' || r == '\\' || r == '$' || !unicode.IsPrint(r) }) {
				return nil, fmt.Errorf("label %s=%q: a quote, backslash, $ or control character does not go into a Dockerfile LABEL as text", k, lbls[k])
			}
		}
		fmt.Fprintf(&line, " %q=%q", k, lbls[k])
	}
	out := slices.Clone(files)
	for i, f := range out {
		if path.Clean(f.Name) != dockerfile {
			continue
		}
		if f.Data == nil {
			return nil, fmt.Errorf("label the build: the context's %s is not held in memory", dockerfile)
		}
		df := append([]byte(nil), f.Data...)
		if len(df) > 0 && df[len(df)-1] != '\n' {
			df = append(df, '\n')
		}
		out[i].Data = append(df, line.String()+"\n"...)
		return out, nil
	}
	return nil, fmt.Errorf("label the build: no %s in its context", dockerfile)
}
