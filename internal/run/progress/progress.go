// Package progress tells a person what a run is doing: phase banners
// (images, up, each scenario, each fault, heal, teardown) with the time
// elapsed since the run started, and waits that say what they wait for
// and until when. On a terminal (and not in CI) banners are coloured and
// a wait counts down in place; anywhere else (CI logs, pipes, files)
// every line is plain text written once, so logs stay greppable.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Printer writes a run's progress to one writer.
type Printer struct {
	w     io.Writer
	start time.Time
	live  bool
	now   func() time.Time
	tick  time.Duration
	mu    sync.Mutex
}

// New returns a printer for w, measuring elapsed time from start. It is
// live (colours, a countdown in place) only when Interactive(w).
func New(w io.Writer, start time.Time) *Printer {
	return &Printer{w: w, start: start, live: Interactive(w), now: time.Now, tick: time.Second}
}

// Interactive says whether w is a terminal a person watches: a character
// device, with CI unset (CI services set it, often with a pseudo-terminal)
// and TERM not "dumb". NO_COLOR (no-color.org) turns it off too.
func Interactive(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	return os.Getenv("CI") == "" && os.Getenv("TERM") != "dumb" && os.Getenv("NO_COLOR") == ""
}

const (
	bold  = "\033[1m"
	cyan  = "\033[36m"
	reset = "\033[0m"
	clear = "\r\033[K"
)

func (p *Printer) elapsed() string {
	return fmt.Sprintf("%6.1fs", p.now().Sub(p.start).Seconds())
}

// Phase prints a banner: "==> [  12.3s] scenario: Stopping master-1".
func (p *Printer) Phase(phase, format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	msg := fmt.Sprintf(format, args...)
	if p.live {
		fmt.Fprintf(p.w, "%s==> [%s] %s%s:%s %s\n", bold+cyan, p.elapsed(), phase, reset+bold, reset, msg)
		return
	}
	fmt.Fprintf(p.w, "==> [%s] %s: %s\n", p.elapsed(), phase, msg)
}

// Line prints a plain progress line: "[saltlab   12.3s] ...".
func (p *Printer) Line(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "[saltlab %s] %s\n", p.elapsed(), fmt.Sprintf(format, args...))
}

// Wait announces a wait for what, bounded by deadline, and returns the
// function to call when it ends (err nil: it succeeded). Live, a
// countdown updates in place meanwhile; otherwise one line now and one
// at the end.
func (p *Printer) Wait(what string, deadline time.Time) (done func(err error)) {
	begin := p.now()
	until := fmt.Sprintf("until %s, at most %s", deadline.UTC().Format("15:04:05 UTC"), deadline.Sub(begin).Round(time.Second))
	p.Line("waiting for %s (%s)", what, until)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	if p.live {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(p.tick)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					p.mu.Lock()
					fmt.Fprintf(p.w, "%s  ... %s: %s left", clear, what, deadline.Sub(p.now()).Round(time.Second))
					p.mu.Unlock()
				}
			}
		}()
	}
	var once sync.Once
	return func(err error) {
		once.Do(func() {
			close(stop)
			wg.Wait()
			if p.live {
				p.mu.Lock()
				fmt.Fprint(p.w, clear)
				p.mu.Unlock()
			}
			took := p.now().Sub(begin).Round(100 * time.Millisecond)
			if err != nil {
				p.Line("gave up waiting for %s after %s: %v", what, took, err)
				return
			}
			p.Line("%s: done in %s", what, took)
		})
	}
}

// Writer returns a writer that turns every line written to it into a
// banner of phase (for packages that log their own lines, such as the
// chaos engine announcing each fault).
func (p *Printer) Writer(phase string) io.Writer { return lineWriter{p: p, phase: phase} }

type lineWriter struct {
	p     *Printer
	phase string
}

func (l lineWriter) Write(b []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		l.p.Phase(l.phase, "%s", line)
	}
	return len(b), nil
}
