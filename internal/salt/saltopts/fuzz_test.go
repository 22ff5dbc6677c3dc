package saltopts

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzKeys: a drop-in file is the user's free text. Keys never panics, and
// what it returns for a mapping is that mapping's keys as Check sees them.
func FuzzKeys(f *testing.F) {
	for _, s := range []string{"", "a: 1\nb: [x]\n", "- a\n", "{a: 1}", "a: &x 1\nb: *x\n", "<<: {a: 1}\n", "a: [\n", "? [a]\n: b\n"} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "compose", "*", "config", "*", "*.conf"))
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	l := List{SaltVersion: "x", Master: []string{"timeout"}, Minion: []string{"master"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, err := Keys(data)
		if err != nil {
			return
		}
		var settings []Setting
		for _, k := range keys {
			settings = append(settings, Setting{Kind: Minion, Name: k, Where: "fuzz"})
		}
		err = l.Check(settings)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("Check failed with %T: %v", err, err)
		}
		if e != nil {
			for _, u := range e.Unknown {
				if l.Known(u.Kind, u.Name) {
					t.Fatalf("a known key reported unknown: %v", err)
				}
			}
		}
	})
}

// FuzzParse: the option list is read back from an image; a broken or
// hostile one is an error, never a panic, and a list Parse accepts only
// holds option names.
func FuzzParse(f *testing.F) {
	// A cut of the real list, not all of it: a 28 KB seed made every
	// execution parse it and check a name against a thousand options
	// (99 s of CI for 20000 executions); the shape is what matters here,
	// and the unit tests read the whole file.
	if b, err := os.ReadFile(filepath.Join("testdata", "real", "3008.4.json")); err == nil {
		if l, err := Parse(b); err == nil {
			l.Master, l.Minion, l.Read = l.Master[:min(len(l.Master), 8)], l.Minion[:min(len(l.Minion), 8)], l.Read[:min(len(l.Read), 4)]
			if cut, err := json.Marshal(l); err == nil {
				f.Add(cut)
			}
		}
	}
	f.Add([]byte(`{"salt_version":"1","master":["a"],"minion":["b"]}`))
	f.Add([]byte(`{"salt_version":"1","master":["a"],"minion":["b"],"read":[""]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data)
		if err != nil {
			return
		}
		for _, n := range append(append([]string{}, l.Master...), l.Minion...) {
			if !optionName.MatchString(n) {
				t.Fatalf("accepted %q", n)
			}
		}
		_ = l.Check([]Setting{{Kind: Master, Name: "x", Where: "f"}, {Kind: Minion, Name: string(data[:min(len(data), 40)]), Where: "f"}})
	})
}
