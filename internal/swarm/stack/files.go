package stack

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/saltlab/saltlab/internal/userfile"
)

// Limits of what a read-only bind may hold to reach the nodes as Swarm
// configs and secrets: the engine refuses a secret above 500 KiB (a
// config above 1000 KiB on newer engines, 500 KiB on API 1.41), and a
// lab's bind holds scripts and Salt drop-ins, not data.
const (
	MaxObjectSize = 500 << 10
	MaxBindFiles  = 256
)

// file is one file of a read-only bind, for the task as a config or secret.
type file struct {
	target string      // absolute path in the container
	mode   fs.FileMode // the host file's permission bits, as a bind shows them
	data   []byte
	// secret: the host file is private to its owner (no group or other
	// bits), such as the run's salt-api password; it becomes a Swarm
	// secret, which the engine keeps encrypted and out of inspect output.
	secret bool
}

// bindFiles reads the regular files of a read-only bind's source, a file
// or a folder (its files below it, at the same paths under target).
func bindFiles(src, target string) ([]file, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return nil, fmt.Errorf("read bind source %s: %w", src, err)
	}
	if !fi.IsDir() {
		f, err := readOne(src, target)
		if err != nil {
			return nil, err
		}
		return []file{f}, nil
	}
	var out []file
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if len(out) == MaxBindFiles {
			return fmt.Errorf("%s holds more than %d files: bind a folder with only what the service needs", src, MaxBindFiles)
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		f, err := readOne(p, path.Join(target, filepath.ToSlash(rel)))
		if err != nil {
			return err
		}
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read bind source %s: %w", src, err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].target < out[j].target })
	return out, nil
}

func readOne(p, target string) (file, error) {
	data, err := userfile.ReadFile(p, MaxObjectSize)
	if err != nil {
		if userfile.Is(err) {
			return file{}, fmt.Errorf("%w (on Swarm each file of a bind becomes a Swarm config of at most %s)", err, userfile.Size(MaxObjectSize))
		}
		return file{}, err
	}
	fi, err := os.Stat(p)
	if err != nil {
		return file{}, err
	}
	mode := fi.Mode().Perm()
	return file{target: target, mode: mode, data: data, secret: mode&0o077 == 0}, nil
}

// objectName names a config or secret by the run's project and its
// content, so one file bound into several services is one object, and
// names stay within the engine's 64 characters.
func objectName(project string, data []byte) string {
	sum := sha256.Sum256(data)
	return project + "-" + hex.EncodeToString(sum[:])[:12]
}

var errNoFiles = errors.New("holds no files")
