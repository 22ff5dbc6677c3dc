package images

import (
	"archive/tar"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

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
