package images

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/saltlab/saltlab/internal/owned"
)

// debootstrapQuiet are debootstrap's per-package lines; the rest (signature
// checks, resolving, "installed successfully") is enough progress for a log.
func debootstrapQuiet() []string {
	return []string{"I: Retrieving ", "I: Validating ", "I: Extracting ", "I: Unpacking ", "I: Configuring "}
}

// debootstrapBase builds BaseRef without a registry: debootstrap a minbase
// rootfs with the package list from the host's mirror, trim apt caches and
// import the tree as the image.
func (b *Builder) debootstrapBase(ctx context.Context, list packageList) error {
	return b.debootstrapImage(ctx, BaseRef, list)
}

// debootstrapImage builds ref from a minbase rootfs with list's packages.
func (b *Builder) debootstrapImage(ctx context.Context, ref string, list packageList) (err error) {
	bin, err := b.debootstrapBinary()
	if err != nil {
		return err
	}
	mirror, err := b.mirror(ctx, Suite)
	if err != nil {
		return fmt.Errorf("find Debian mirror: %w", err)
	}
	tmp, err := owned.TempDir("saltlab-rootfs-")
	if err != nil {
		return fmt.Errorf("create rootfs dir: %w", err)
	}
	defer b.removeTree(tmp)
	rootfs := filepath.Join(tmp, "rootfs")

	if err := b.runDebootstrap(ctx, ref, bin, mirror, rootfs, list); err != nil {
		return err
	}
	if err := trimRootfs(tmp, rootfs); err != nil {
		return err
	}
	return b.importRootfs(ctx, ref, rootfs, list)
}

// debootstrapBinary checks the two host prerequisites up front, so the user
// gets an instruction instead of a cryptic failure half-way.
func (b *Builder) debootstrapBinary() (string, error) {
	bin, err := b.lookPath("debootstrap")
	if err != nil {
		return "", fmt.Errorf("debootstrap not found (%v): install debootstrap: apt-get install debootstrap", err)
	}
	if uid := b.geteuid(); uid != 0 {
		return "", fmt.Errorf("debootstrap needs root (running as uid %d): run as root, or build %s where a registry is reachable", uid, BaseRef)
	}
	return bin, nil
}

func debootstrapCommand(bin, mirror, rootfs string, pkgs []string) command {
	return command{Name: bin, Args: []string{
		"--variant=minbase",
		"--include=" + strings.Join(pkgs, ","),
		Suite, rootfs, mirror,
	}}
}

// runDebootstrap names ref in its lines: the base and the wheel builder
// may be bootstrapped at the same time (ahead.go).
func (b *Builder) runDebootstrap(ctx context.Context, ref, bin, mirror, rootfs string, list packageList) (err error) {
	done := b.phase(fmt.Sprintf("debootstrap %s for %s (minbase + %d packages) from %s", Suite, ref, len(list.pkgs), mirror))
	defer done(&err)
	out := newProgressWriter(b.log, "  "+ref+" debootstrap: ", 25, debootstrapQuiet()...)
	if err := b.run(ctx, debootstrapCommand(bin, mirror, rootfs, list.pkgs), out); err != nil {
		return fmt.Errorf("debootstrap %s: %w; last output:\n%s", Suite, err, out.Tail())
	}
	return nil
}

// trimRootfs drops what only the bootstrap needed: downloaded .debs, the
// package lists and apt's binary caches (about 90 MB). Later images install
// nothing from the Debian mirror, so the lists are not needed.
func trimRootfs(tmp, rootfs string) error {
	for _, pattern := range []string{
		"var/cache/apt/archives/*.deb",
		"var/cache/apt/*.bin",
		"var/lib/apt/lists/*",
	} {
		matches, err := filepath.Glob(filepath.Join(rootfs, pattern))
		if err != nil {
			return fmt.Errorf("trim rootfs: %w", err)
		}
		for _, m := range matches {
			if filepath.Base(m) == "partial" || filepath.Base(m) == "lock" {
				continue
			}
			if err := owned.RemoveBelow(tmp, m); err != nil {
				return fmt.Errorf("trim rootfs: %w", err)
			}
		}
	}
	return nil
}

// removeTree deletes a temp tree that may contain a debootstrap target. If
// debootstrap died without its exit trap, /proc, /sys or bind mounts of the
// host's /dev can still be mounted inside; deleting through them would
// delete host files, so unmount first and refuse if anything stays mounted.
func (b *Builder) removeTree(dir string) {
	for _, mp := range mountsUnder(dir) {
		if err := syscall.Unmount(mp, syscall.MNT_DETACH); err != nil {
			b.logf("unmount %s: %v", mp, err)
		}
	}
	if left := mountsUnder(dir); len(left) > 0 {
		b.logf("leaving %s in place: still mounted: %s", dir, strings.Join(left, ", "))
		return
	}
	if err := owned.RemoveAll(dir); err != nil {
		b.logf("remove %s: %v", dir, err)
	}
}

// mountsUnder lists mount points below dir, deepest first.
func mountsUnder(dir string) []string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var mps []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 5 {
			continue
		}
		mp := unescapeMount(fields[4])
		if strings.HasPrefix(mp, dir+"/") {
			mps = append(mps, mp)
		}
	}
	sort.Slice(mps, func(i, j int) bool { return len(mps[i]) > len(mps[j]) })
	return mps
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				out.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		out.WriteByte(s[i])
	}
	return out.String()
}
