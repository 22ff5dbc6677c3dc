package capacity

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// memAvailable reads MemAvailable (kB) from a meminfo file: the kernel's
// estimate of what can be allocated without swapping, which leaves out
// what the lead's and other runs' containers already hold.
func memAvailable(path string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("read available memory: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != "MemAvailable" {
			continue
		}
		kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("read available memory from %s: %w", path, err)
		}
		return kb * 1024, nil
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Errorf("read available memory: %w", err)
	}
	return 0, fmt.Errorf("read available memory: no MemAvailable line in %s", path)
}
