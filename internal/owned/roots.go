package owned

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// systemDirs are the host's own hierarchies: no root of saltlab's may be
// one of them or lie inside one. /usr/local is the administrator's and
// is judged as a shared folder instead.
var systemDirs = []string{
	"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys", "/usr",
	"/var/backups", "/var/lib/containerd", "/var/lib/docker", "/var/log", "/var/mail", "/var/run", "/var/spool",
}

// sharedDirs are folders that hold everybody's folders: a root may lie
// below one (a CI workspace under /var/lib/jenkins, a checkout under
// /srv or /tmp) but not be one.
var sharedDirs = []string{
	"/home", "/media", "/mnt", "/opt", "/root", "/srv", "/tmp", "/usr/local", "/usr/local/src",
	"/var", "/var/cache", "/var/lib", "/var/local", "/var/opt", "/var/tmp", "/workspace",
}

// userDirs are, below a home folder, the folders every program of the
// user shares.
var userDirs = []string{".cache", ".config", ".local", ".local/share", ".local/state", "Desktop", "Documents", "Downloads"}

// xdgVars name the user's shared folders when set.
var xdgVars = []string{"XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR", "XDG_STATE_HOME"}

// Root resolves a root folder saltlab writes below (named by a flag or
// the environment), symlinks included, and returns it absolute and
// resolved; it refuses /, a home folder, a folder everybody's files are
// in, and a system folder or one inside it, as the path was given and as
// it resolves.
func Root(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	resolved := resolve(abs)
	for _, p := range []string{abs, resolved} {
		why := forbidden(p, os.Getenv)
		if why == "" {
			continue
		}
		if p != abs {
			why = "resolves to " + p + ", which " + why
		}
		return "", &Refusal{Path: path, Why: why + ": saltlab creates and removes its folders there, among the files of the system or of people",
			Fix: "name a folder of its own below it, e.g. " + filepath.Join(abs, "saltlab")}
	}
	return resolved, nil
}

// forbidden says why the clean absolute path p may be no root, or "".
func forbidden(p string, getenv func(string) string) string {
	if p == "/" {
		return "is the root folder /"
	}
	homes := []string{"/root"}
	if h := getenv("HOME"); h != "" && filepath.IsAbs(h) {
		homes = append(homes, filepath.Clean(h), resolve(filepath.Clean(h)))
	}
	if filepath.Dir(p) == "/home" || slices.Contains(homes, p) {
		return "is a home folder"
	}
	for _, h := range homes {
		for _, d := range userDirs {
			if p == filepath.Join(h, d) {
				return "is a folder every program of the user shares"
			}
		}
	}
	for _, v := range xdgVars {
		if d := getenv(v); d != "" && filepath.IsAbs(d) && (p == filepath.Clean(d) || p == resolve(filepath.Clean(d))) {
			return "is the user's " + v
		}
	}
	for _, s := range sharedDirs {
		if p == s || p == resolve(s) {
			return "is " + s + ", which holds everybody's folders"
		}
	}
	if p == "/usr/local" || strings.HasPrefix(p, "/usr/local/") {
		return ""
	}
	// As listed first, so /usr/lib/x is inside /usr, not inside /lib
	// (which resolves to /usr/lib where /usr is merged).
	for _, resolved := range []bool{false, true} {
		for _, s := range systemDirs {
			d := s
			if resolved {
				d = resolve(s)
			}
			switch {
			case p == d:
				return "is the system folder " + s
			case strings.HasPrefix(p, d+"/"):
				return "is inside the system folder " + s
			}
		}
	}
	return ""
}

// resolve follows the symlinks of the existing part of the absolute path
// p; the part that does not exist yet is kept as given.
func resolve(p string) string {
	rest := ""
	for cur := p; ; cur = filepath.Dir(cur) {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		if cur == "/" || cur == "." {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
	}
}

// Folder refuses a path where a folder is wanted that is a file, or lies
// below one; a missing folder is fine (saltlab creates it).
func Folder(dir string) error {
	_, err := nearest(dir)
	return err
}

// Writable refuses a folder saltlab is to write into that this process
// cannot write: the folder itself, or, while it does not exist, the
// nearest folder above it, where it would be created. A file where a
// folder is wanted is refused too (Folder).
func Writable(dir string) error {
	cur, err := nearest(dir)
	if err != nil {
		return err
	}
	if err := access(cur, 0o3); err != nil { // W_OK|X_OK; root too is refused on a read-only file system
		if abs, _ := filepath.Abs(dir); cur == abs {
			return &Refusal{Path: dir, Why: "is not writable (" + err.Error() + ")", Fix: "name a folder you may write, or make this one writable"}
		}
		return &Refusal{Path: dir, Why: "cannot be created: " + cur + " is not writable (" + err.Error() + ")", Fix: "name a folder you may write"}
	}
	return nil
}

// access is access(2): tests stand in a read-only file system, which
// root, who may write anything else, cannot make with a mode.
var access = syscall.Access

// nearest is dir, absolute, when it exists, else the nearest folder
// above it that does; a file on the way is refused.
func nearest(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for cur := abs; ; cur = filepath.Dir(cur) {
		fi, err := os.Stat(cur)
		if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && cur != "/" {
			continue // a file above is named below
		}
		if err != nil {
			return "", &Refusal{Path: dir, Why: "cannot be used: " + err.Error(), Fix: "name a folder you may use"}
		}
		if fi.IsDir() {
			return cur, nil
		}
		if cur == abs {
			return "", &Refusal{Path: dir, Why: "is " + kind(fi.Mode()) + ", not a folder", Fix: "name a folder (saltlab creates it when it is missing), not a file"}
		}
		return "", &Refusal{Path: dir, Why: "cannot be created: " + cur + " is " + kind(fi.Mode()) + ", not a folder", Fix: "name a folder outside it"}
	}
}
