package cpuacct

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// cgroupRoots are where Docker Engine makes its containers' accounts with
// the cgroupfs driver: cgroup v1's cpuacct hierarchy, then cgroup v2.
var cgroupRoots = []string{"/sys/fs/cgroup/cpuacct/docker", "/sys/fs/cgroup/cpu,cpuacct/docker", "/sys/fs/cgroup/docker", "/sys/fs/cgroup/system.slice"}

// cgroupRoot is the first of cgroupRoots on this host.
func cgroupRoot() (string, error) {
	for _, dir := range cgroupRoots {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir, nil
		}
	}
	return "", fmt.Errorf("find the containers' CPU accounts: none of %s exists (another cgroup layout or driver)", strings.Join(cgroupRoots, ", "))
}

// usageUsec is usage_usec of a cgroup v2 cpu.stat.
func usageUsec(stat string) (time.Duration, error) {
	for _, line := range strings.Split(stat, "\n") {
		if v, ok := strings.CutPrefix(line, "usage_usec "); ok {
			us, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("parse cpu.stat usage_usec %q: %w", v, err)
			}
			return time.Duration(us) * time.Microsecond, nil
		}
	}
	return 0, errors.New("parse cpu.stat: no usage_usec")
}

// engineProcesses are the engine's long-lived processes; the shims of
// single containers come and go with them and are not counted.
var engineProcesses = []string{"dockerd", "containerd"}

// clockTicks is the kernel's USER_HZ, 100 on every Linux Go runs on.
const clockTicks = 100

// engineTime is the CPU time dockerd and containerd have used so far.
func engineTime() (time.Duration, error) {
	procs, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		return 0, err
	}
	var sum time.Duration
	found := map[string]bool{}
	for _, p := range procs {
		raw, err := os.ReadFile(p)
		if err != nil {
			continue // exited
		}
		name, ticks, ok := procTime(string(raw))
		if !ok {
			continue
		}
		for _, e := range engineProcesses {
			if name == e {
				found[e] = true
				sum += time.Duration(ticks) * time.Second / clockTicks
			}
		}
	}
	for _, e := range engineProcesses {
		if !found[e] {
			return 0, fmt.Errorf("measure the engine's CPU time: no %s process on this host", e)
		}
	}
	return sum, nil
}

// procTime is a /proc/<pid>/stat's command name and utime+stime in clock
// ticks. The name is in parentheses and may hold spaces, so the fields
// are counted from its closing one.
func procTime(stat string) (name string, ticks int64, ok bool) {
	open, end := strings.IndexByte(stat, '('), strings.LastIndexByte(stat, ')')
	if open < 0 || end < open {
		return "", 0, false
	}
	name = stat[open+1 : end]
	f := strings.Fields(stat[end+1:])
	// After the name: state(0) ppid(1) ... utime(11) stime(12).
	if len(f) < 13 {
		return "", 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return "", 0, false
	}
	return name, u + s, true
}
