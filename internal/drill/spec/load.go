package spec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// MaxFileBytes bounds every file of a drill folder saltlab reads: a drill
// file, a brief, a script. Larger is not a drill.
const MaxFileBytes = 256 << 10

// nameRe is a drill folder's name: it is also a run id's part.
var nameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,40}$`)

// Error is a problem in a drill file, at a line when one is known.
type Error struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (e *Error) Error() string {
	at := e.File
	if e.Line > 0 {
		at = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", at, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s", at, e.Msg)
}

// UnmarshalYAML reads "90s", "15m" or "1h30m".
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return fmt.Errorf("line %d: %q is not a duration such as 90s or 15m", n.Line, s)
	}
	*d = Duration(v)
	return nil
}

// MarshalYAML writes the duration back as Go prints it.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// ReadFile reads a regular file of at most MaxFileBytes: a drill's files
// come from a folder a user names, so a device or fifo is refused before it
// is opened.
func ReadFile(path string) ([]byte, error) {
	b, err := userfile.ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("read drill file: %w", err)
	}
	return b, nil
}

// Load reads and checks drills/<name>/drill.yaml under root (a catalogue
// folder). Every error is a usage error naming the file and line.
func Load(root, name string) (*Drill, error) {
	if !nameRe.MatchString(name) {
		return nil, usage.Errorf("drill %q: not a drill name (lowercase letters, digits and dashes); `saltlab drill list` names them", name)
	}
	dir := filepath.Join(root, name)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, usage.Errorf("drill %q: no folder %s; `saltlab drill list` names the drills", name, dir)
	}
	file := filepath.Join(dir, FileName)
	b, err := ReadFile(file)
	if err != nil {
		return nil, usage.Wrap(err)
	}
	d, err := Parse(file, b)
	if err != nil {
		return nil, usage.Wrap(err)
	}
	d.Name, d.Dir = name, dir
	if err := d.checkFiles(file); err != nil {
		return nil, usage.Wrap(err)
	}
	return d, nil
}

// Parse reads a drill file's text strictly and checks it; file names it
// in errors. The files it refers to are not read (Load does).
func Parse(file string, b []byte) (*Drill, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil {
		return nil, yamlError(file, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var d Drill
	if err := dec.Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{File: file, Msg: "empty: a drill file starts with schema: " + SchemaV1}
		}
		return nil, yamlError(file, err)
	}
	v := validator{file: file, root: &root}
	d.validate(&v)
	if len(v.errs) > 0 {
		return nil, errors.Join(v.errs...)
	}
	return &d, nil
}

// yamlLineRe finds yaml.v3's "line N: msg" parts.
var yamlLineRe = regexp.MustCompile(`line (\d+): (.*)`)

// yamlError turns yaml.v3's message into file:line: field: message lines.
func yamlError(file string, err error) error {
	var errs []error
	for _, ln := range strings.Split(err.Error(), "\n") {
		m := yamlLineRe.FindStringSubmatch(ln)
		if m == nil {
			continue
		}
		var line int
		fmt.Sscan(m[1], &line)
		msg := m[2]
		if f := unknownFieldRe.FindStringSubmatch(msg); f != nil {
			msg = fmt.Sprintf("unknown key %q (see docs/drill.schema.json for the keys a drill file may have)", f[1])
		}
		errs = append(errs, &Error{File: file, Line: line, Msg: msg})
	}
	if len(errs) == 0 {
		return &Error{File: file, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	return errors.Join(errs...)
}

var unknownFieldRe = regexp.MustCompile(`field (\S+) not found in type`)

// checkFiles makes sure every file the drill names is a regular file in
// its folder (no path leaves it).
func (d *Drill) checkFiles(file string) error {
	var names []string
	names = append(names, d.Brief, d.Debrief)
	for _, s := range d.Steps() {
		if s.Script != "" {
			names = append(names, s.Script)
		}
	}
	var errs []error
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			continue
		}
		seen[n] = true
		if _, err := ReadFile(filepath.Join(d.Dir, n)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				err = fmt.Errorf("names %s, which is not in %s: add it or correct the name", n, d.Dir)
			}
			errs = append(errs, &Error{File: file, Msg: err.Error()})
		}
	}
	return errors.Join(errs...)
}

// Steps are every step of the drill: incident scripts, solution, wrong fix.
func (d *Drill) Steps() []Step {
	var out []Step
	for _, a := range d.Incident {
		if a.Script != nil {
			out = append(out, *a.Script)
		}
	}
	out = append(out, d.Solution...)
	return append(out, d.WrongFix...)
}

// List names the drills under root: every folder holding a drill file.
func List(root string) ([]string, error) {
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("list drills in %s: %w", root, err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() && nameRe.MatchString(e.Name()) {
			if fi, err := os.Lstat(filepath.Join(root, e.Name(), FileName)); err == nil && fi.Mode().IsRegular() {
				out = append(out, e.Name())
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// ServiceNames are the services the drill names: fault targets and their
// other side, script steps, probes.
func (d *Drill) ServiceNames() []string {
	seen := map[string]bool{}
	var out []string
	add := func(names ...string) {
		for _, n := range names {
			if n != "" && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	for _, a := range d.Incident {
		if a.Fault != nil {
			add(a.Fault.Target)
			add(a.Fault.From...)
		}
	}
	for _, s := range d.Steps() {
		add(s.Target())
	}
	for _, t := range d.Tasks {
		p := t.Probe
		switch {
		case p.Ping != nil:
			add(p.Ping.Master)
			add(p.Ping.Minions...)
		case p.Call != nil:
			add(p.Call.Minion)
		case p.Key != nil:
			add(p.Key.Master)
		case p.Process != nil:
			add(p.Process.Service)
		case p.Command != nil:
			add(p.Command.Service)
		}
	}
	sort.Strings(out)
	return out
}
