package etchosts

import (
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// dockerHosts is /etc/hosts as Docker writes it for a service with two
// extra_hosts entries.
const dockerHosts = `127.0.0.1	localhost
::1	localhost ip6-localhost ip6-loopback
fe00::0	ip6-localnet
ff02::1	ip6-allnodes
172.29.0.11	salt-master-1
172.29.0.12	salt-master-2
172.29.0.130	4f1c2a9b7d3e
`

func TestPinned(t *testing.T) {
	tests := []struct {
		name, text, look string
		want             []string
	}{
		{"an extra_hosts entry", dockerHosts, "salt-master-2", []string{"172.29.0.12"}},
		{"case does not matter", dockerHosts, "SALT-Master-1", []string{"172.29.0.11"}},
		{"a name only DNS serves", dockerHosts, "salt-master-3", nil},
		{"an alias after the first name", "10.0.0.5 primary saltmaster backup\n", "backup", []string{"10.0.0.5"}},
		{"a commented-out pin", "# 10.0.0.5 primary\n", "primary", nil},
		{"a comment after the names", "10.0.0.5 primary # was backup\n", "backup", nil},
		{"not an address first", "primary 10.0.0.5\n", "10.0.0.5", nil},
		{"an address alone", "10.0.0.5\n", "10.0.0.5", nil},
		{"a name pinned twice", "10.0.0.5 m\n10.0.0.6 m\n", "m", []string{"10.0.0.5", "10.0.0.6"}},
		{"an IPv6 pin", "fd00::11 m6\n", "m6", []string{"fd00::11"}},
		{"a substring is not the name", dockerHosts, "salt-master", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Pinned(Parse(tt.text), tt.look))
		})
	}
}

// FuzzParse: any text parses; every line kept starts with an address, names
// something, and holds no comment or blank.
func FuzzParse(f *testing.F) {
	for _, s := range []string{dockerHosts, "# only a comment", "10.0.0.5 a b # c", "\x00\n\t 1.2.3.4\tx", "::1 l#x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range Parse(text) {
			if net.ParseIP(l.Addr) == nil || len(l.Names) == 0 {
				t.Fatalf("kept %+v from %q", l, text)
			}
			for _, n := range l.Names {
				if n == "" || strings.ContainsAny(n, "# \t\n") {
					t.Fatalf("name %q from %q", n, text)
				}
				if got := Pinned([]Line{l}, n); len(got) != 1 || got[0] != l.Addr {
					t.Fatalf("Pinned(%q) = %v from %+v", n, got, l)
				}
			}
		}
	})
}
