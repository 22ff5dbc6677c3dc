package policy

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// systemPaths are the host's own hierarchies (FHS) and the engine's state:
// a lab container that sees one of them, or one of their parents, can read
// or change the host itself. Everything else (home directories, /srv,
// /opt, /tmp, a CI workspace under /var/lib/jenkins) holds the user's
// files and may be bound.
var systemPaths = []string{
	"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32",
	"/proc", "/run", "/sbin", "/sys", "/usr",
	"/var/run", "/var/lib/docker", "/var/lib/containerd", "/var/log",
}

// standardSockets are where Docker's API socket lives on Linux hosts
// (rootless engines use $XDG_RUNTIME_DIR, which is under /run too).
var standardSockets = []string{"/var/run/docker.sock", "/run/docker.sock"}

// allowedDevices are system paths a bind may name exactly: /dev/null masks
// a file (the topologies bind it when no API password file is set).
var allowedDevices = []string{"/dev/null"}

// Rules is the policy of one host. Sockets are the Docker API sockets a
// bind must not reach, the standard ones and the engine's own.
type Rules struct {
	Sockets []string
}

// New returns the rules for the engine getenv names: DOCKER_HOST's socket,
// when it is a unix socket, joins the standard ones.
func New(getenv func(string) string) Rules {
	r := Rules{Sockets: slices.Clone(standardSockets)}
	if u, err := url.Parse(getenv("DOCKER_HOST")); err == nil && u.Scheme == "unix" && u.Path != "" {
		r.Sockets = append(r.Sockets, filepath.Clean(u.Path))
	}
	return r
}

// HostPath returns why a host path a lab would bind into a container (or
// read into one, as env_file) is refused, or nil. Symlinks are resolved
// first, so a link to /etc or to the Docker socket is what it points at.
func (r Rules) HostPath(path string) error {
	if !filepath.IsAbs(path) {
		abs, err := filepath.Abs(path)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		path = abs
	}
	clean := filepath.Clean(path)
	for _, p := range []string{clean, resolve(clean)} {
		if slices.Contains(allowedDevices, p) {
			continue
		}
		if err := r.hostPath(p); err != nil {
			return fmt.Errorf("%s%s %w", path, via(path, p), err)
		}
	}
	return nil
}

// hostPath checks one clean, resolved path: the sockets first (the worst
// case), then the system paths it is or lies in, then those it contains.
// Each system path is compared as listed and resolved (/var/run is /run,
// /bin may be /usr/bin).
func (r Rules) hostPath(p string) error {
	for _, sock := range r.Sockets {
		for _, s := range []string{sock, resolve(sock)} {
			if within(p, s) || within(s, p) {
				return fmt.Errorf("exposes the Docker API socket %s, which gives a container control of the host", sock)
			}
		}
	}
	// The paths as listed first, so /usr/lib/x is inside /usr, not inside
	// /lib (which resolves to /usr/lib on merged-/usr hosts).
	type sysPath struct{ name, path string }
	var all []sysPath
	for _, sys := range systemPaths {
		all = append(all, sysPath{sys, sys})
	}
	for _, sys := range systemPaths {
		all = append(all, sysPath{sys, resolve(sys)})
	}
	for _, s := range all {
		if p == s.path {
			return fmt.Errorf("is the host system path %s", s.name)
		}
		if within(p, s.path) {
			return fmt.Errorf("is inside the host system path %s", s.name)
		}
	}
	for _, s := range all {
		if within(s.path, p) {
			return fmt.Errorf("contains the host system path %s", s.name)
		}
	}
	return nil
}

// via names what a path resolved to, when that differs from what was given.
func via(given, resolved string) string {
	if filepath.Clean(given) == resolved {
		return ""
	}
	return " (resolved to " + resolved + ")"
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	if dir == "/" {
		return true
	}
	return path == dir || strings.HasPrefix(path, dir+"/")
}

// maxLinks bounds the symlinks resolve follows (the kernel's limit).
const maxLinks = 40

// resolve follows the symlinks of an absolute path component by component,
// dangling ones included (a link to the Docker socket of an engine that is
// down still names the socket). A component that does not exist ends the
// walk: what is below it cannot be a link yet.
func resolve(path string) string {
	todo := strings.Split(path, "/")
	cur := "/"
	for links := 0; len(todo) > 0; {
		part := todo[0]
		todo = todo[1:]
		switch part {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur) // cur has no links left, so this is its real parent
			continue
		}
		next := filepath.Join(cur, part)
		fi, err := os.Lstat(next)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 || links == maxLinks {
			if err != nil {
				return filepath.Join(append([]string{next}, todo...)...)
			}
			cur = next
			continue
		}
		target, err := os.Readlink(next)
		if err != nil {
			return filepath.Join(append([]string{next}, todo...)...)
		}
		links++
		if filepath.IsAbs(target) {
			cur = "/"
		}
		todo = append(strings.Split(target, "/"), todo...)
	}
	return cur
}

// OSRules are the rules of this host, from the process environment.
func OSRules() Rules { return New(os.Getenv) }
