package images

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// command is an external program run on the host (debootstrap, go build).
type command struct {
	Name string
	Args []string
	Dir  string
	Env  []string // added to the current environment
}

func (c command) String() string {
	return strings.Join(append([]string{c.Name}, c.Args...), " ")
}

// runFunc runs a command with stdout and stderr going to out.
type runFunc func(ctx context.Context, c command, out io.Writer) error

// stopGrace is how long a cancelled command may take to clean up after
// SIGTERM; debootstrap needs it to unmount /proc, /sys and /dev binds.
const stopGrace = 30 * time.Second

// runCommand runs c. On cancellation it sends SIGTERM rather than SIGKILL so
// that debootstrap's exit trap can undo its mounts inside the target.
func runCommand(ctx context.Context, c command, out io.Writer) error {
	cmd := exec.CommandContext(ctx, c.Name, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), c.Env...)
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = stopGrace
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("run %s: %w", c.Name, err)
	}
	return nil
}

func lookPath(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	// Non-login root shells often lack /usr/sbin, where debootstrap lives.
	for _, dir := range []string{"/usr/sbin", "/sbin"} {
		p := dir + "/" + name
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("find %s: not in PATH, /usr/sbin or /sbin", name)
}

// progressWriter forwards whole lines to w, except lines starting with one
// of the quiet prefixes (debootstrap's per-package chatter), and keeps the
// last lines of everything so a failure can show them.
type progressWriter struct {
	w       io.Writer
	prefix  string
	quiet   []string
	partial []byte
	tail    []string
	keep    int
}

func newProgressWriter(w io.Writer, prefix string, keep int, quiet ...string) *progressWriter {
	return &progressWriter{w: w, prefix: prefix, quiet: quiet, keep: keep}
}

func (p *progressWriter) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.line(string(p.partial[:i]))
		p.partial = p.partial[i+1:]
	}
}

func (p *progressWriter) line(l string) {
	l = strings.TrimRight(l, "\r")
	p.tail = append(p.tail, l)
	if len(p.tail) > p.keep {
		p.tail = p.tail[len(p.tail)-p.keep:]
	}
	for _, q := range p.quiet {
		if strings.HasPrefix(l, q) {
			return
		}
	}
	fmt.Fprintf(p.w, "%s%s\n", p.prefix, l)
}

// Tail returns the last lines written, including an unterminated one.
func (p *progressWriter) Tail() string {
	lines := p.tail
	if len(p.partial) > 0 {
		lines = append(append([]string{}, lines...), string(p.partial))
	}
	return strings.Join(lines, "\n")
}
