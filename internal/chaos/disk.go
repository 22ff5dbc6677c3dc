package chaos

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// KindDiskFull fills the filesystem of a path.
const KindDiskFull fault.Kind = "disk-full"

func init() {
	register(Def{Kind: KindDiskFull, Place: 400,
		Args: []Arg{{Option: optPath, Example: "/dev/shm", Optional: true, Default: "/dev/shm", Help: "path whose filesystem is filled (default /dev/shm)"}},
		Check: func(s Spec) error {
			if !strings.HasPrefix(s.Path, "/") {
				return fmt.Errorf("fault disk-full: path %q must be absolute", s.Path)
			}
			return nil
		},
		Mechanism: "fallocate a file filling the path's filesystem (refused above 1 GiB free); heal: delete it",
		Salt:      "writes under that path fail with ENOSPC: job cache, key acceptance or logs, depending on the path",
		inject:    diskFullFault, undo: undoDiskFull})
}

// MaxFillBytes is the most free space disk-full fills. A container's root
// and its volumes live on the host's disk: filling that would hurt every
// lab on the machine, so larger filesystems are refused.
const MaxFillBytes = 1 << 30

const dataFile = "file"

// fillScript fills with one file: fallocate takes the space at once; where
// the filesystem refuses it, writing zeros until ENOSPC fills it as well.
// Arguments: bytes, file (the user's path, so never part of the text).
const fillScript = `n="$1"; f="$2"
fallocate -l "$n" -- "$f" 2>/dev/null || head -c "$n" /dev/zero > "$f" 2>/dev/null || true
test -e "$f"`

// diskFullFault fills the filesystem of s.Path with one preallocated file,
// recorded before it is written and deleted on heal. Mount options (a
// size-limited tmpfs) are fixed when a container is created, so a fill is
// the only runtime fault; /dev/shm (64 MiB tmpfs) is a safe default target.
func diskFullFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc := s.Targets[0]
	info, err := e.unpausedTarget(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	// Refused before the ledger, what the fill cannot do whole: write a
	// file under a path that is no directory or is read-only, or take
	// space from a filesystem with none left (the fault would stand on the
	// ledger having filled nothing).
	if _, err := e.run(ctx, info.ID, "test", "-d", s.Path, "-a", "-w", s.Path); err != nil {
		return fault.Entry{}, fmt.Errorf("disk-full %s:%s: not a writable directory in the container; give --path a directory on the filesystem to fill, such as /dev/shm", svc, s.Path)
	}
	out, err := e.run(ctx, info.ID, "df", "-P", "-B1", s.Path)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("measure free space of %s in %s: %w", s.Path, svc, err)
	}
	avail, mount, err := parseDF(out)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("measure free space of %s in %s: %w", s.Path, svc, err)
	}
	if avail > MaxFillBytes {
		return fault.Entry{}, fmt.Errorf("disk-full %s:%s: its filesystem (mounted at %s) has %d MiB free, more than the %d MiB saltlab fills safely (it is probably the host's disk); choose a path on a small filesystem such as /dev/shm",
			svc, s.Path, mount, avail>>20, MaxFillBytes>>20)
	}
	if avail <= 0 {
		return fault.Entry{}, fmt.Errorf("disk-full %s:%s: its filesystem (mounted at %s) is full already, so there is nothing to fill; free some space there or choose another path", svc, s.Path, mount)
	}
	file := strings.TrimSuffix(s.Path, "/") + "/.saltlab-fill-" + token()
	en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, dataFile: file, "avail_before": strconv.FormatInt(avail, 10)})
	if err != nil {
		return en, err
	}
	if _, err := e.run(ctx, info.ID, "bash", "-ec", fillScript, "saltlab", strconv.FormatInt(avail, 10), file); err != nil {
		return en, fmt.Errorf("fill %s in %s: %w", s.Path, svc, err)
	}
	e.logf("filled %s in %s with %s (fault %d)", s.Path, svc, file, en.ID)
	return en, nil
}

func undoDiskFull(ctx context.Context, e *Engine, en fault.Entry) error {
	id := en.Data[dataContainer]
	return e.inStopped(ctx, id, "the disk fill "+en.Data[dataFile], func() error {
		if _, err := e.run(ctx, id, "rm", "-f", "--", en.Data[dataFile]); err != nil {
			return fmt.Errorf("remove fill file from %s: %w", en.Data[dataService], err)
		}
		return nil
	})
}

// parseDF reads `df -P -B1 PATH`: available bytes and mount point.
func parseDF(out string) (avail int64, mount string, err error) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 {
		return 0, "", fmt.Errorf("unexpected df output %q", out)
	}
	f := strings.Fields(lines[len(lines)-1])
	if len(f) < 6 {
		return 0, "", fmt.Errorf("unexpected df output %q", out)
	}
	avail, err = strconv.ParseInt(f[3], 10, 64)
	if err != nil {
		return 0, "", fmt.Errorf("unexpected df output %q: %w", out, err)
	}
	return avail, f[5], nil
}
