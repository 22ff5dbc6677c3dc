// Package aptsource reads the host's apt sources so that saltlab can
// debootstrap from the same Debian mirror the host already uses. Reading it
// at runtime (instead of naming a mirror in code) keeps the lab working
// behind whatever mirror, proxy or snapshot the host is configured for.
package aptsource

import (
	"bufio"
	"strings"
)

// Entry is one apt source after parsing: a set of URIs that serve the listed
// suites. Both file formats are reduced to this shape.
type Entry struct {
	Types      []string // "deb", "deb-src"
	URIs       []string
	Suites     []string
	Components []string
	Enabled    bool
}

// ParseDeb822 parses the deb822 format of *.sources files: stanzas
// separated by blank lines, "Key: value" fields, continuation lines that
// start with white space and "#" comment lines.
func ParseDeb822(text string) []Entry {
	var (
		entries []Entry
		fields  = map[string]string{}
		last    string
	)
	flush := func() {
		if len(fields) > 0 {
			entries = append(entries, entryFromFields(fields))
		}
		fields = map[string]string{}
		last = ""
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case strings.HasPrefix(line, "#"):
			// Comments may sit inside a stanza without ending it.
		case line[0] == ' ' || line[0] == '\t':
			if last != "" {
				fields[last] += " " + strings.TrimSpace(line)
			}
		default:
			key, value, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			last = strings.ToLower(strings.TrimSpace(key))
			fields[last] = strings.TrimSpace(value)
		}
	}
	flush()
	return entries
}

func entryFromFields(f map[string]string) Entry {
	enabled := true
	if v, ok := f["enabled"]; ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "no", "false", "0":
			enabled = false
		}
	}
	return Entry{
		Types:      strings.Fields(f["types"]),
		URIs:       strings.Fields(f["uris"]),
		Suites:     strings.Fields(f["suites"]),
		Components: strings.Fields(f["components"]),
		Enabled:    enabled,
	}
}

// ParseOneLine parses the classic sources.list format:
//
//	deb [ option=value ... ] uri suite [component ...]
//
// Lines that do not fit are skipped, as apt would refuse them anyway and the
// caller only needs a usable mirror.
func ParseOneLine(text string) []Entry {
	var entries []Entry
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) < 3 {
			continue
		}
		typ, rest := fields[0], fields[1:]
		if strings.HasPrefix(rest[0], "[") {
			rest = skipOptions(rest)
		}
		if len(rest) < 2 {
			continue
		}
		entries = append(entries, Entry{
			Types:      []string{typ},
			URIs:       []string{rest[0]},
			Suites:     []string{rest[1]},
			Components: rest[2:],
			Enabled:    true,
		})
	}
	return entries
}

// skipOptions drops the bracketed option block, which may be written as
// "[arch=amd64]" or "[ arch=amd64 signed-by=/k ]".
func skipOptions(fields []string) []string {
	for i, f := range fields {
		if strings.HasSuffix(f, "]") {
			return fields[i+1:]
		}
	}
	return nil
}

// Find returns the first URI of the first enabled "deb" entry whose suites
// include suite, preferring one with Debian's "main" component: a vendor
// repository that names the suite too (Docker's: "bookworm stable") cannot
// serve debootstrap, and may come first in file order.
func Find(entries []Entry, suite string) (string, bool) {
	first := ""
	for _, e := range entries {
		if !e.Enabled || !contains(e.Types, "deb") || !contains(e.Suites, suite) || len(e.URIs) == 0 {
			continue
		}
		if contains(e.Components, "main") {
			return e.URIs[0], true
		}
		if first == "" {
			first = e.URIs[0]
		}
	}
	return first, first != ""
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
