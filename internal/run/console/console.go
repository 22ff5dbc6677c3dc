package console

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/owned"
)

// LogName is the file in the run folder that keeps the whole console:
// every line unwrapped and uncut, plumbing included, as -v would print it.
const LogName = "console.log"

// Options are how a console prints.
type Options struct {
	// Verbose prints the plumbing too (saltlab run -v).
	Verbose bool
	// Width is how many columns a printed line may take (Width); 0 does
	// not wrap.
	Width int
	// Now is the clock scenario banners count from; nil is time.Now.
	Now func() time.Time
}

// Console prints one run's story to a terminal (or a pipe, or a CI log)
// and keeps all of it in the run folder's console.log. It is safe for
// concurrent use: the labs of a run, and each lab's pollers, print at once.
type Console struct {
	term    io.Writer
	opts    Options
	started time.Time

	mu      sync.Mutex
	log     io.Writer    // console.log once Attach opened it
	file    *os.File     // and its file, for Close
	early   bytes.Buffer // what was printed before Attach, for console.log
	labs    map[string]*Lab
	running map[string]time.Time // when each lab's scenario in progress began
}

// New returns a console printing to term.
func New(term io.Writer, opts Options) *Console {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Console{term: term, opts: opts, started: opts.Now(), labs: map[string]*Lab{}, running: map[string]time.Time{}}
}

// Of is w when it is a console, else a console printing everything to w
// unwrapped, plumbing included, as a plain writer (a test's buffer) was
// written before there was a console.
func Of(w io.Writer) *Console {
	if c, ok := w.(*Console); ok {
		return c
	}
	if w == nil {
		w = io.Discard
	}
	return New(w, Options{Verbose: true})
}

// LabOf is the lab console w is: w itself, a console's only lab, or a
// lab of Of(w).
func LabOf(w io.Writer) *Lab {
	if l, ok := w.(*Lab); ok {
		return l
	}
	return Of(w).Lab("")
}

// PlumbingOf is where a line of plumbing written for w goes: a console's
// Plumbing (shown with -v only), or w itself when it is no console.
func PlumbingOf(w io.Writer) io.Writer {
	if p, ok := w.(interface{ Plumbing() io.Writer }); ok {
		return p.Plumbing()
	}
	return w
}

// Lab is the console of one lab of the run: name "" for a run's only lab,
// whose lines carry no lab name.
func (c *Console) Lab(name string) *Lab {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.labs[name]
	if l == nil {
		l = &Lab{c: c, name: name}
		c.labs[name] = l
	}
	return l
}

// Write prints the run's own story lines (Line events).
func (c *Console) Write(b []byte) (int, error) { return c.Lab("").Write(b) }

// Plumbing is the writer for the run's plumbing lines (-v only).
func (c *Console) Plumbing() io.Writer { return c.Lab("").Plumbing() }

// Attach starts console.log in the run folder dir, with everything printed
// so far; from then on every line goes to it as well. A second Attach, to
// the same run folder, does nothing.
func (c *Console) Attach(dir string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.file != nil {
		return nil
	}
	f, err := owned.Create(filepath.Join(dir, LogName), 0o644)
	if err != nil {
		return fmt.Errorf("start the console log: %w", err)
	}
	if _, err := f.Write(c.early.Bytes()); err != nil {
		f.Close()
		return fmt.Errorf("start the console log %s: %w", f.Name(), err)
	}
	c.file, c.log = f, f
	c.early = bytes.Buffer{}
	return nil
}

// Close ends console.log, printing what the lab writers still held.
func (c *Console) Close() error {
	c.mu.Lock()
	labs := make([]*Lab, 0, len(c.labs))
	for _, l := range c.labs {
		labs = append(labs, l)
	}
	c.mu.Unlock()
	for _, l := range labs {
		l.flush()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.file == nil {
		return nil
	}
	err := c.file.Close()
	c.file, c.log = nil, nil
	return err
}

// emit prints ev: on the terminal when it is part of the story (or
// with -v), fitted to the width; in console.log always, whole.
func (c *Console) emit(ev Event) {
	c.mu.Lock()
	defer c.mu.Unlock()
	most := maxLines
	if ev.Kind == End && ev.Status != "passed" {
		most = maxFailureLines
	}
	c.print(ev.Lab, c.render(ev), ev.Kind.story(), most)
}

// print writes lines of lab, on the terminal too when shown (or -v), cut
// past most lines there. Called with c.mu held.
func (c *Console) print(lab string, lines []line, shown bool, most int) {
	if len(lines) == 0 {
		return
	}
	prefix := ""
	if lab != "" {
		prefix = "[" + lab + "] "
	}
	whole := fit(lines, prefix, 0, 0)
	if c.log != nil {
		_, _ = io.WriteString(c.log, whole)
	} else {
		c.early.WriteString(whole)
	}
	if shown || c.opts.Verbose {
		_, _ = io.WriteString(c.term, fit(lines, prefix, c.opts.Width, most))
	}
}

// elapsed is the time since the run began, as the banners show it.
func (c *Console) elapsed() string {
	return fmt.Sprintf("%6.1fs", c.opts.Now().Sub(c.started).Seconds())
}

// Lab is one lab's console. As an io.Writer it takes the lab's story
// lines; Plumbing takes its plumbing, Events the formatter's events, and
// Wait, Fault, Verdict, Warn and Detail a scenario's notes.
type Lab struct {
	c        *Console
	name     string
	story    lineBuffer
	plumbing lineBuffer
	events   lineBuffer
}

// Name is the lab's name ("" for a run's only lab).
func (l *Lab) Name() string { return l.name }

func (l *Lab) Write(b []byte) (int, error) {
	l.story.add(b, func(s string) { l.note(Line, s) })
	return len(b), nil
}

// Plumbing is the writer for the lab's plumbing lines (-v only).
func (l *Lab) Plumbing() io.Writer {
	return writerFunc(func(b []byte) (int, error) {
		l.plumbing.add(b, func(s string) { l.note(Plumbing, s) })
		return len(b), nil
	})
}

// Events is the writer godog hands this package's formatter (Format):
// one JSON event a line.
func (l *Lab) Events() io.Writer {
	return writerFunc(func(b []byte) (int, error) {
		l.events.add(b, func(s string) {
			ev := decode(s)
			ev.Lab = l.name
			l.c.emit(ev)
		})
		return len(b), nil
	})
}

// Wait, Fault, Verdict, Warn and Detail are a scenario's notes (scenario.Notes).
func (l *Lab) Wait(text string)    { l.note(Wait, text) }
func (l *Lab) Fault(text string)   { l.note(Fault, text) }
func (l *Lab) Verdict(text string) { l.note(Verdict, text) }
func (l *Lab) Warn(text string)    { l.note(Warning, text) }
func (l *Lab) Detail(text string)  { l.note(Detail, text) }

// Heal is a fault undone, as the fault ledger tells it.
func (l *Lab) Heal(text string) { l.note(Heal, text) }

func (l *Lab) note(k Kind, text string) { l.c.emit(Event{Kind: k, Lab: l.name, Text: text}) }

// flush prints what the lab's writers hold of an unfinished line.
func (l *Lab) flush() {
	l.story.flush(func(s string) { l.note(Line, s) })
	l.plumbing.flush(func(s string) { l.note(Plumbing, s) })
}

// lineBuffer gathers writes into whole lines (godog writes its formatter's
// output a rune at a time).
type lineBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *lineBuffer) add(p []byte, line func(string)) {
	b.mu.Lock()
	b.buf = append(b.buf, p...)
	var lines []string
	for {
		i := bytes.IndexByte(b.buf, '\n')
		if i < 0 {
			break
		}
		lines = append(lines, string(b.buf[:i]))
		b.buf = b.buf[i+1:]
	}
	b.mu.Unlock()
	for _, s := range lines {
		line(s)
	}
}

func (b *lineBuffer) flush(line func(string)) {
	b.mu.Lock()
	rest := string(b.buf)
	b.buf = nil
	b.mu.Unlock()
	if rest != "" {
		line(rest)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
