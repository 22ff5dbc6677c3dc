package history

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Recorder appends entries to a history file; it is safe for concurrent
// use by steps and event readers. Each entry is written as one line at
// once, so a killed run leaves a readable prefix. A run with several labs
// (saltlab run --parallel) keeps one history: each lab records through
// its own view (ForLab), which stamps its entries with the lab's name and
// its own current scenario, and reads back only them.
type Recorder struct {
	*file
	lab string
	mu  sync.Mutex // guards scene and where
	// scene is the scenario the view's later entries belong to.
	scene string
	// where is the lab's placement on a swarm (SetPlacement).
	where map[string]string
}

// file is the history file all views of a run share, and its index.
type file struct {
	mu   sync.Mutex
	path string
	f    *os.File
	next int64
	now  func() time.Time
	// shared: other processes append to the file too (Open), so each
	// Append numbers on from the file's last line (shared.go); end is the
	// file's size after the last line this process read or wrote.
	shared bool
	end    int64
}

// Create opens path for a new history (truncating it).
func Create(path string) (*Recorder, error) {
	f, err := owned.Create(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create history: %w", err)
	}
	return &Recorder{file: &file{path: path, f: f, now: time.Now}}, nil
}

// Open opens the history at path to append to it beside other processes
// (a drill's console, and its hint, restart and stop commands, each its
// own process): every entry is numbered on from the file's last line
// under the file's lock, so indexes stay dense and unique whoever
// appends. A missing file is created.
func Open(path string) (*Recorder, error) {
	if _, err := os.Stat(path); err == nil {
		if _, err := Read(path); err != nil {
			return nil, fmt.Errorf("open history: %w", err)
		}
	}
	f, err := owned.Append(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open history: %w", err)
	}
	return &Recorder{file: &file{path: path, f: f, now: time.Now, shared: true}}, nil
}

// ForLab is a view of the same history for lab: its entries carry the
// lab's name, its scenario is its own, and Read returns only its entries.
// Closing any view closes the file.
func (r *Recorder) ForLab(lab string) *Recorder {
	return &Recorder{file: r.file, lab: lab}
}

// Lab is the lab this view records for ("" for a run's only lab).
func (r *Recorder) Lab() string { return r.lab }

// Path is the history file, for readers (checkers judge the file, so a
// verdict given during a run is the one `saltlab check` gives later).
func (r *Recorder) Path() string { return r.path }

// Read loads the history recorded so far, this view's lab's entries only.
func (r *Recorder) Read() ([]Entry, error) {
	h, err := Read(r.path)
	if err != nil {
		return nil, err
	}
	return OfLab(h, r.lab), nil
}

// Next is the index the next entry will get: a step notes it before it
// acts, so its checks cover exactly the entries from then on.
func (r *Recorder) Next() int64 {
	r.file.mu.Lock()
	defer r.file.mu.Unlock()
	return r.next
}

// SetScenario names the scenario later entries belong to ("" between).
func (r *Recorder) SetScenario(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.scene = name
}

// Append stamps e with the next index, the view's lab, its current
// scenario and (if unset) the time, writes it, and returns it.
func (r *Recorder) Append(e Entry) (Entry, error) {
	r.mu.Lock()
	scene := r.scene
	r.mu.Unlock()
	if e.Host == "" {
		e.Host = r.hostOf(e)
	}
	r.file.mu.Lock()
	defer r.file.mu.Unlock()
	if r.shared {
		unlock, err := r.file.catchUp()
		if err != nil {
			return e, fmt.Errorf("record history entry: %w", err)
		}
		defer unlock()
	}
	e.Index = r.next
	r.next++
	if e.Time.IsZero() {
		e.Time = r.now()
	}
	if e.Scenario == "" {
		e.Scenario = scene
	}
	if e.Lab == "" {
		e.Lab = r.lab
	}
	b, err := json.Marshal(e)
	if err != nil {
		return e, fmt.Errorf("record history entry: %w", err)
	}
	n, err := r.f.Write(append(b, '\n'))
	r.end += int64(n)
	if err != nil {
		return e, fmt.Errorf("record history entry: %w", err)
	}
	return e, nil
}

// Close flushes and closes the file.
func (r *Recorder) Close() error {
	r.file.mu.Lock()
	defer r.file.mu.Unlock()
	if err := r.f.Close(); err != nil {
		return fmt.Errorf("close history: %w", err)
	}
	return nil
}

// OfLab is the entries of h that lab recorded; lab "" (a run with one
// lab) is all of h, so histories from before --parallel read as before.
func OfLab(h []Entry, lab string) []Entry {
	if lab == "" {
		return h
	}
	out := make([]Entry, 0, len(h))
	for _, e := range h {
		if e.Lab == lab {
			out = append(out, e)
		}
	}
	return out
}

// Read loads a history file. A torn last line (a killed run) is dropped;
// any other malformed line is an error naming it.
func Read(path string) ([]Entry, error) {
	f, err := userfile.Open(path, userfile.Record)
	if err != nil {
		return nil, fmt.Errorf("read history: %w", err)
	}
	defer f.Close()
	return Decode(f, path)
}

// Decode reads history lines from r; name is for messages.
func Decode(r io.Reader, path string) ([]Entry, error) {
	var (
		out  []Entry
		torn error
		line int
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line++
		if torn != nil {
			return nil, torn
		}
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			torn = fmt.Errorf("read history %s line %d: %w", path, line, err)
			continue
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read history %s: %w", path, err)
	}
	return out, nil
}

// Op is an invocation with its completion (nil while none was recorded:
// the run ended first, which checkers treat as indeterminate).
type Op struct {
	Invoke     Entry
	Completion *Entry
}

// Ops pairs invocations with their completions, in invocation order.
func Ops(h []Entry) []Op {
	var ops []Op
	at := map[int64]int{}
	for _, e := range h {
		switch {
		case e.Type == Invoke:
			at[e.Index] = len(ops)
			ops = append(ops, Op{Invoke: e})
		case e.IsCompletion():
			if i, ok := at[e.Pair]; ok {
				c := e
				ops[i].Completion = &c
			}
		}
	}
	return ops
}
