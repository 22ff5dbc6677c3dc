// Package etchosts reads a container's /etc/hosts, the file a name is
// pinned in (compose extra_hosts writes it): glibc's resolver answers a
// name listed there from the file and never asks Docker's embedded DNS
// (nsswitch's default "hosts: files dns"). The chaos engine reads it to
// refuse a DNS fault that cannot act, and the run records it so a
// diagnosis can tell a name Docker's DNS serves from a pinned one. It is
// how a Salt host finds a master by name, so it lives with the Salt
// knowledge, below the chaos, evidence and run rooms that read it.
package etchosts

import (
	"net"
	"strings"
)

// Line is one mapping of the file: an address and the names it gives.
type Line struct {
	Addr  string   `json:"addr"`
	Names []string `json:"names"`
}

// Parse reads the text of a hosts file (hosts(5)): an address then one
// or more names per line, "#" starting a comment anywhere. A line whose
// first field is no IP address, or that names nothing, is skipped, as
// glibc skips it.
func Parse(text string) []Line {
	var out []Line
	for _, raw := range strings.Split(text, "\n") {
		if i := strings.IndexByte(raw, '#'); i >= 0 {
			raw = raw[:i]
		}
		f := strings.Fields(raw)
		if len(f) < 2 || net.ParseIP(f[0]) == nil {
			continue
		}
		out = append(out, Line{Addr: f[0], Names: f[1:]})
	}
	return out
}

// Pinned returns the addresses lines give name, in file order; none means
// the name is not pinned and goes to DNS. Names compare without case, as
// the resolver compares them.
func Pinned(lines []Line, name string) []string {
	var addrs []string
	for _, l := range lines {
		for _, n := range l.Names {
			if strings.EqualFold(n, name) {
				addrs = append(addrs, l.Addr)
				break
			}
		}
	}
	return addrs
}
