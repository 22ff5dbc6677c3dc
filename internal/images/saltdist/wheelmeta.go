package saltdist

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/saltlab/saltlab/internal/userfile"
)

// RequiresDist counts the Requires-Dist lines in a wheel's METADATA. A
// Salt wheel built by a setuptools Salt does not support can carry none
// (saltstack/salt#65149, #67973): it installs "fine" and then dies on its
// first import, so such a wheel is refused.
func RequiresDist(wheel string) (int, error) {
	wf, err := userfile.Open(wheel, userfile.Archive)
	if err != nil {
		return 0, fmt.Errorf("open wheel: %w", err)
	}
	defer wf.Close()
	zr, err := zip.NewReader(wf, wf.Info().Size())
	if err != nil {
		return 0, fmt.Errorf("open wheel: %w", err)
	}
	for _, f := range zr.File {
		dir, name, ok := strings.Cut(f.Name, "/")
		if !ok || name != "METADATA" || !strings.HasSuffix(dir, ".dist-info") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return 0, fmt.Errorf("read %s in %s: %w", f.Name, wheel, err)
		}
		defer rc.Close()
		n := 0
		sc := bufio.NewScanner(io.LimitReader(rc, 4<<20))
		for sc.Scan() {
			line := sc.Text()
			if line == "" {
				break // the headers end at the first blank line; the description follows
			}
			if strings.HasPrefix(line, "Requires-Dist:") {
				n++
			}
		}
		return n, sc.Err()
	}
	return 0, fmt.Errorf("read wheel %s: no .dist-info/METADATA", wheel)
}
