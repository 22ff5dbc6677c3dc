package saltdist

import (
	"bufio"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// LockPath is where a Salt source archive keeps the lock of its package
// dependencies for Linux and one CPython, as uv or pip-compile wrote it.
func LockPath(python string) string {
	return "requirements/static/pkg/py" + python + "/linux.lock"
}

// Pins are a lock's exact versions by normalised project name.
type Pins map[string]string

var pinRe = regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*==\s*([^\s;#]+)`)

// ParseLock reads the name==version lines of a lock file; comments,
// hashes, markers and anything else are passed over.
func ParseLock(text string) Pins {
	pins := Pins{}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		if m := pinRe.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			pins[NormalizeName(m[1])] = m[3]
		}
	}
	return pins
}

// NormalizeName is PEP 503's normalised project name.
func NormalizeName(name string) string {
	return strings.ToLower(regexp.MustCompile(`[-_.]+`).ReplaceAllString(name, "-"))
}

// ReqName is the project name a requirement starts with
// ("certifi>=2026.10.23" -> "certifi").
func ReqName(req string) string {
	end := strings.IndexAny(req, "<>=!~;[ (")
	if end < 0 {
		end = len(req)
	}
	return NormalizeName(req[:end])
}

// constraintsText renders pins without the dropped names, sorted, as a pip
// constraints file.
func (p Pins) constraintsText(dropped map[string]Deviation) string {
	var lines []string
	for name, v := range p {
		if _, gone := dropped[name]; !gone {
			lines = append(lines, fmt.Sprintf("%s==%s", name, v))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

// Deviation is one of Salt's lock pins the wheelhouse could not keep.
type Deviation struct {
	Project string `json:"project"`
	Locked  string `json:"locked"`
	Why     string `json:"why"`
}
