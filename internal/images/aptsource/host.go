package aptsource

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/userfile"
)

// DefaultDir is where apt keeps its configuration.
const DefaultDir = "/etc/apt"

// indexTargetsFormat asks apt itself for the sources it resolved; this covers
// layouts the file parser does not (apt.conf overrides, unusual includes).
const indexTargetsFormat = "$(TARGET_OF) $(REPO_URI) $(RELEASE) $(COMPONENT)"

// Locator finds the mirror for a suite. The zero value reads the host's
// /etc/apt and falls back to apt-get indextargets.
type Locator struct {
	// Dir is the apt configuration directory; empty means DefaultDir.
	Dir string
	// IndexTargets returns the output of apt-get indextargets with
	// indexTargetsFormat; nil runs the real command. Tests replace it.
	IndexTargets func(ctx context.Context) ([]byte, error)
}

// Mirror returns the host's mirror for suite using the zero Locator.
func Mirror(ctx context.Context, suite string) (string, error) {
	return Locator{}.Mirror(ctx, suite)
}

// Mirror returns the first deb URI that serves suite, in the order apt reads
// its sources: sources.list first, then sources.list.d in lexical order.
func (l Locator) Mirror(ctx context.Context, suite string) (string, error) {
	dir := l.Dir
	if dir == "" {
		dir = DefaultDir
	}
	entries, read, err := readDir(dir)
	if err != nil {
		return "", err
	}
	if uri, ok := Find(entries, suite); ok {
		return uri, nil
	}
	run := l.IndexTargets
	if run == nil {
		run = runIndexTargets
	}
	out, ierr := run(ctx)
	if ierr == nil {
		if uri, ok := findIndexTarget(out, suite); ok {
			return uri, nil
		}
		ierr = errors.New("no matching target")
	}
	files := "none"
	if len(read) > 0 {
		files = strings.Join(read, ", ")
	}
	return "", fmt.Errorf("find apt source for suite %q: none in files read (%s); apt-get indextargets: %v", suite, files, ierr)
}

// readDir parses every source file apt would read and reports which files
// it read, so a failure can name them.
func readDir(dir string) ([]Entry, []string, error) {
	paths := []string{filepath.Join(dir, "sources.list")}
	listed, err := os.ReadDir(filepath.Join(dir, "sources.list.d"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("read apt sources: %w", err)
	}
	var names []string
	for _, e := range listed {
		// apt ignores every other suffix (e.g. *.disabled, *.save).
		if !e.IsDir() && (strings.HasSuffix(e.Name(), ".list") || strings.HasSuffix(e.Name(), ".sources")) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		paths = append(paths, filepath.Join(dir, "sources.list.d", n))
	}
	var (
		entries []Entry
		read    []string
	)
	for _, p := range paths {
		b, err := userfile.ReadFile(p, userfile.Text)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("read apt sources: %w", err)
		}
		read = append(read, p)
		if strings.HasSuffix(p, ".sources") {
			entries = append(entries, ParseDeb822(string(b))...)
		} else {
			entries = append(entries, ParseOneLine(string(b))...)
		}
	}
	return entries, read, nil
}

// waitDelay bounds how long a cancelled apt-get may hold its output
// open before saltlab stops waiting for it (exec.Cmd.WaitDelay): an
// interrupted command returns promptly.
const waitDelay = 5 * time.Second

func runIndexTargets(ctx context.Context) ([]byte, error) {
	var stderr bytes.Buffer
	// --no-release-info also lists sources whose indexes were never
	// downloaded (a host that never ran apt-get update).
	cmd := exec.CommandContext(ctx, "apt-get", "indextargets", "--no-release-info", "--format", indexTargetsFormat)
	cmd.Stderr = &stderr
	cmd.WaitDelay = waitDelay
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("run apt-get indextargets: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// findIndexTarget scans "TARGET_OF REPO_URI RELEASE [COMPONENT]" lines
// with Find's rule: the first serving suite with component main, else the
// first serving suite.
func findIndexTarget(out []byte, suite string) (string, bool) {
	var entries []Entry
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || len(f) > 4 {
			continue
		}
		entries = append(entries, Entry{Types: f[:1], URIs: f[1:2], Suites: f[2:3], Components: f[3:], Enabled: true})
	}
	return Find(entries, suite)
}
